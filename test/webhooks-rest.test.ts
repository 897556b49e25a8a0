import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import { startFakeProvider } from "./kit/fake-provider.js";
import { openApiChecker } from "./kit/openapi.js";
import { MANY_STEPS_MS } from "./kit/limits.js";

// Webhook endpoints and their delivery log over the REST facade: the whole life of an endpoint,
// each answer checked against the OpenAPI document as well.
describe("webhooks on the REST facade", () => {
  const server = useServer({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true" });
  const receiver = startFakeProvider(() => ({ status: 200 }));
  afterAll(async () => (await receiver).close());
  let check: Awaited<ReturnType<typeof openApiChecker>>;
  beforeAll(async () => {
    check = await openApiChecker(server().url);
  });

  interface Delivery {
    id: number;
    webhook_id: number;
    event_id: string;
    event_type: string;
    message_id: number;
    status: string;
    payload: { type: string; data: { message_id: number; status: string } };
  }

  it("registers, lists, logs, pages, replays, turns off and on, and deletes an endpoint", { timeout: MANY_STEPS_MS }, async () => {
    const t = await server().seed.tenant({ monthlyLimit: 100 }).account().create();
    const api = server().client(t.key);
    const { conforms } = check;

    // Refused whole, and nothing registered.
    const badEvents = conforms("POST", "/webhooks", await api.post("/webhooks", { url: `${(await receiver).url}/hook`, events: ["message.status", "message.sent"] }));
    expect(badEvents.status).toBe(422);
    expect(badEvents.body.error.fields).toEqual({ "events[1]": expect.stringContaining("message.sent") });
    const noUrl = conforms("POST", "/webhooks", await api.post("/webhooks", {}));
    expect(noUrl.body.error).toMatchObject({ code: "VALIDATION_ERROR", fields: { url: "is required" } });
    expect((await api.get("/webhooks")).body).toEqual({ webhooks: [] });

    const created = conforms("POST", "/webhooks", await api.post("/webhooks", { url: `${(await receiver).url}/hook`, events: ["message.status"] }));
    expect(created.status).toBe(200);
    expect(created.body.secret).toMatch(/^whsec_/);
    const hook = created.body.webhook as { id: number; url: string; events: string[]; enabled: boolean };
    expect(hook).toMatchObject({ url: `${(await receiver).url}/hook`, events: ["message.status"], enabled: true });
    const listed = conforms("GET", "/webhooks", await api.get("/webhooks"));
    expect(listed.body.webhooks).toEqual([created.body.webhook]);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.secret);

    // Every status change of each message is logged; newest first, filtered, paged.
    const sent = await Promise.all(["0501234561", "0501234562", "0501234563"].map((to) => api.post("/send", { to, message: "hi" })));
    const ids = sent.map((s) => s.body.message_id as number);
    const delivered = async () => (await api.get(`/webhook-deliveries?webhook_id=${hook.id}&status=delivered&limit=100`)).body.deliveries as Delivery[];
    await expect.poll(async () => (await delivered()).filter((d) => d.payload.data.status === "sent").length, { timeout: 20_000 }).toBe(3);
    const all = await delivered();
    expect(all.map((d) => d.id)).toEqual([...all.map((d) => d.id)].sort((a, b) => b - a));
    for (const d of all) {
      expect(d).toMatchObject({ webhook_id: hook.id, event_type: "message.status", status: "delivered", payload: { type: "message.status" } });
      expect(ids).toContain(d.message_id);
      expect(d.payload.data.message_id).toBe(d.message_id);
    }
    const first = conforms("GET", "/webhook-deliveries", await api.get(`/webhook-deliveries?limit=2`));
    expect(first.body.deliveries.map((d: Delivery) => d.id)).toEqual(all.slice(0, 2).map((d) => d.id));
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await api.get(`/webhook-deliveries?limit=2&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(second.body.deliveries.map((d: Delivery) => d.id)).toEqual(all.slice(2, 4).map((d) => d.id));
    const ofOne = await api.get(`/webhook-deliveries?message_id=${ids[0]}`);
    expect(new Set(ofOne.body.deliveries.map((d: Delivery) => d.message_id))).toEqual(new Set([ids[0]]));

    // Bad parameters are named in REST's words.
    for (const [query, field] of [
      ["limit=-1", "limit"],
      ["limit=ten", "limit"],
      ["status=delivered,lost", "status[1]"],
    ] as const) {
      const refused = conforms("GET", "/webhook-deliveries", await api.get(`/webhook-deliveries?${query}`));
      expect(refused.status, query).toBe(422);
      expect(Object.keys(refused.body.error.fields), query).toEqual([field]);
    }

    // A replay is a new delivery of the same event.
    const original = all[0]!;
    const replay = conforms("POST", "/webhook-deliveries/{id}/replay", await api.post(`/webhook-deliveries/${original.id}/replay`, undefined));
    expect(replay.status).toBe(200);
    expect(replay.body.delivery).toMatchObject({ event_id: original.event_id, webhook_id: hook.id, message_id: original.message_id });
    expect(replay.body.delivery.id).toBeGreaterThan(original.id);
    await expect.poll(async () => (await receiver).requests.filter((r) => r.headers["x-event-id"] === original.event_id).length, { timeout: 20_000 }).toBe(2);

    // Off: nothing is queued for a message sent meanwhile; on again: it is.
    const off = conforms("POST", "/webhooks/{id}/disable", await api.post(`/webhooks/${hook.id}/disable`, undefined));
    expect(off.body.webhook.enabled).toBe(false);
    const whileOff = await api.post("/send", { to: "0501234564", message: "while off" });
    expect(whileOff.body.status).toBe("sent");
    expect((await api.get(`/webhook-deliveries?message_id=${whileOff.body.message_id}`)).body.deliveries).toEqual([]);
    const on = conforms("POST", "/webhooks/{id}/enable", await api.post(`/webhooks/${hook.id}/enable`, undefined));
    expect(on.body.webhook.enabled).toBe(true);

    // Another tenant can neither see nor touch it.
    const other = server().client((await server().seed.tenant().account().create()).key);
    expect(conforms("DELETE", "/webhooks/{id}", await other.request("DELETE", `/api/v1/webhooks/${hook.id}`)).status).toBe(404);
    expect(conforms("POST", "/webhooks/{id}/disable", await other.post(`/webhooks/${hook.id}/disable`, undefined)).status).toBe(404);
    expect((await other.get(`/webhook-deliveries?webhook_id=${hook.id}`)).body.deliveries).toEqual([]);
    expect(conforms("POST", "/webhook-deliveries/{id}/replay", await other.post(`/webhook-deliveries/${original.id}/replay`, undefined)).status).toBe(404);

    const deleted = conforms("DELETE", "/webhooks/{id}", await api.request("DELETE", `/api/v1/webhooks/${hook.id}`));
    expect(deleted.body).toEqual({ success: true, webhook: { ...on.body.webhook } });
    expect((await api.get("/webhooks")).body.webhooks).toEqual([]);
    expect((await api.request("DELETE", `/api/v1/webhooks/${hook.id}`)).status).toBe(404);
    const wrongMethod = await api.get(`/webhooks/${hook.id}`);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("DELETE");
  });
});
