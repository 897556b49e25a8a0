import { afterAll, describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import { startFakeProvider } from "./kit/fake-provider.js";
import { MANY_STEPS_MS } from "./kit/limits.js";

// One customer's receiver that never answers must not hold up another customer's webhooks: no
// endpoint gets more than WEBHOOK_CONCURRENCY_PER_ENDPOINT requests in flight, whatever its
// backlog, so the dispatcher's other slots stay free for the rest.
describe("webhook fairness between endpoints", () => {
  const server = useServer({
    WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true",
    WEBHOOK_CONCURRENCY: "4",
    WEBHOOK_CONCURRENCY_PER_ENDPOINT: "2",
    // Longer than the test: a hung request stays in flight throughout.
    WEBHOOK_TIMEOUT_MS: "60000",
    WORKER_SHUTDOWN_MS: "500",
  });
  const stuck = startFakeProvider(() => ({ status: 200, hang: true }));
  const healthy = startFakeProvider(() => ({ status: 200 }));
  afterAll(async () => Promise.all([(await stuck).close(), (await healthy).close()]));

  async function tenantWithEndpoint(url: string) {
    const t = await server().seed.tenant({ monthlyLimit: 100 }).account().create();
    const api = server().client(t.key);
    const created = await api.request("POST", "/graphql", {
      query: `mutation($url: String!) { createWebhookEndpoint(input: { url: $url }) { endpoint { id } } }`,
      variables: { url },
    });
    expect(created.body.errors).toBeUndefined();
    return { api, endpointId: created.body.data.createWebhookEndpoint.endpoint.id as string };
  }

  it("keeps a hung receiver to its share of requests while another receiver gets all of its events", { timeout: MANY_STEPS_MS }, async () => {
    const slow = await tenantWithEndpoint(`${(await stuck).url}/hook`);
    const fast = await tenantWithEndpoint(`${(await healthy).url}/hook`);

    // A backlog for the hung receiver: more due deliveries than the dispatcher has slots.
    for (let i = 0; i < 6; i++) expect((await slow.api.post("/send", { to: `050123400${i}`, message: "to a dead hook" })).status).toBe(200);
    await expect.poll(async () => (await stuck).requests.length, { timeout: 20_000 }).toBe(2);

    for (let i = 0; i < 3; i++) expect((await fast.api.post("/send", { to: `055123400${i}`, message: "to a live hook" })).status).toBe(200);
    const delivered = async () =>
      Number(
        (
          await server().app.database.prisma.$queryRawUnsafe<[{ n: bigint }]>(
            `SELECT count(*) AS n FROM webhook_delivery WHERE endpoint_id = ${fast.endpointId} AND status = 'delivered'`,
          )
        )[0].n,
      );
    const total = async () =>
      Number((await server().app.database.prisma.$queryRawUnsafe<[{ n: bigint }]>(`SELECT count(*) AS n FROM webhook_delivery WHERE endpoint_id = ${fast.endpointId}`))[0].n);
    await expect.poll(async () => (await delivered()) > 0 && (await delivered()) === (await total()), { timeout: 20_000 }).toBe(true);
    expect((await healthy).requests.length).toBe(await total());

    // All that time the hung receiver held exactly its two, never the dispatcher's four.
    expect((await stuck).requests.length).toBe(2);
  });
});
