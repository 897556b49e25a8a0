import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { waitFor } from "./kit/wait.js";
import { CHANNEL_CAPABILITIES } from "../src/core/channels/capabilities.js";
import type { OutgoingMessage } from "../src/core/channels/channel.js";
import { SimulatorChannel, type SimulatorOptions } from "../src/core/channels/simulator.js";
import { CONTENT_KINDS, type ContentKind, type RichContent } from "../src/core/content/message-content.js";

const NOBODY = /^$/;
const options = (extra: Partial<SimulatorOptions> = {}): SimulatorOptions => ({
  latencyMs: 0,
  failPattern: NOBODY,
  transientPattern: NOBODY,
  flakyPattern: NOBODY,
  ...extra,
});

const message = (id: bigint, content: RichContent | null, extra: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  id,
  to: "966501234567",
  text: "",
  imageUrl: null,
  content,
  from: { accountId: 3, phoneNumber: "966551000003", settings: {} },
  ...extra,
});

const media = (kind: "image" | "video" | "audio" | "document" | "sticker"): RichContent => ({
  kind,
  url: `https://cdn.example.com/f/${kind}`,
  mimeType: null,
  filename: kind === "document" ? "f.pdf" : null,
  voice: kind === "audio",
});

/** One message of every kind but text, as the gateway hands them to a driver. */
const contents: RichContent[] = [
  media("image"),
  media("video"),
  media("audio"),
  media("document"),
  media("sticker"),
  { kind: "location", latitude: 24.7, longitude: 46.6, name: "Store", address: null },
  { kind: "contacts", contacts: [{ name: "Omar", phones: ["966505556666"], emails: [], organization: null }] },
  { kind: "reaction", emoji: "👍", providerMessageId: "sim-1-1" },
  { kind: "interactive", type: "buttons", header: null, footer: null, buttons: [{ id: "y", title: "Yes" }] },
  { kind: "template", name: "hello_world", language: "en_US", header: null, body: [], buttons: [] },
];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "simulator-ledger-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("simulator channel", () => {
  it("plays every kind the capability table gives it", () => {
    expect(CHANNEL_CAPABILITIES.simulator.kinds).toEqual(CONTENT_KINDS);
    expect(new Set(contents.map((c) => c.kind))).toEqual(new Set(CONTENT_KINDS.filter((k) => k !== "text")));
  });

  it("accepts each kind as one delivery and records its kind in the ledger", async () => {
    const simulator = new SimulatorChannel(options());
    const messages = [message(1n, null), message(2n, null, { imageUrl: "https://cdn.example.com/a.png", text: "hi" }), ...contents.map((c, i) => message(BigInt(i + 3), c))];
    for (const msg of messages) {
      expect(simulator.parts()).toEqual(["message"]);
      expect(await simulator.send(msg)).toMatchObject({ ok: true, providerMessageId: expect.stringMatching(/^sim-/) });
    }
    expect(simulator.ledger.map((e) => e.kind)).toEqual<ContentKind[]>(["text", "text", ...contents.map((c) => c.kind)]);
    expect(simulator.ledger.map((e) => e.messageId)).toEqual(messages.map((m) => m.id));
    expect(simulator.ledger.every((e) => e.to === "966501234567" && e.from === "966551000003")).toBe(true);
  });

  it("keeps the newest deliveries in its ledger, at least its limit and never twice as many", async () => {
    const simulator = new SimulatorChannel(options(), 3);
    const lengths: number[] = [];
    for (let id = 1n; id <= 20n; id++) {
      await simulator.send(message(id, null));
      lengths.push(simulator.ledger.length);
    }
    expect(Math.max(...lengths)).toBe(6);
    expect(Math.min(...lengths.slice(2))).toBe(3);
    expect(simulator.ledger.map((e) => e.messageId)).toEqual(Array.from({ length: simulator.ledger.length }, (_, i) => BigInt(21 - simulator.ledger.length + i)));
  });

  it("keeps no ledger in memory with a limit of 0 (production), and still writes the ledger file", async () => {
    const ledgerFile = path.join(dir, "ledger-only-file.jsonl");
    const simulator = new SimulatorChannel(options({ ledgerFile }), 0);
    for (let id = 1n; id <= 3n; id++) expect((await simulator.send(message(id, null))).ok).toBe(true);
    expect(simulator.ledger).toEqual([]);
    expect(
      fs
        .readFileSync(ledgerFile, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { messageId: string }).messageId),
    ).toEqual(["1", "2", "3"]);
  });

  it("writes the kind to the ledger file too", async () => {
    const ledgerFile = path.join(dir, "ledger.jsonl");
    const simulator = new SimulatorChannel(options({ ledgerFile }));
    await simulator.send(message(10n, { kind: "location", latitude: 1, longitude: 2, name: null, address: null }));
    await simulator.send(message(11n, null));
    const lines = fs
      .readFileSync(ledgerFile, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toMatchObject([
      { messageId: "10", to: "966501234567", from: "966551000003", kind: "location", providerMessageId: simulator.ledger[0]!.providerMessageId },
      { messageId: "11", kind: "text" },
    ]);
  });

  it("records nothing for a kind it was told to fail", async () => {
    const simulator = new SimulatorChannel(options({ failPattern: /^966500000001$/ }));
    const result = await simulator.send(message(20n, media("sticker"), { to: "966500000001" }));
    expect(result).toMatchObject({ ok: false, error: "recipient_not_on_whatsapp" });
    expect(simulator.ledger).toEqual([]);
  });
});

