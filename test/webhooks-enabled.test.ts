import { afterAll, describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import { startFakeProvider } from "./kit/fake-provider.js";
import { MANY_STEPS_MS } from "./kit/limits.js";

// Turning an endpoint off stops new events for it; on again, they flow. The tenant does it over
// GraphQL, an operator through the admin endpoint; another tenant's endpoint is NOT_FOUND.
describe("webhook endpoint on and off", () => {
  const server = useServer({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true" });
  const receiver = startFakeProvider(() => ({ status: 200 }));
  afterAll(async () => (await receiver).close());

  const setEnabled = `mutation($id: ID!, $on: Boolean!) { setWebhookEndpointEnabled(id: $id, enabled: $on) { endpoint { id enabled } } }`;
  const queued = async (endpointId: string) =>
    Number((await server().app.database.prisma.$queryRawUnsafe<[{ n: bigint }]>(`SELECT count(*) AS n FROM webhook_delivery WHERE endpoint_id = ${Number(endpointId)}`))[0].n);

  it("queues nothing for a disabled endpoint, and everything again once enabled", { timeout: MANY_STEPS_MS }, async () => {
    const t = await server().seed.tenant({ monthlyLimit: 100 }).account().create();
    const api = server().client(t.key);
    const created = await api.request("POST", "/graphql", {
      query: `mutation($url: String!) { createWebhookEndpoint(input: { url: $url }) { endpoint { id enabled } } }`,
      variables: { url: `${(await receiver).url}/hook` },
    });
    const endpoint = created.body.data.createWebhookEndpoint.endpoint as { id: string; enabled: boolean };
    expect(endpoint.enabled).toBe(true);

    const off = await api.request("POST", "/graphql", { query: setEnabled, variables: { id: endpoint.id, on: false } });
    expect(off.body.data.setWebhookEndpointEnabled.endpoint).toEqual({ id: endpoint.id, enabled: false });
    const whileOff = await api.post("/send", { to: "0501234567", message: "while off" });
    expect(whileOff.body.status).toBe("sent");
    // The outbox rows are written in the same transaction as each status change: none means none.
    expect(await queued(endpoint.id)).toBe(0);

    // An operator turns it back on.
    const on = await fetch(`${server().url}/admin/commands`, {
      method: "POST",
      headers: { authorization: `Bearer ${server().app.adminToken}`, "content-type": "application/json" },
      body: JSON.stringify({ command: "webhook:enable", args: { id: endpoint.id } }),
    });
    expect(((await on.json()) as { result: { enabled: boolean } }).result.enabled).toBe(true);
    const whileOn = await api.post("/send", { to: "0501234568", message: "while on" });
    await expect
      .poll(async () => (await receiver).requests.filter((r) => (r.body as { data?: { message_id?: number } }).data?.message_id === whileOn.body.message_id).length, {
        timeout: 20_000,
      })
      .toBe(2);
    expect((await receiver).requests.some((r) => (r.body as { data?: { message_id?: number } }).data?.message_id === whileOff.body.message_id)).toBe(false);

    const other = await server().seed.tenant().account().create();
    const foreign = await server()
      .client(other.key)
      .request("POST", "/graphql", { query: setEnabled, variables: { id: endpoint.id, on: false } });
    expect(foreign.body.errors[0].extensions.code).toBe("NOT_FOUND");
  });
});
