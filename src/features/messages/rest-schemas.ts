import { z } from "zod";
import { accountId, imageUrl, messageText, outsideWindow, phoneNumber, priority, sendAt, templateName, textOrTemplate, validForSeconds, variables } from "../../core/send-input.js";
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
};

export const sendBody = z
  .strictObject({ to: phoneNumber, ...sendOptions, variables: variables.optional(), outside_window: outsideWindow.optional() })
  .check(textOrTemplate("message"))
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
    delivered_at: timestamp.nullable().meta({ description: "When the channel reported it delivered (channels with receipts)." }),
    read_at: timestamp.nullable().meta({ description: "When the channel reported it read." }),
  })
  .meta({ id: "Message" });

export const cancelMessageResponse = z
  .object({
    success: z.literal(true),
    message_id: messageId,
    cancelled: z.boolean().meta({ description: "True when this request cancelled it; false when it had already started sending, ended, or was cancelled before." }),
    status,
    error: failure,
  })
  .meta({ id: "CancelMessageResponse" });