describe("simulator number-health signals", () => {
  it("answers a recipient matching the signal pattern as Meta answers 131048", async () => {
    const simulator = new SimulatorChannel(options({ signalPattern: /^96650000099/, signal: "spam_rate_limit" }));
    expect(await simulator.send(message(30n, null, { to: "966500000991" }))).toEqual({
      ok: false,
      error: "sender_restricted",
      permanent: false,
      providerCode: "SIM_131048",
      signal: "spam_rate_limit",
    });
    expect(await simulator.send(message(31n, null))).toMatchObject({ ok: true });
    expect(simulator.ledger.map((e) => e.messageId)).toEqual([31n]);
  });

  it("answers every send from a number after signalAfterSends, and only from that number", async () => {
    const simulator = new SimulatorChannel(options({ signal: "ecosystem_engagement", signalAfterSends: 2 }));
    const other = { accountId: 4, phoneNumber: "966551000004", settings: {} };
    expect(await simulator.send(message(40n, null))).toMatchObject({ ok: true });
    expect(await simulator.send(message(41n, null))).toMatchObject({ ok: true });
    const third = await simulator.send(message(42n, null));
    expect(third).toEqual({ ok: false, error: "sender_restricted", permanent: true, providerCode: "SIM_131049", signal: "ecosystem_engagement" });
    expect(await simulator.send(message(43n, null))).toMatchObject({ ok: false, signal: "ecosystem_engagement" });
    expect(await simulator.send(message(44n, null, { from: other }))).toMatchObject({ ok: true });
  });

  it("sends quality_red once, in the background, after qualityRedAfterSends sends from a number", async () => {
    const simulator = new SimulatorChannel(options({ qualityRedAfterSends: 2 }));
    const events: unknown[] = [];
    simulator.onHealthEvent = (e) => {
      events.push(e);
      return Promise.resolve();
    };
    await simulator.send(message(50n, null));
    await simulator.send(message(51n, null));
    // The event follows the answer, as a provider's webhook would.
    expect(events).toEqual([]);
    for (let i = 52n; i < 56n; i++) await simulator.send(message(i, null));
    await waitFor(
      () => events.length,
      (n) => n > 0,
    );
    expect(events).toEqual([{ accountId: 3, signal: "quality_red" }]);
  });

  it("sends session_lost after sessionLostAfterSends, unless stopReplies ran first", async () => {
    const events: unknown[] = [];
    const [kept, stopped] = [1, 2].map(() => new SimulatorChannel(options({ sessionLostAfterSends: 1 })));
    for (const simulator of [kept!, stopped!]) {
      simulator.onHealthEvent = (e) => {
        events.push(e);
        return Promise.resolve();
      };
      await simulator.send(message(60n, null));
    }
    stopped!.stopReplies();
    // The kept one's event, scheduled the same way as the stopped one's would have been, has arrived.
    await waitFor(
      () => events.length,
      (n) => n > 0,
    );
    expect(events).toEqual([{ accountId: 3, signal: "session_lost" }]);
  });
});

describe("simulator lost answers", () => {
  it("takes a lost-answer recipient's first attempt and answers it as a lost timeout; the retry is a second delivery", async () => {
    const simulator = new SimulatorChannel(options({ lostAnswerPattern: /^966500000777$/ }));
    const lost = message(70n, null, { to: "966500000777" });
    expect(await simulator.send(lost)).toEqual({ ok: false, error: "timeout", permanent: false, providerCode: "SIM_ANSWER_LOST", answerLost: true });
    expect(simulator.ledger.map((e) => e.messageId)).toEqual([70n]);
    expect(await simulator.send(lost)).toMatchObject({ ok: true });
    expect(await simulator.send(message(71n, null))).toMatchObject({ ok: true });
    expect(simulator.ledger.map((e) => e.messageId)).toEqual([70n, 70n, 71n]);
  });

  it("with stallAfterAccept, has the message in its ledger while the answer is still on its way", async () => {
    const simulator = new SimulatorChannel(options({ latencyMs: 200, stallAfterAccept: true }));
    let answered = false;
    const sending = simulator.send(message(80n, null)).then((r) => {
      answered = true;
      return r;
    });
    expect(simulator.ledger.map((e) => e.messageId)).toEqual([80n]);
    expect(answered).toBe(false);
    expect(await sending).toMatchObject({ ok: true, providerMessageId: simulator.ledger[0]!.providerMessageId });
  });

  it("without it, takes the message only once its latency is over", async () => {
    const simulator = new SimulatorChannel(options({ latencyMs: 50 }));
    const sending = simulator.send(message(81n, null));
    expect(simulator.ledger).toEqual([]);
    await sending;
    expect(simulator.ledger.map((e) => e.messageId)).toEqual([81n]);
  });
});
