import fs from "node:fs";
import { expect } from "vitest";
import { cloudInboundMessages } from "../../src/features/inbound/payloads/cloud-payloads.js";
import { wahaInboundMessages } from "../../src/features/inbound/payloads/waha-payloads.js";

// What the unit tests of the providers' inbound payloads share: recorded fixtures, a fixed clock,
// and payloads built around the messages a test gives.

export const fixture = (name: string): any => JSON.parse(fs.readFileSync(new URL(`../fixtures/providers/${name}.json`, import.meta.url), "utf8"));

export const NOW = new Date("2025-06-09T12:00:00Z");
export const at = (seconds: number) => new Date(seconds * 1000);

/** Every field a draft has, null unless a test says otherwise. */
export const empty = { mediaUrl: null, mediaId: null, mimeType: null, fileName: null, latitude: null, longitude: null, replyToProviderId: null };
export const CLOUD_RECIPIENT = { phoneNumberId: "106540352242922", displayPhoneNumber: "966550000001" };
export const WAHA_RECIPIENT = { session: "default", meId: "966550000001@c.us" };

/** A Cloud payload around the given messages (and contacts). */
export function cloud(messages: unknown[], contacts: unknown[] = [{ profile: { name: "Sara" }, wa_id: "966501234567" }]) {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "966550000001", phone_number_id: "106540352242922" },
              contacts,
              messages,
            },
          },
        ],
      },
    ],
  };
}
let serial = 0;
export const cloudText = (extra: Record<string, unknown> = {}) => ({
  from: "966501234567",
  id: `wamid.TEST${++serial}`,
  timestamp: "1749416383",
  type: "text",
  text: { body: "hi" },
  ...extra,
});
export const one = (messages: unknown[], contacts?: unknown[]) => {
  const drafts = cloudInboundMessages(cloud(messages, contacts), NOW);
  expect(drafts).toHaveLength(1);
  return drafts[0]!;
};

/** A WAHA event whose payload is the fixture's text message with changes. */
export function waha(payload: Record<string, unknown> = {}, envelope: Record<string, unknown> = {}) {
  const base = fixture("waha-message");
  return { ...base, ...envelope, payload: { ...base.payload, ...payload } };
}
export const wahaOne = (payload: Record<string, unknown> = {}, envelope: Record<string, unknown> = {}) => {
  const drafts = wahaInboundMessages(waha(payload, envelope), NOW);
  expect(drafts).toHaveLength(1);
  return drafts[0]!;
};
