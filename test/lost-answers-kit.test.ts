import { describe, expect, it } from "vitest";
import { startChatwoot } from "./kit/chatwoot.js";
import { startCloud } from "./kit/chatwoot-world.js";
import { startGraphApi } from "./kit/graph-api.js";
import { startSwitchableProvider } from "./kit/switchable-provider.js";
import { startWahaSessions } from "./kit/waha-sessions.js";
import { waitFor } from "./kit/wait.js";

// The stand-ins' "accept, then lose the answer" modes (test/kit/lost-answers.ts): each takes the
// request (the message is in its ledger, the post in its store) and the caller hears nothing back,
// by a reset connection ("drop") or by no answer until its own timeout ("stall").

const send = (url: string, body: unknown, headers: Record<string, string> = {}, timeoutMs = 5_000) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });

/** How a call ended: its status, or the error the caller saw ("TimeoutError", or the socket's code for a reset). */
const outcome = (call: Promise<Response>) =>
  call.then(
    (r) => r.status,
    (e: Error) => (e.name === "TimeoutError" ? e.name : String((e.cause as { code?: string } | undefined)?.code)),
  );

const cloudSend = (to: string) => ({ messaging_product: "whatsapp", to, type: "text", text: { body: "hello" } });

describe("switchable provider", () => {
  it("drop: accepts the message and resets the connection; stall: accepts it and never answers", async () => {
    const provider = await startSwitchableProvider();
    try {
      provider.mode = "drop";
      expect(await outcome(send(`${provider.url}/v21.0/pn1/messages`, cloudSend("966500000001")))).toBe("ECONNRESET");
      provider.mode = "stall";
      expect(await outcome(send(`${provider.url}/v21.0/pn1/messages`, cloudSend("966500000002"), {}, 300))).toBe("TimeoutError");
      provider.mode = "ok";
      expect(await outcome(send(`${provider.url}/v21.0/pn1/messages`, cloudSend("966500000003")))).toBe(200);
      expect(provider.accepted).toEqual(["966500000001", "966500000002", "966500000003"]);
      expect(provider.attempts.map((a) => a.mode)).toEqual(["drop", "stall", "ok"]);
    } finally {
      await provider.close();
    }
  });
});

describe("Graph API stand-in", () => {
  it("takes the next matching sends and loses their answers, then answers again", async () => {
    const graph = await startGraphApi();
    graph.addWaba("t", {
      id: "102290129340398",
      name: "W",
      phoneNumbers: [{ id: "106540352242922", display_phone_number: "+1 555-555-5555", verified_name: "V", quality_rating: "GREEN", messaging_limit_tier: "TIER_1K" }],
    });
    const url = `${graph.url}/v21.0/106540352242922/messages`;
    const auth = { authorization: "Bearer t" };
    try {
      graph.lostAnswers.add("POST", /\/messages$/, "drop");
      graph.lostAnswers.add("POST", /\/messages$/, "stall");
      expect(await outcome(send(url, cloudSend("966500000011"), auth))).toBe("ECONNRESET");
      expect(await outcome(send(url, cloudSend("966500000012"), auth, 300))).toBe("TimeoutError");
      expect(await outcome(send(url, cloudSend("966500000013"), auth))).toBe(200);
      expect(graph.sent.map((b) => (b as { to: string }).to)).toEqual(["966500000011", "966500000012", "966500000013"]);
      expect(graph.lostAnswers.lost.map((l) => l.how)).toEqual(["drop", "stall"]);
    } finally {
      await graph.close();
    }
  });

  it("the Chatwoot world's Cloud stand-in: a send taken whose answer stalls", async () => {
    const cloud = await startCloud();
    try {
      cloud.lostAnswers.add("POST", /\/messages$/, "stall");
      expect(await outcome(send(`${cloud.url}/v21.0/pn1/messages`, cloudSend("966500000021"), {}, 300))).toBe("TimeoutError");
      expect(await outcome(send(`${cloud.url}/v21.0/pn1/messages`, cloudSend("966500000022")))).toBe(200);
      expect(cloud.sends.map((b) => b.to)).toEqual(["966500000021", "966500000022"]);
    } finally {
      await cloud.close();
    }
  });
});

describe("WAHA stand-in", () => {
  it("sends the text of a lost answer (it is in `sent`) and the caller hears nothing", async () => {
    const waha = await startWahaSessions();
    try {
      expect((await send(`${waha.url}/api/sessions`, { name: "s1" })).status).toBe(201);
      await waha.link("s1", "966551000001");
      waha.lostAnswers.add("POST", /^\/api\/sendText$/, "drop");
      waha.lostAnswers.add("POST", /^\/api\/sendText$/, "stall");
      const text = (n: number) => ({ session: "s1", chatId: `96650000003${n}@c.us`, text: `t${n}` });
      expect(await outcome(send(`${waha.url}/api/sendText`, text(1)))).toBe("ECONNRESET");
      expect(await outcome(send(`${waha.url}/api/sendText`, text(2), {}, 300))).toBe("TimeoutError");
      expect(await outcome(send(`${waha.url}/api/sendText`, text(3)))).toBe(201);
      expect(waha.sent.map((s) => [s.chatId, s.text])).toEqual([1, 2, 3].map((n) => [`96650000003${n}@c.us`, `t${n}`]));
    } finally {
      await waha.close();
    }
  });
});

describe("Chatwoot stand-in", () => {
  it("store-after-timeout: answers nothing, and stores the post once the caller has given up", async () => {
    const cw = await startChatwoot({ accountId: 1, inboxId: 7, token: "tok" });
    const api = (path: string, json: unknown, timeoutMs = 5_000) =>
      send(`${cw.url}/api/v1/accounts/1${path}`, json, { api_access_token: "tok" }, timeoutMs).then((r) => r.json() as Promise<Record<string, never>>);
    try {
      const contact = await api("/contacts", { name: "Sara", phone_number: "+966501234567", inbox_id: 7, source_id: "966501234567" });
      const conversation = await api("/conversations", { source_id: "966501234567", inbox_id: 7, contact_id: contact.payload?.["contact"]?.["id"], status: "open" });
      cw.override.push({ answer: "store-after-timeout", method: "POST", path: /\/messages$/ });
      const stored = () => cw.messages.filter((m) => m.content === "late one");
      const gaveUp = await outcome(
        send(
          `${cw.url}/api/v1/accounts/1/conversations/${conversation.id}/messages`,
          { content: "late one", message_type: "incoming", source_id: "s-1" },
          { api_access_token: "tok" },
          300,
        ),
      );
      expect(gaveUp).toBe("TimeoutError");
      // Not stored while the caller waited: the work starts when it hangs up.
      expect(stored()).toEqual([]);
      await waitFor(stored, (m) => m.length === 1);
      expect(stored()[0]).toMatchObject({ source_id: "s-1", message_type: "incoming" });
    } finally {
      await cw.close();
    }
  });
});
