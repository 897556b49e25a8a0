import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CHANNEL_CAPABILITIES } from "../src/core/channels/capabilities.js";
import type { OutgoingMessage } from "../src/core/channels/channel.js";
import { SimulatorChannel, type SimulatorOptions } from "../src/core/channels/simulator.js";
import { CONTENT_KINDS, type ContentKind, type RichContent } from "../src/core/message-content.js";

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
