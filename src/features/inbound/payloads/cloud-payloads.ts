import { z } from "zod";
import {
  draftOf,
  MAX_INBOUND_MESSAGES,
  MAX_TEXT,
  MAX_CHOICE_ID,
  MAX_NAME,
  MAX_FILE_NAME,
  providerId,
  unixSeconds,
  degrees,
  lenient,
  text,
  providerTime,
  bounded,
  mimeType,
  mediaUrl,
  coordinates,
  cloudNumber,
  type InboundDraft,
} from "./inbound-payloads.js";

// Meta WhatsApp Cloud API: see inbound-payloads.ts for the rules every provider's parser keeps.

const cloudMedia = z.looseObject({
  id: lenient(providerId),
  mime_type: text,
  caption: text,
  filename: text,
  url: text,
});

const cloudMessage = z.looseObject({
  id: providerId,
  type: z.string().max(64),
  /** Omitted for a user who adopted a username (then only from_user_id identifies them). */
  from: text,
  /** The business-scoped user ID (BSUID), e.g. "SA.13491208655302741918". */
  from_user_id: lenient(providerId),
  /** Present on messages of the Groups API. */
  group_id: text,
  timestamp: lenient(unixSeconds),
  context: lenient(z.looseObject({ id: lenient(providerId) })),
  text: lenient(z.looseObject({ body: text })),
  image: lenient(cloudMedia),
  document: lenient(cloudMedia),
  audio: lenient(cloudMedia),
  video: lenient(cloudMedia),
  sticker: lenient(cloudMedia),
  location: lenient(z.looseObject({ latitude: lenient(degrees), longitude: lenient(degrees), name: text, address: text })),
  /** Shared contact cards (Meta's contacts messages webhook reference): each one's name and numbers are kept as text. */
  contacts: lenient(
    z
      .array(
        z.looseObject({
          name: lenient(z.looseObject({ formatted_name: text })),
          phones: lenient(z.array(z.looseObject({ phone: text, wa_id: text })).max(20)),
        }),
      )
      .max(50),
  ),
  /** A quick-reply button of a template. */
  button: lenient(z.looseObject({ text, payload: text })),
  interactive: lenient(
    z.looseObject({
      type: lenient(z.string().max(64)),
      button_reply: lenient(z.looseObject({ id: text, title: text })),
      list_reply: lenient(z.looseObject({ id: text, title: text })),
    }),
  ),
  reaction: lenient(z.looseObject({ message_id: lenient(providerId), emoji: text })),
});

const cloudContact = z.looseObject({
  wa_id: text,
  user_id: lenient(providerId),
  profile: lenient(z.looseObject({ name: text })),
});

const cloudPayload = z.looseObject({
  object: lenient(z.string().max(64)),
  entry: z
    .array(
      z.looseObject({
        changes: z
          .array(
            z.looseObject({
              field: lenient(z.string().max(64)),
              value: lenient(
                z.looseObject({
                  metadata: lenient(z.looseObject({ phone_number_id: lenient(providerId), display_phone_number: lenient(providerId) })),
                  contacts: lenient(z.array(z.unknown()).max(MAX_INBOUND_MESSAGES)),
                  messages: z.array(z.unknown()).max(MAX_INBOUND_MESSAGES).optional(),
                }),
              ),
            }),
          )
          .max(MAX_INBOUND_MESSAGES)
          .optional(),
      }),
    )
    .max(MAX_INBOUND_MESSAGES),
});

const CLOUD_MEDIA = ["image", "document", "audio", "video", "sticker"] as const;

/**
 * Messages a WhatsApp user sent to one of our Cloud API numbers. `statuses` in the same payload
 * are receipts, read by the receipt handler, and are ignored here.
 *
 * Skipped on purpose:
 * - type "system" (the user changed number or BSUID): a notice from WhatsApp, not something the
 *   user wrote; it must not read as a reply or a STOP. It also carries no contacts entry.
 * - type "request_welcome" (the user opened the chat for the first time): nothing was sent.
 * - messages with group_id (Groups API): this gateway does one-to-one business messaging.
 * Types it does not model (unsupported/unknown, contacts, order, flows…) are kept as kind "other".
 */
