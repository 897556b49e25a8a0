import { describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";

// A message's deliveries to one endpoint form a chain: only its head may be claimed, so events
// reach a receiver in order. The message outbox trigger decides the heads of what it queues for
// the whole statement (migration webhook_heads_by_statement); a delivery queued any other way (a
// replay) is decided row by row. Read straight from the outbox, with no dispatcher running.
describe("webhook chain heads", () => {
  const server = useServer({ WORKER_ENABLED: "false" });
  const db = () => server().app.database.prisma;

  async function tenantWithEndpoints(n: number) {
    const t = await server().seed.tenant({ monthlyLimit: 10_000 }).account().create();
    for (let i = 0; i < n; i++) await db().$executeRaw`INSERT INTO webhook_endpoint (tenant_id, url, secret) VALUES (${t.id}, ${`https://example.com/hook/${i}`}, 'secret')`;
    return t;
  }

  /** Per endpoint, each delivery of the message in id order as `event_type:head`. */
  async function chains(messageId: bigint): Promise<string[][]> {
    const rows = await db().$queryRaw<Array<{ endpoint_id: number; event_type: string; head: boolean }>>`
      SELECT endpoint_id, event_type, head FROM webhook_delivery WHERE message_id = ${messageId} ORDER BY endpoint_id, id`;
    const byEndpoint = new Map<number, string[]>();
    for (const r of rows) byEndpoint.set(r.endpoint_id, [...(byEndpoint.get(r.endpoint_id) ?? []), `${r.event_type}:${r.head}`]);
    return [...byEndpoint.values()];
  }

  it("a bulk's new messages each head their chain, on every endpoint", async () => {
    const t = await tenantWithEndpoints(10);
    const bulk = await server()
      .client(t.key)
      .post("/send-bulk", { numbers: Array.from({ length: 50 }, (_, i) => `05${61_000_000 + i}`), message: "heads" });
    expect(bulk.status).toBe(200);
    const counts = await db().$queryRaw<Array<{ heads: bigint; all: bigint }>>`
      SELECT count(*) FILTER (WHERE w.head) AS heads, count(*) AS all
      FROM webhook_delivery w JOIN message m ON m.id = w.message_id WHERE m.batch_id = ${BigInt(bulk.body.batch_id)}`;
    expect(counts[0]).toEqual({ heads: 500n, all: 500n });
  });

  it("a change queues behind a live delivery, and one statement's events after their first", async () => {
    const t = await tenantWithEndpoints(2);
    const bulk = await server()
      .client(t.key)
      .post("/send-bulk", { numbers: ["0561234567"], message: "heads" });
    const [message] = await db().message.findMany({ where: { batchId: BigInt(bulk.body.batch_id) }, select: { id: true } });
    const id = message!.id;
    // Pending is still live: the next change's delivery waits behind it.
    await db().$executeRaw`UPDATE message SET status = 'sending' WHERE id = ${id}`;
    expect(await chains(id)).toEqual([
      ["message.status:true", "message.status:false"],
      ["message.status:true", "message.status:false"],
    ]);
    // Once the chain is done, one statement's two events: the first heads a new chain, the second follows it.
    await db().$executeRaw`UPDATE webhook_delivery SET status = 'delivered' WHERE message_id = ${id}`;
    await db().$executeRaw`UPDATE message SET status = 'sent', sent_at = now(), delivered_at = now() WHERE id = ${id}`;
    const after = await chains(id);
    expect(after.map((c) => c.slice(2))).toEqual([
      ["message.status:true", "message.delivered:false"],
      ["message.status:true", "message.delivered:false"],
    ]);
  });

  it("a replayed delivery is decided row by row: behind a live one, or a head of its own", async () => {
    const t = await tenantWithEndpoints(1);
    const bulk = await server()
      .client(t.key)
      .post("/send-bulk", { numbers: ["0561234568"], message: "heads" });
    const [message] = await db().message.findMany({ where: { batchId: BigInt(bulk.body.batch_id) }, select: { id: true } });
    const id = message!.id;
    const replay = () => db().$executeRaw`
      INSERT INTO webhook_delivery (endpoint_id, tenant_id, message_id, event_id, event_type, payload)
      SELECT endpoint_id, tenant_id, message_id, event_id, event_type, payload FROM webhook_delivery WHERE message_id = ${id} ORDER BY id LIMIT 1`;
    await replay();
    expect(await chains(id)).toEqual([["message.status:true", "message.status:false"]]);
    await db().$executeRaw`UPDATE webhook_delivery SET status = 'delivered' WHERE message_id = ${id}`;
    await replay();
    expect((await chains(id))[0]!.at(-1)).toBe("message.status:true");
  });
});
