import { describe, expect, it } from "vitest";
import { onPostgres, useServer } from "./kit/server.js";
import { waitFor } from "./kit/wait.js";
import { VOLUME_MS } from "./kit/limits.js";

// An opt-out racing the worker over queued batches, on PostgreSQL (PGlite has one connection and
// never contends). Once the opt-out commits, a message to that contact goes out only if it was
// already in the provider's hands then, which the opt-out reports as `in_flight`; everything else
// to the contact fails `opted_out` with its allowance given back.

const server = useServer({ SIMULATOR_LATENCY_MS: "2" });

describe.runIf(onPostgres)("opt-out racing queued batches", () => {
  it("sends nothing to the contact after the opt-out commits, beyond what it reports in flight", { timeout: VOLUME_MS }, async () => {
    let cancelledSomewhere = false;
    for (let round = 0; round < 4; round++) {
      const t = await server().seed.tenant({ monthlyLimit: 100_000 }).account().account().create();
      const api = server().client(t.key);
      const contact = `96659${String(1_000_000 + round * 1000 + (Date.now() % 1000)).padStart(7, "0")}`;
      const others = (b: number) => Array.from({ length: 149 }, (_, i) => `9665${String(80_000_000 + round * 10_000 + b * 200 + i)}`);
      const batches = [];
      // Five batches, the contact last in each, so some of its messages wait behind hundreds.
      for (let b = 0; b < 5; b++) batches.push(await api.post("/send-bulk", { numbers: [...others(b), contact], message: `round ${round}` }));
      expect(batches.every((r) => r.status === 200)).toBe(true);
      await new Promise((r) => setTimeout(r, 40 * round));
      const optOut = await api.post("/contacts/opt-out", { numbers: [contact] });
      const answered = Date.now();
      expect(optOut.status).toBe(200);
      const batchIds = batches.map((r) => r.body.batch_id as number);
      await waitFor(
        () => Promise.all(batchIds.map((id) => api.get(`/batches/${id}`))),
        (rs) => rs.every((r) => r.body.status === "completed"),
        60_000,
      );

      const toContact = await server().app.deps.db.message.findMany({ where: { tenantId: t.id, to: contact } });
      expect(toContact).toHaveLength(5);
      const ledger = server().app.channel.ledger.filter((e) => e.to === contact && toContact.some((m) => m.id === e.messageId));
      const sentAfter = ledger.filter((e) => e.at.getTime() > answered);
      // A message that reached the provider after the answer must have been in flight at the commit.
      expect(sentAfter.length).toBeLessThanOrEqual(optOut.body.in_flight as number);
      // Each message ended exactly once: sent (and in the ledger once) or failed opted_out.
      for (const m of toContact) {
        if (m.status === "sent") expect(ledger.filter((e) => e.messageId === m.id)).toHaveLength(1);
        else expect(m).toMatchObject({ status: "failed", error: "opted_out" });
      }
      const failed = toContact.filter((m) => m.status === "failed").length;
      // What the opt-out cancelled, and of what it left in flight those that came back and failed.
      expect(failed).toBeGreaterThanOrEqual(optOut.body.cancelled as number);
      expect(failed - (optOut.body.cancelled as number)).toBeLessThanOrEqual(optOut.body.in_flight as number);
      if ((optOut.body.cancelled as number) > 0) cancelledSomewhere = true;
      // The allowance holds exactly what was sent: every opted-out message gave its unit back.
      const sent = await server().app.deps.db.message.count({ where: { tenantId: t.id, status: "sent" } });
      expect((await api.get("/balance")).body.messages.used).toBe(sent);
    }
    // The race was real: at least one round stopped messages that were still queued.
    expect(cancelledSomewhere).toBe(true);
  });
});
