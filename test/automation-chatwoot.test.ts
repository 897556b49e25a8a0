import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import { postWahaText } from "./kit/provider-signing.js";
import { waitFor } from "./kit/wait.js";

// A handover ends when an agent resolves the contact's conversation in Chatwoot: the bridge's
// inbox webhook carries `conversation_status_changed` (test/kit/references/chatwoot-api.md, 6c),
// signed with the inbox's secret as every webhook of it is.

const HMAC = "automation-chatwoot-hmac";
const INBOX_SECRET = "inbox-secret-for-automation";

describe("automation: a handover and Chatwoot", () => {
  const server = useServer({ WAHA_WEBHOOK_HMAC_KEY: HMAC, SIMULATOR_LATENCY_MS: "0", WORKER_POLL_MS: "20" });

  it("gives the contact back to the rules when an agent resolves the conversation, and only then", async () => {
    const t = await server().seed.tenant().account().create();
    const account = t.accounts[0]!;
    const db = server().app.deps.db;
    await db.account.update({ where: { id: account.id }, data: { settings: { waha: { session: `cw-${account.id}` } } } });
    const api = server().client(t.key);
    await api.post("/automation/rules", { name: "Agent", trigger: "keyword", keyword: "agent", action: "handover", message: "Connecting you" });
    const fallback = (await api.post("/automation/rules", { name: "Else", trigger: "fallback", action: "reply", message: "Auto", cooldown_seconds: 0 })).body.rule;
    // A bridge carrying none of the numbers: only its webhook address is used here.
    const address = `automation${t.id}x${"s".repeat(24)}`;
    const now = new Date();
    await db.chatwootBridge.create({
      data: {
        ...{ tenantId: t.id, baseUrl: "https://chatwoot.example.com", chatwootAccountId: 3, inboxId: 9, accessToken: "token", accountIds: [] },
        ...{ webhookTokenHash: createHash("sha256").update(address).digest("hex"), webhookSecret: INBOX_SECRET, createdAt: now, updatedAt: now },
      },
    });
    const contact = "966507700001";
    const writes = async (text: string) => {
      expect((await postWahaText(server().url, HMAC, `cw-${account.id}`, account.phoneNumber, contact, text)).stored).toBe(1);
      const inbound = await db.inboundMessage.findFirstOrThrow({ where: { tenantId: t.id }, orderBy: { id: "desc" } });
      return (
        await waitFor(
          () => db.automationWork.findUniqueOrThrow({ where: { inboundMessageId: inbound.id } }),
          (w) => w.status === "done",
        )
      ).outcome;
    };
    const chatwootSays = async (body: object) => {
      const raw = JSON.stringify(body);
      const ts = String(Math.floor(Date.now() / 1000));
      const signature = `sha256=${createHmac("sha256", INBOX_SECRET).update(`${ts}.${raw}`).digest("hex")}`;
      const r = await fetch(`${server().url}/chatwoot/webhooks/${address}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-chatwoot-timestamp": ts, "x-chatwoot-signature": signature },
        body: raw,
      });
      return { status: r.status, body: await r.json() };
    };
    const conversation = (status: string, inbox = 9) => ({
      event: "conversation_status_changed",
      id: 41,
      inbox_id: inbox,
      status,
      account: { id: 3, name: "Shop" },
      contact_inbox: { source_id: contact },
      meta: { sender: { phone_number: `+${contact}` } },
      changed_attributes: [{ status: { previous_value: "open", current_value: status } }],
    });

    expect(await writes("agent please")).toBe("handed_over");
    expect(await writes("hello?")).toBe("with_a_person");
    // Another inbox's conversation, or one merely snoozed, changes nothing.
    expect(await chatwootSays(conversation("resolved", 10))).toEqual({ status: 200, body: { success: true, ignored: "inbox" } });
    expect(await chatwootSays(conversation("snoozed"))).toEqual({ status: 200, body: { success: true, ignored: "status" } });
    expect(await writes("still there?")).toBe("with_a_person");
    expect(await chatwootSays(conversation("resolved"))).toEqual({ status: 200, body: { success: true, handedBack: true } });
    expect(await writes("thanks")).toBe("answered");
    const last = await db.message.findFirstOrThrow({ where: { tenantId: t.id, to: contact }, orderBy: { id: "desc" } });
    expect([last.body, last.automationRuleId]).toEqual(["Auto", fallback.id]);
  });
});
