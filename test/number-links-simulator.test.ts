import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./kit/server.js";
import { waitFor } from "./kit/wait.js";
import { wsClient } from "./kit/ws.js";

// On the embedded default the simulator plays a number's session (docs/connecting-numbers.md, "On
// the simulator"): QR codes rotate each second, the simulated phone scans the third, and the number sends.

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ SIMULATOR_QR_ROTATE_MS: "1000", SIMULATOR_LINK_AFTER_QR_CODES: "3", SIMULATOR_LATENCY_MS: "0" });
});
afterAll(async () => {
  await server?.close();
});

/** A GraphQL subscription over server-sent events: each `next`'s accountConnection; `ended` resolves with whether it completed. */
function sseEvents(baseUrl: string, key: string, query: string) {
  const events: Array<{ state: string; pairingCode: string | null; phoneNumber: string | null }> = [];
  const ended = (async () => {
    const response = await fetch(`${baseUrl}/graphql?query=${encodeURIComponent(query)}`, { headers: { accept: "text/event-stream", authorization: `Bearer ${key}` } });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    let completed = false;
    try {
      for (let r = await reader.read(); !r.done; r = await reader.read()) {
        buffer += r.value;
        for (let cut = buffer.indexOf("\n\n"); cut >= 0; cut = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (/^event: complete$/m.test(block)) completed = true;
          const data = /^event: next\ndata: ?(.*)$/m.exec(block)?.[1];
          if (data) events.push((JSON.parse(data) as { data: { accountConnection: (typeof events)[number] } }).data.accountConnection);
        }
      }
    } catch {
      // The server may close the socket right after its complete event.
    }
    return completed;
  })();
  return { events, ended };
}

describe("a number linked on the simulator", () => {
  it("rotates its QR code, links by itself, lists and sends", async () => {
    const t = await server.seed.tenant().create();
    const api = server.client(t.key);
    const created = await api.post("/accounts", { name: "Demo" });
    expect(created.body.connection).toMatchObject({ channel: "simulator", phone_number: null });
    const id = created.body.connection.account_id as number;
    const ws = wsClient(server.url, { connectionParams: { authorization: `Bearer ${t.key}` } });
    const live = ws.subscribe<{ accountConnection: { state: string; qr: string | null } }>("subscription ($id: Int!) { accountConnection(id: $id) { state qr } }", { id });
    const linked = await waitFor(
      () => api.get(`/accounts/${id}/connection`),
      (r) => r.body.connection.state === "WORKING",
    );
    expect(linked.body.connection).toMatchObject({ status: "connected", phone_number: expect.stringMatching(/^96658\d{7}$/) });
    await waitFor(
      () => Promise.resolve(live.events.at(-1)?.accountConnection.state),
      (state) => state === "WORKING",
    );
    await ws.client.dispose();
    // The codes shown while the subscriber listened (it may join after the first), each as WhatsApp shapes them.
    const codes = new Set(live.events.flatMap((e) => (e.accountConnection.qr ? [e.accountConnection.qr] : [])));
    expect(codes.size).toBeGreaterThanOrEqual(2);
    for (const code of codes) expect(code).toMatch(/^2@/);
    const sent = await api.post("/send", { to: "966500004321", message: "hello from a linked number", account_id: id });
    const done = await waitFor(
      () => api.get(`/messages/${sent.body.message_id}`),
      (r) => r.body.status !== "pending",
    );
    expect(done.body.status).toBe("sent");
    expect(server.app.channel.ledger.find((e) => e.to === "966500004321")?.from).toBe(linked.body.connection.phone_number);
  });

  it("links the phone a pairing code was asked for", async () => {
    const slow = await startServer({ SIMULATOR_QR_ROTATE_MS: "150", SIMULATOR_LINK_AFTER_QR_CODES: "0" });
    try {
      const t = await slow.seed.tenant().create();
      const api = slow.client(t.key);
      const id = (await api.post("/accounts", { name: "Paired" })).body.connection.account_id as number;
      await waitFor(
        () => api.get(`/accounts/${id}/connection`),
        (r) => r.body.connection.state === "SCAN_QR_CODE",
      );
      const live = sseEvents(slow.url, t.key, `subscription { accountConnection(id: ${id}) { state pairingCode phoneNumber } }`);
      await waitFor(
        () => Promise.resolve(live.events.length),
        (n) => n > 0,
      );
      const asked = await api.post(`/accounts/${id}/pairing-code`, { phone_number: "+966 55 123 4000" });
      expect(asked.body.connection).toMatchObject({ pairing_phone: "966551234000", pairing_code: expect.stringMatching(/^[0-9A-F]{4}-[0-9A-F]{4}$/) });
      const linked = await waitFor(
        () => api.get(`/accounts/${id}/connection`),
        (r) => r.body.connection.state === "WORKING",
      );
      expect(linked.body.connection.phone_number).toBe("966551234000");
    } finally {
      await slow.close();
    }
  });
});
