import { describe, expect, it } from "vitest";
import { onPostgres, useServer } from "./kit/server.js";
import { waitFor } from "./kit/wait.js";

// Cancelling, personalised bulk and CSV uploads through the REST facade and GraphQL.

const server = useServer();
const HOUR = 3_600_000;
const numbers = (count: number, from: number) => Array.from({ length: count }, (_, i) => `05${String(80_000_000 + from + i)}`);
const idsOf = (bulk: { body: { messages: Array<{ message_id: number }> } }) => bulk.body.messages.map((m) => m.message_id);
const ledgerOf = (ids: number[]) => server().app.channel.ledger.filter((e) => ids.includes(Number(e.messageId)));
const texts = async (key: string, batchId: number) =>
  (
    await server()
      .client(key)
      .request("POST", "/graphql", { query: `query($id: ID!) { batch(id: $id) { messages { to text } } }`, variables: { id: String(batchId) } })
  ).body.data.batch.messages as Array<{ to: string; text: string }>;

describe("cancel", () => {
  it("cancels a scheduled message and a scheduled batch, gives their allowance back, and is harmless twice", async () => {
    const t = await server().seed.tenant({ monthlyLimit: 20 }).account().create();
    const api = server().client(t.key);
    const later = new Date(server().app.deps.clock.now().getTime() + HOUR).toISOString();
    const single = await api.post("/send", { to: "0501239001", message: "later", send_at: later });
    const bulk = await api.post("/send-bulk", { numbers: numbers(4, 0), message: "later", send_at: later });
    expect((await api.get("/balance")).body.messages.used).toBe(5);

    const one = await api.post(`/messages/${single.body.message_id}/cancel`, undefined);
    expect(one.body).toEqual({ success: true, message_id: single.body.message_id, cancelled: true, in_flight: false, status: "failed", error: "cancelled" });
    expect((await api.post(`/messages/${single.body.message_id}/cancel`, undefined)).body).toMatchObject({ cancelled: false, status: "failed", error: "cancelled" });
    const all = await api.post(`/batches/${bulk.body.batch_id}/cancel`, undefined);
    expect(all.body).toEqual({
      success: true,
      batch_id: bulk.body.batch_id,
      cancelled: 4,
      in_flight: 0,
      counts: { pending: 0, sending: 0, sent: 0, failed: 4, cancelled: 4, expired: 0, opted_out: 0, delivered: 0, read: 0, replies: 0 },
    });
    expect((await api.post(`/batches/${bulk.body.batch_id}/cancel`, undefined)).body.cancelled).toBe(0);
    expect((await api.get("/balance")).body.messages.used).toBe(0);
    expect((await api.get(`/batches?state=finished`)).body.batches.map((b: { id: number }) => b.id)).toContain(bulk.body.batch_id);

    server().app.deps.clock.advance(2 * HOUR);
    const sent = await api.post("/send", { to: "0501239002", message: "now" });
    expect(sent.body.status).toBe("sent");
    expect((await api.post(`/messages/${sent.body.message_id}/cancel`, undefined)).body).toMatchObject({ cancelled: false, status: "sent", error: null });
    expect(ledgerOf([single.body.message_id, ...idsOf(bulk)])).toHaveLength(0);
    const other = await server().seed.tenant().account().create();
    expect((await server().client(other.key).post(`/batches/${bulk.body.batch_id}/cancel`, undefined)).status).toBe(404);
    expect((await server().client(other.key).post(`/messages/${sent.body.message_id}/cancel`, undefined)).status).toBe(404);
  });

  it.runIf(onPostgres)("racing the worker, ends every message exactly once, sent or cancelled, with the allowance and counts right", async () => {
    for (let round = 0; round < 3; round++) {
      const t = await server().seed.tenant({ monthlyLimit: 1000 }).account().account().create();
      const api = server().client(t.key);
      const bulk = await api.post("/send-bulk", { numbers: numbers(200, 1000 + round * 200), message: "race" });
      await new Promise((resolve) => setTimeout(resolve, round * 15));
      const cancel = await api.post(`/batches/${bulk.body.batch_id}/cancel`, undefined);
      expect(cancel.status).toBe(200);
      const batch = await waitFor(
        () => api.get(`/batches/${bulk.body.batch_id}`),
        (b) => b.body.status === "completed",
      );
      const cancelled = batch.body.messages.filter((m: { error: string | null }) => m.error === "cancelled").map((m: { message_id: number }) => m.message_id);
      const sent = batch.body.messages.filter((m: { status: string }) => m.status === "sent").map((m: { message_id: number }) => m.message_id);
      expect(cancelled.length + sent.length).toBe(200);
      expect(cancelled.length).toBe(cancel.body.cancelled);
      const ledger = ledgerOf(idsOf(bulk));
      expect(ledger).toHaveLength(sent.length);
      expect(new Set(ledger.map((e) => Number(e.messageId)))).toEqual(new Set(sent));
      expect((await api.get("/balance")).body.messages.used).toBe(sent.length);
      const accounts = (await api.get("/accounts")).body.accounts as Array<{ today_sent: number }>;
      expect(accounts.reduce((n, a) => n + a.today_sent, 0)).toBe(sent.length);
    }
  });
});

