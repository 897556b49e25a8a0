import { z } from "zod";
import type { AccountChannelSettings } from "../../core/channels/channel.js";
import { validationError } from "../../core/errors.js";

// What an operator gives a sender number, on create and on update (account:create, account:update).

export const limit = z.coerce.number().int().min(0).max(100_000_000);

/** Settings an operator gives a sender number, on create and on update. */
export const accountOptions = z.object({
  dailyLimit: limit.optional(),
  monthlyLimit: limit.optional(),
  status: z.enum(["connected", "disconnected", "token_invalid"]).optional(),
  channel: z.enum(["simulator", "whatsapp-cloud", "waha"]).optional(),
  minIntervalMs: z.coerce.number().int().min(0).max(3_600_000).optional(),
  jitterMs: z.coerce.number().int().min(0).max(3_600_000).optional(),
  cloudPhoneNumberId: z.string().min(1).optional(),
  cloudAccessToken: z.string().min(1).optional(),
  cloudWabaId: z
    .string()
    .regex(/^\d{1,32}$/, "must be the WhatsApp Business Account's id (digits)")
    .optional(),
  wahaSession: z.string().min(1).optional(),
});
export type AccountOptions = z.infer<typeof accountOptions>;
export const accountOptionsHelp =
  "[--daily-limit <n>] [--monthly-limit <n>] [--status connected|disconnected|token_invalid] " +
  "[--channel simulator|whatsapp-cloud|waha] [--min-interval-ms <n>] [--jitter-ms <n>] " +
  "[--cloud-phone-number-id <id> --cloud-access-token <token>] [--cloud-waba-id <id>] [--waha-session <name>]";

/** The columns an AccountOptions changes; provider settings are merged into what the account has. */
export function accountData(a: AccountOptions, current: AccountChannelSettings) {
  const settings: AccountChannelSettings = { ...current };
  if (a.cloudPhoneNumberId || a.cloudAccessToken || a.cloudWabaId) {
    const phoneNumberId = a.cloudPhoneNumberId ?? current.whatsappCloud?.phoneNumberId;
    const accessToken = a.cloudAccessToken ?? current.whatsappCloud?.accessToken;
    if (!phoneNumberId || !accessToken) throw validationError({ cloudAccessToken: "WhatsApp Cloud needs both --cloud-phone-number-id and --cloud-access-token" });
    // The business account its template and account webhooks name (entry.id).
    const wabaId = a.cloudWabaId ?? current.whatsappCloud?.wabaId;
    settings.whatsappCloud = { phoneNumberId, accessToken, ...(wabaId ? { wabaId } : {}) };
  }
  if (a.wahaSession) settings.waha = { session: a.wahaSession };
  const { dailyLimit, monthlyLimit, status, channel, minIntervalMs, jitterMs } = a;
  return Object.fromEntries(
    Object.entries({ dailyLimit, monthlyLimit, status, channel, minIntervalMs, jitterMs, settings: settings as object }).filter(([, v]) => v !== undefined),
  );
}