export function cloudInboundMessages(body: unknown, now: Date): InboundDraft[] {
  try {
    const parsed = cloudPayload.safeParse(body);
    if (!parsed.success) return [];
    if (parsed.data.object !== undefined && parsed.data.object !== "whatsapp_business_account") return [];
    const drafts: InboundDraft[] = [];
    let seen = 0;
    for (const change of parsed.data.entry.flatMap((e) => e.changes ?? [])) {
      if (change.field !== undefined && change.field !== "messages") continue;
      const value = change.value;
      if (!value?.messages) continue;
      const recipient: InboundDraft["recipient"] = {};
      if (value.metadata?.phone_number_id) recipient.phoneNumberId = value.metadata.phone_number_id;
      if (value.metadata?.display_phone_number) recipient.displayPhoneNumber = value.metadata.display_phone_number;
      const contacts = (value.contacts ?? []).flatMap((c) => {
        const contact = cloudContact.safeParse(c);
        return contact.success ? [contact.data] : [];
      });
      for (const raw of value.messages) {
        if (seen++ >= MAX_INBOUND_MESSAGES) return drafts;
        const message = cloudMessage.safeParse(raw);
        if (!message.success) continue;
        const draft = cloudDraft(message.data, contacts, recipient, now);
        if (draft) drafts.push(draft);
      }
    }
    return drafts;
  } catch {
    return [];
  }
}

function cloudDraft(m: z.output<typeof cloudMessage>, contacts: z.output<typeof cloudContact>[], recipient: InboundDraft["recipient"], now: Date): InboundDraft | null {
  if (m.type === "system" || m.type === "request_welcome" || m.group_id !== undefined) return null;
  // The contacts entry of this sender: matched by number or BSUID, else the only one there is.
  const contact =
    contacts.find((c) => (m.from !== undefined && c.wa_id === m.from) || (m.from_user_id !== undefined && c.user_id === m.from_user_id)) ??
    (contacts.length === 1 ? contacts[0] : undefined);
  const fromNumber = cloudNumber(m.from) ?? cloudNumber(contact?.wa_id);
  const fromLid = m.from_user_id ?? contact?.user_id ?? null;
  if (fromNumber === null && fromLid === null) return null;

  const draft = draftOf({
    providerMessageId: m.id,
    recipient: { ...recipient },
    fromNumber,
    fromLid,
    profileName: bounded(contact?.profile?.name, MAX_NAME, true),
    replyToProviderId: m.context?.id ?? null,
    sentAt: providerTime(m.timestamp, now),
  });

  const mediaType = CLOUD_MEDIA.find((t) => t === m.type);
  if (m.type === "text") {
    draft.kind = "text";
    draft.text = bounded(m.text?.body, MAX_TEXT);
  } else if (mediaType) {
    const media = m[mediaType];
    draft.kind = mediaType;
    draft.text = bounded(media?.caption, MAX_TEXT);
    draft.mediaId = media?.id ?? null;
    draft.mediaUrl = mediaUrl(media?.url);
    draft.mimeType = mimeType(media?.mime_type);
    draft.fileName = bounded(media?.filename, MAX_FILE_NAME, true);
  } else if (m.type === "location") {
    const point = coordinates(m.location?.latitude, m.location?.longitude);
    // Its name and address, when the user shared a place rather than a pin.
    if (point) Object.assign(draft, { kind: "location", ...point, text: bounded([m.location?.name, m.location?.address].filter(Boolean).join(", ") || undefined, MAX_TEXT) });
  } else if (m.type === "contacts" && m.contacts?.length) {
    draft.kind = "contacts";
    draft.text = bounded(
      m.contacts.map((c) => [c.name?.formatted_name, ...(c.phones ?? []).map((p) => p.phone ?? p.wa_id)].filter(Boolean).join(" ")).join("\n") || undefined,
      MAX_TEXT,
    );
  } else if (m.type === "button") {
    Object.assign(draft, { kind: "button", text: bounded(m.button?.text ?? m.button?.payload, MAX_TEXT), choiceId: bounded(m.button?.payload, MAX_CHOICE_ID) });
  } else if (m.type === "interactive") {
    const reply = m.interactive?.type === "button_reply" ? m.interactive.button_reply : m.interactive?.type === "list_reply" ? m.interactive.list_reply : undefined;
    if (reply) Object.assign(draft, { kind: "button", text: bounded(reply.title ?? reply.id, MAX_TEXT), choiceId: bounded(reply.id, MAX_CHOICE_ID) });
  } else if (m.type === "reaction") {
    // No emoji means the user removed their reaction.
    draft.kind = "reaction";
    draft.text = bounded(m.reaction?.emoji, MAX_TEXT);
    draft.replyToProviderId = m.reaction?.message_id ?? draft.replyToProviderId;
  }
  return draft;
}