describe("personalised bulk", () => {
  it("fills each recipient's placeholders, and refuses a batch of 500 whole for one gap", async () => {
    const t = await server().seed.tenant({ monthlyLimit: 1000 }).account().create();
    const api = server().client(t.key);
    const ok = await api.post("/send-bulk", {
      message: "مرحبا {{name}}، رمزك {{ code }}",
      recipients: [
        { to: "0501239101", variables: { name: "سارة", code: "A17" } },
        { to: "0501239102", variables: { name: "Omar", code: 42 } },
        { to: "+966501239101", variables: { name: "dup", code: "x" } },
      ],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.queued).toBe(2);
    expect(await texts(t.key, ok.body.batch_id)).toEqual([
      { to: "966501239101", text: "مرحبا سارة، رمزك A17" },
      { to: "966501239102", text: "مرحبا Omar، رمزك 42" },
    ]);

    const recipients = numbers(500, 3000).map((to, i) => ({ to, variables: i === 317 ? { name: "x" } : { name: `n${i}`, code: `c${i}` } }));
    const refused = await api.post("/send-bulk", { message: "Hi {{name}}, code {{code}}", recipients });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields).toEqual({ "recipients[317][variables][code]": "is used by the message ({{code}}) but not given" });
    const tooLong = await api.post("/send-bulk", { message: "{{a}}{{a}}{{a}}{{a}}{{a}}", recipients: [{ to: "0501239103", variables: { a: "x".repeat(900) } }] });
    expect(tooLong.body.error.fields).toEqual({ "recipients[0]": "makes the message longer than 4000 characters" });
    const bare = await api.post("/send-bulk", { message: "Hi {{name}}", numbers: ["0501239104"] });
    expect(Object.keys(bare.body.error.fields)).toEqual(["numbers"]);
    expect((await api.get("/balance")).body.messages.used).toBe(2);
    expect((await api.get("/batches")).body.batches).toHaveLength(1);
  });

  it("reads a CSV upload with a BOM, quoted cells and Arabic text, and names bad cells by row and column", async () => {
    const t = await server().seed.tenant({ monthlyLimit: 1000 }).account().create();
    const api = server().client(t.key);
    const csv = '\uFEFFto,name,item\r\n0501239201,"سارة",عطر\r\n0501239202,"Omar ""the"" Great","Shoes, size 42"\r\n,,\r\n0501239203,"ليلى","multi\nline"\r\n';
    const r = await api.request("POST", "/api/v1/send-bulk?message=" + encodeURIComponent("طلبك يا {{name}}: {{item}}") + "&valid_for_seconds=3600", csv, {
      "content-type": "text/csv; charset=utf-8",
    });
    expect(r.status).toBe(200);
    expect(r.body.queued).toBe(3);
    expect(await texts(t.key, r.body.batch_id)).toEqual([
      { to: "966501239201", text: "طلبك يا سارة: عطر" },
      { to: "966501239202", text: 'طلبك يا Omar "the" Great: Shoes, size 42' },
      { to: "966501239203", text: "طلبك يا ليلى: multi\nline" },
    ]);

    const gaps = "to,name,item\n0501239204,A,x\n0501239205,,y\n12,C,z\n";
    const bad = await api.request("POST", "/api/v1/send-bulk?message=" + encodeURIComponent("{{name}} {{item}}"), gaps, { "content-type": "text/csv" });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toEqual({ "row 4, column to": expect.stringContaining("mobile number") });
    const missing = await api.request("POST", "/api/v1/send-bulk?message=" + encodeURIComponent("{{name}} {{item}}"), "to,name,item\n0501239204,A,x\n0501239205,,y\n", {
      "content-type": "text/csv",
    });
    expect(missing.body.error.fields).toEqual({ "row 3, column name": "is used by the message ({{name}}) but not given" });
    const ragged = await api.request("POST", "/api/v1/send-bulk?message=hi", "to,name\n0501239204\n", { "content-type": "text/csv" });
    expect(ragged.status).toBe(422);
    expect(ragged.body.error.fields).toEqual({ "row 2": "has a different number of cells than the header" });
    const tooMany = await api.request("POST", "/api/v1/send-bulk?message=hi", `to\n${numbers(501, 5000).join("\n")}\n`, { "content-type": "text/csv" });
    expect(tooMany.body.error.fields).toEqual({ body: "must hold at most 500 rows besides the header" });
    expect((await api.get("/balance")).body.messages.used).toBe(3);
  });
});
