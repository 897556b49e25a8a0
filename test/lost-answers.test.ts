import { describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import { waitFor } from "./kit/wait.js";

// The delivery promise on the simulator (docs/design.md, "Delivery promise"): a recipient whose
// first attempt the simulator takes and answers as a lost timeout (SIMULATOR_LOST_ANSWER_PATTERN)
// gets the message once more when it is tried again, and the message and the gauge count it.
// The REST shapes do not change: the count is GraphQL's.
const server = useServer({ SIMULATOR_LOST_ANSWER_PATTERN: "^96650000077\\d$", WORKER_RETRY_BASE_MS: "50", WORKER_RETRY_MAX_MS: "100", WORKER_POLL_MS: "20" });

const copies = (id: string) => server().app.channel.ledger.filter((e) => e.messageId === BigInt(id)).length;
const lostAnswers = async (key: string, id: string) => {
  const r = await server()
    .client(key)
    .request("POST", "/graphql", { query: `{ message(id: "${id}") { status lostAnswers } }` });
  return r.body.data.message as { status: string; lostAnswers: number };
};
const gauge = async () => /^gateway_message_lost_answers (\d+)$/m.exec(await (await fetch(`${server().url}/metrics`)).text())?.[1];

describe("lost answers on the simulator", () => {
  it("a single send whose answer was lost fails with 502, counts one lost answer, and its retry is the second copy", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const sent = await api.post("/send", { to: "0500000770", message: "code 1234" });
    expect(sent.status).toBe(502);
    expect(sent.body).toMatchObject({ success: false, error: { code: "CHANNEL_ERROR" }, status: "failed" });
    const id = String(sent.body.message_id);
    expect(copies(id)).toBe(1);
    expect(await lostAnswers(t.key, id)).toEqual({ status: "failed", lostAnswers: 1 });
    const shown = await api.get(`/messages/${id}`);
    expect(Object.keys(shown.body).sort()).toEqual(["delivered_at", "error", "id", "kind", "read_at", "sent_at", "status", "to"]);
    expect(shown.body).toMatchObject({ status: "failed", error: "timeout" });

    expect((await api.post(`/messages/${id}/retry`, {})).status).toBe(200);
    await waitFor(
      () => api.get(`/messages/${id}`),
      (r) => r.body.status === "sent",
    );
    expect(copies(id)).toBe(2);
    expect(await lostAnswers(t.key, id)).toEqual({ status: "sent", lostAnswers: 1 });
    expect(await gauge()).toBe("1");
  });

  it("a queued message whose first answer was lost is retried by the worker: two copies, one lost answer", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const bulk = await api.post("/send-bulk", { numbers: ["0500000771", "0500000880"], message: "sale" });
    expect(bulk.status).toBe(200);
    const done = await waitFor(
      async () => (await api.get(`/batches/${bulk.body.batch_id}`)).body,
      (b) => b.status === "completed",
    );
    expect(done.counts).toMatchObject({ sent: 2, failed: 0 });
    const [lost, plain] = (bulk.body.messages as Array<{ message_id: number }>).map((m) => String(m.message_id));
    expect([copies(lost!), copies(plain!)]).toEqual([2, 1]);
    expect(await lostAnswers(t.key, lost!)).toEqual({ status: "sent", lostAnswers: 1 });
    expect(await lostAnswers(t.key, plain!)).toEqual({ status: "sent", lostAnswers: 0 });
    expect(await gauge()).toBe("2");
  });
});
