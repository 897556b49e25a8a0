import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { useServer } from "./kit/server.js";
import { subscribeLive, wsClient } from "./kit/ws.js";
import { VOLUME_MS } from "./kit/limits.js";

// messageEvents subscribers with the same operation share one execution per event (live-fanout.ts).
// Each must still get exactly what its own operation selects, once and in order, and come and go
// without disturbing the others; /metrics shows how many distinct operations are being fanned out.
describe("messageEvents fan-out over websockets", () => {
  const server = useServer();
  const groups = async () => {
    const text = await (await fetch(`${server().url}/metrics`)).text();
    return Number(/^gateway_live_fanout_groups (\d+)$/m.exec(text)?.[1]);
  };

  interface Event {
    id: string;
    messageId: string;
    status: string;
    statusVersion: number;
    batchId: string | null;
    message?: { to: string; text: string };
  }

  it("gives every subscriber its own selection, once each and in order, sharing execution per distinct operation", { timeout: VOLUME_MS }, async () => {
    const t = await server().seed.tenant({ monthlyLimit: 1_000 }).account().create();
    const api = server().client(t.key);
    const same = `subscription { messageEvents { id messageId status statusVersion batchId } }`;
    const sockets = [0, 1, 2, 3].map(() => wsClient(server().url, { connectionParams: { apiKey: t.key } }));
    const alike = sockets.slice(0, 3).map((ws) => ws.subscribe<{ messageEvents: Event }>(same));
    const onlySent = sockets[3]!.subscribe<{ messageEvents: Event }>(
      `subscription ($s: [MessageStatus!]) { messageEvents(filter: { statuses: $s }) { id status message { to text } } }`,
      { s: ["sent"] },
    );
    // A second operation on the first socket, unlike the others.
    const withRow = sockets[0]!.subscribe<{ messageEvents: Event }>(`subscription { messageEvents { id message { to } } }`);
    const all = [...alike, onlySent, withRow];
    expect(await subscribeLive(all, () => api.post("/send", { to: "0501234567", message: "warm-up" }))).toBe("live");
    expect(await groups()).toBe(3);

    const bulk = await api.post("/send-bulk", { numbers: Array.from({ length: 20 }, (_, i) => `05${67_000_000 + i}`), message: "fan-out" });
    const batchId = String(bulk.body.batch_id);
    const ofBatch = (s: (typeof all)[number]) => s.events.map((e) => e.messageEvents).filter((e) => e.batchId === batchId || e.message?.text === "fan-out");
    await expect.poll(() => alike.map((s) => ofBatch(s).filter((e) => e.status === "sent").length), { timeout: 20_000 }).toEqual([20, 20, 20]);

    for (const s of alike) {
      const events = ofBatch(s);
      expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
      const byMessage = new Map<string, Array<[string, number]>>();
      for (const e of events) byMessage.set(e.messageId, [...(byMessage.get(e.messageId) ?? []), [e.status, e.statusVersion]]);
      expect(byMessage.size).toBe(20);
      for (const list of byMessage.values())
        expect(list).toEqual([
          ["pending", 1],
          ["sending", 2],
          ["sent", 3],
        ]);
      expect(s.errors).toEqual([]);
    }
    // The filtered one saw only `sent`, with the message row read for it.
    await expect.poll(() => ofBatch(onlySent).length, { timeout: 10_000 }).toBe(20);
    expect(ofBatch(onlySent).every((e) => e.status === "sent" && e.message?.to.startsWith("9665") && e.message.text === "fan-out")).toBe(true);
    await expect.poll(() => withRow.events.filter((e) => e.messageEvents.message?.to === "966567000000").length, { timeout: 10_000 }).toBe(3);

    // One subscriber leaves; the others keep receiving, and its group stays for them.
    alike[1]!.stop();
    const next = await api.post("/send", { to: "0501234599", message: "after one left" });
    const sentOf = (s: (typeof all)[number]) => s.events.some((e) => e.messageEvents.id === `evt_${next.body.message_id}_2`);
    await expect.poll(() => [alike[0]!, alike[2]!].every(sentOf)).toBe(true);
    expect(sentOf(alike[1]!)).toBe(false);
    expect(await groups()).toBe(3);

    // Every subscriber gone: no group is left behind.
    for (const ws of sockets) await ws.close();
    await expect.poll(groups).toBe(0);
  });

  it("frames each member's events whole, whatever the operation id's characters or the payload's length", async () => {
    const t = await server().seed.tenant({ monthlyLimit: 100 }).account().create();
    // The protocol at the frame level: ws's receiver checks every frame (lengths, UTF-8) before
    // a message event fires, and each message must be one whole `next` of this operation.
    const socket = new WebSocket(`${server().url.replace(/^http/, "ws")}/graphql`, "graphql-transport-ws");
    const messages: Array<{ id?: string; type: string; payload?: { data?: { messageEvents: { status: string; message: { text: string } } } } }> = [];
    socket.on("message", (data, isBinary) => {
      expect(isBinary).toBe(false);
      messages.push(JSON.parse((data as Buffer).toString("utf8")));
    });
    await new Promise((resolve) => socket.once("open", resolve));
    socket.send(JSON.stringify({ type: "connection_init", payload: { apiKey: t.key } }));
    await expect.poll(() => messages.some((m) => m.type === "connection_ack")).toBe(true);
    const id = 'اشتراك-١-🚀"quoted"';
    socket.send(JSON.stringify({ id, type: "subscribe", payload: { query: `subscription { messageEvents(filter: { statuses: [sent] }) { status message { text } } }` } }));
    const api = server().client(t.key);
    // Short (7-bit length), Arabic over 125 bytes (16-bit length), and a long text of 4-byte characters.
    const texts = ["hi", "مرحبا بك في متجرنا، طلبك في الطريق إليك اليوم.".repeat(4), "🚀".repeat(4_000)];
    // The operation's end: its error or complete (the listener above has stored it), or the socket's close.
    const done = new Promise<void>((resolve) => {
      socket.on("message", () => messages.some((m) => m.type === "error" || m.type === "complete") && resolve());
      socket.once("close", () => resolve());
    });
    const raw = {
      get events() {
        return messages.filter((m) => m.type === "next");
      },
      done,
    };
    expect(await subscribeLive(raw, () => api.post("/send", { to: "0501234567", message: "warm-up" }))).toBe("live");
    for (const text of texts) expect((await api.post("/send", { to: "0501234568", message: text })).status).toBe(200);
    const texted = () => messages.filter((m) => m.type === "next" && texts.includes(m.payload?.data?.messageEvents.message.text ?? ""));
    await expect.poll(() => texted().length, { timeout: 10_000 }).toBe(3);
    expect(texted().map((m) => [m.id, m.payload?.data?.messageEvents.status, m.payload?.data?.messageEvents.message.text])).toEqual(texts.map((text) => [id, "sent", text]));
    expect(messages.filter((m) => m.type === "next").every((m) => m.id === id)).toBe(true);

    // The client's complete ends it: nothing more for this id, and its group is gone.
    socket.send(JSON.stringify({ id, type: "complete" }));
    await expect.poll(groups).toBe(0);
    const seen = messages.length;
    // A witness on another socket hears the send after the complete: by then the ended operation had its chance to.
    const ws = wsClient(server().url, { connectionParams: { apiKey: t.key } });
    const witness = ws.subscribe<{ messageEvents: { message: { text: string } } }>(`subscription { messageEvents(filter: { statuses: [sent] }) { message { text } } }`);
    expect(await subscribeLive(witness, () => api.post("/send", { to: "0501234567", message: "warm-up" }))).toBe("live");
    await api.post("/send", { to: "0501234569", message: "after complete" });
    await expect.poll(() => witness.events.some((e) => e.messageEvents.message.text === "after complete")).toBe(true);
    expect(messages.slice(seen).filter((m) => m.type === "next")).toEqual([]);
    await ws.close();
    socket.close();
  });

  it("refuses a filter on another tenant's batch, or a bad variable, like any subscription", async () => {
    const mine = await server().seed.tenant().account().create();
    const other = await server().seed.tenant().account().create();
    const theirs = await server()
      .client(other.key)
      .post("/send-bulk", { numbers: ["0501111111"], message: "x" });
    const ws = wsClient(server().url, { connectionParams: { apiKey: mine.key } });
    const foreign = ws.subscribe(`subscription ($b: ID) { messageEvents(filter: { batchId: $b }) { id } }`, { b: String(theirs.body.batch_id) });
    await foreign.done;
    expect(foreign.errors.map((e) => e.extensions?.code)).toEqual(["NOT_FOUND"]);
    const bad = ws.subscribe(`subscription ($s: [MessageStatus!]) { messageEvents(filter: { statuses: $s }) { id } }`, { s: ["lost"] });
    await bad.done;
    expect(bad.errors.map((e) => e.extensions?.fields)).toEqual([{ "s[0]": expect.stringContaining('"lost"') }]);
    await ws.close();
    await expect.poll(groups).toBe(0);
  });
});
