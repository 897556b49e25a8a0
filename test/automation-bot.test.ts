import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./kit/server.js";
import { postWahaText } from "./kit/provider-signing.js";
import { waitFor } from "./kit/wait.js";
import { startN8n } from "./kit/n8n.js";

// A rule's bot (docs/automation.md, "A bot") against an n8n stand-in: the message POSTed signed,
// the workflow's answer sent, and what happens when the workflow is slow, fails, answers at once
// without its result, or hands the contact to a person. Each wait is on the server's record of
// the message it looked at.

const HMAC = "automation-bot-hmac";
// Long enough for a first call under a loaded machine; the slow workflow is held, not timed.
const BOT_TIMEOUT_MS = 3_000;
let serial = 0;

describe("automation: a rule's bot", () => {
  let server: TestServer;
  let n8n: Awaited<ReturnType<typeof startN8n>>;
  beforeAll(async () => {
    n8n = await startN8n({ path: "gateway-orders", workflow: (event) => ({ reply: `Order ${/\d+/.exec(event.data.text)?.[0]} ships today` }) });
    server = await startServer({
      WAHA_WEBHOOK_HMAC_KEY: HMAC,
      SIMULATOR_LATENCY_MS: "0",
      WORKER_POLL_MS: "20",
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true",
      AUTOMATION_BOT_TIMEOUT_MS: String(BOT_TIMEOUT_MS),
    });
  });
  afterAll(async () => {
    await server?.close();
    await n8n?.close();
  });

  async function business() {
    const t = await server.seed.tenant().account().create();
    const account = t.accounts[0]!;
    await server.app.deps.db.account.update({ where: { id: account.id }, data: { settings: { waha: { session: `bot-${account.id}` } } } });
    const api = server.client(t.key);
    const made = await api.post("/automation/rules", { name: "Orders", trigger: "pattern", pattern: "order", action: "bot", bot_url: n8n.url, message: "We will get back to you" });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.bot_secret).toMatch(/^whsec_/);
    n8n.state.secret = made.body.bot_secret;
    // The secret is shown once: not on a read.
    expect((await api.get(`/automation/rules/${made.body.rule.id}`)).body).not.toHaveProperty("bot_secret");
    return { t, account, api, rule: made.body.rule };
  }

  async function writes(b: Awaited<ReturnType<typeof business>>, text: string, from = `96650${String(8_000_000 + ++serial)}`) {
    expect((await postWahaText(server.url, HMAC, `bot-${b.account.id}`, b.account.phoneNumber, from, text)).stored).toBe(1);
    const inbound = await server.app.deps.db.inboundMessage.findFirstOrThrow({ where: { tenantId: b.t.id }, orderBy: { id: "desc" } });
    const work = await waitFor(
      () => server.app.deps.db.automationWork.findUniqueOrThrow({ where: { inboundMessageId: inbound.id } }),
      (w) => w.status === "done",
    );
    const message = work.messageId === null ? null : await server.app.deps.db.message.findUniqueOrThrow({ where: { id: work.messageId } });
    return { from, inbound, work, text: message?.body ?? null };
  }

  it("POSTs the message signed and sends what the workflow answers", async () => {
    const b = await business();
    const before = n8n.calls.length;
    const r = await writes(b, "where is order 4512?");
    expect([r.work.outcome, r.text]).toEqual(["answered", "Order 4512 ships today"]);
    expect(n8n.calls.slice(before)).toEqual([
      {
        signed: true,
        body: {
          id: `evt_bot_${r.inbound.id}`,
          type: "message.received",
          rule_id: b.rule.id,
          data: expect.objectContaining({ from: r.from, text: "where is order 4512?", account_id: b.account.id, first_message: true, reply_id: null }),
        },
      },
    ]);
  });

  it("sends the rule's own text when the workflow is slower than AUTOMATION_BOT_TIMEOUT_MS or fails, and asks it once", async () => {
    const b = await business();
    const before = n8n.calls.length;
    const release = n8n.hold();
    const slow = await writes(b, "order 77");
    release();
    expect([slow.work.outcome, slow.text]).toEqual(["bot_failed", "We will get back to you"]);
    n8n.state.mode = "error";
    const failing = await writes(b, "order 78");
    n8n.state.mode = "respondNode";
    expect([failing.work.outcome, failing.text]).toEqual(["bot_failed", "We will get back to you"]);
    expect(n8n.calls.length - before).toBe(2);
  });

  it("stays silent when n8n answers before the workflow runs, and hands over when the workflow says so", async () => {
    const b = await business();
    n8n.state.mode = "immediately";
    expect(await writes(b, "order 1")).toMatchObject({ work: { outcome: "bot_silent", messageId: null }, text: null });
    n8n.state.mode = "respondNode";
    const handingOver = await startN8n({ path: "handover", workflow: () => ({ handover: true, reply: "A colleague will answer you" }) });
    try {
      const rule = await b.api.put(`/automation/rules/${b.rule.id}`, { bot_url: handingOver.url });
      expect(rule.body.rule.bot_url).toBe(handingOver.url);
      handingOver.state.secret = n8n.state.secret;
      const first = await writes(b, "order 2");
      expect([first.work.outcome, first.text]).toEqual(["handed_over", "A colleague will answer you"]);
      expect((await writes(b, "order 3", first.from)).work.outcome).toBe("with_a_person");
    } finally {
      await handingOver.close();
    }
  });
});
