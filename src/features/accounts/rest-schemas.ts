import { z } from "zod";
import { AccountStatus } from "../../generated/prisma/enums.js";
import { normalised } from "../../core/rest/schemas.js";
import { CONTENT_KINDS } from "../../core/message-content.js";

// The account routes' answers (see core/rest/schemas.ts for how the facade uses them).

export const accountsResponse = z
  .object({
    accounts: z.array(
      z.object({
        id: z.number().int().positive(),
        name: z.string(),
        phone_number: normalised,
        status: z.enum(AccountStatus),
        today_sent: z.number().int().nonnegative(),
        month_sent: z.number().int().nonnegative(),
        daily_limit: z.number().int().nonnegative(),
        monthly_limit: z.number().int().nonnegative(),
        capabilities: z
          .object({
            channel: z.string().meta({ description: "simulator, whatsapp-cloud or waha." }),
            kinds: z.array(z.enum(CONTENT_KINDS)).meta({ description: "The content kinds it can send." }),
            customer_window: z.boolean().meta({ description: "True: free-form messages only within 24 hours of the contact's last message to this number (Meta's rule); template messages any time." }),
          })
          .meta({ id: "AccountCapabilities", description: "What the number's channel can send; a send naming it with another kind gets UNSUPPORTED_BY_CHANNEL." }),
      }),
    ),
  })
  .meta({ id: "Accounts" });

export const balanceResponse = z
  .object({
    plan: z.string(),
    subscription_ends: z.iso.date().meta({ description: "Last day of the subscription (service time zone); it still counts." }),
    messages: z.object({ limit: z.number().int(), used: z.number().int(), remaining: z.number().int() }),
    accounts: z.object({ limit: z.number().int(), connected: z.number().int() }),
  })
  .meta({ id: "Balance" });
