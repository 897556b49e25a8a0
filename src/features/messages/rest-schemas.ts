import { z } from "zod";
import { accountId, imageUrl, messageText, outsideWindow, phoneNumber, priority, sendAt, templateName, validForSeconds, variables } from "../../core/input/send-input.js";
import { CONTENT_KINDS } from "../../core/content/message-content.js";
import { contentFields, contentRules, REST_CONTENT_NAMES } from "../../core/content/content-input.js";
import { messageId, normalised, timestamp, status, failure } from "../../core/rest/schemas.js";

// The single-message routes' bodies and answers (see core/rest/schemas.ts for how the facade uses them).

/** What single and bulk sends both take besides their recipients (exactly one of `message` and `template`). */
export const sendOptions = {
  message: messageText.optional().meta({ description: "Message text (with an image: its caption), with optional {{placeholders}}; required unless `template` is given." }),
  template: templateName.optional(),
  image_url: imageUrl.nullable().optional(),
  account_id: accountId.nullable().optional(),
  send_at: sendAt.nullable().optional(),
  valid_for_seconds: validForSeconds.nullable().optional(),
  priority: priority.nullable().optional(),
  media: contentFields.media.meta({ id: "Media", description: "A file by https link (the caption is `message`)." }),
  location: contentFields.location.meta({ id: "Location" }),
  contacts: contentFields.contacts.meta({ description: "1 to 10 contact cards." }),
  reaction: contentFields.reaction.meta({ id: "Reaction", description: "An emoji on a message of the chat with `to` (single sends only); it goes from that message's number." }),
  interactive: contentFields.interactive.meta({ id: "Interactive", description: "WhatsApp Cloud only: reply buttons or a list; the body is `message`." }),
  whatsapp_template: contentFields.whatsappTemplate.meta({
    id: "WhatsAppTemplateMessage",
    description: "A Meta-approved template message, checked against your registration; sent whatever the customer-service window.",
  }),
  fallback_template: contentFields.fallbackTemplate.meta({ description: "Sent instead of a free-form message to a contact whose customer-service window is closed." }),
};

/** The content rules, with the REST body's field names. */
export const restContentRules = contentRules(REST_CONTENT_NAMES);

export const sendBody = z
  .strictObject({ to: phoneNumber, ...sendOptions, variables: variables.optional(), outside_window: outsideWindow.optional() })
  .check(restContentRules)
  .meta({ id: "SendRequest" });

export const sendResponse = z
  .object({
    success: z.literal(true),
    message_id: messageId,
    to: normalised,
    status,
    send_at: timestamp.optional().meta({ description: "Only for a message queued for later (a future send_at, or outside_window queue): when it is due." }),
  })
  .meta({ id: "SendResponse" });

export const messageResponse = z
  .object({
    id: messageId,
    to: normalised,
    status,
    sent_at: timestamp.nullable(),
    error: failure,
    kind: z.enum(CONTENT_KINDS).meta({ description: "What it carries: text (with image_url if set), a media kind, location, contacts, reaction, interactive or template." }),
    delivered_at: timestamp.nullable().meta({ description: "When the channel reported it delivered (channels with receipts)." }),
    read_at: timestamp.nullable().meta({ description: "When the channel reported it read." }),
  })
  .meta({ id: "Message" });

export const cancelMessageResponse = z
  .object({
    success: z.literal(true),
    message_id: messageId,
    cancelled: z.boolean().meta({ description: "True when this request cancelled it; false when it had already started sending, ended, or was cancelled before." }),
    in_flight: z
      .boolean()
      .meta({ description: "True when it was in the provider's hands and had not ended when the cancel stopped waiting (at most CHANNEL_TIMEOUT_MS): it may still go out." }),
    status,
    error: failure,
  })
  .meta({ id: "CancelMessageResponse" });
