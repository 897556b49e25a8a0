import { z } from "zod";

// Billing's REST bodies and answers (see core/rest/schemas.ts). Amounts are halalas (SAR / 100).

const day = z.string().meta({ description: "A day, YYYY-MM-DD.", examples: ["2026-12-31"] });
const halalas = z.number().int().min(0);
const price = z.object({ net: halalas, vat: halalas.meta({ description: "15 % VAT." }), total: halalas }).meta({ id: "Price" });
const use = z.object({ used: z.number().int().min(0), allowance: z.number().int().min(0) }).meta({ id: "BillingUse" });

const plan = z
  .object({
    name: z.string(),
    version: z.number().int().positive(),
    messages_per_month: z.number().int(),
    numbers: z.number().int(),
    users: z.number().int(),
    monthly: price,
    yearly: price,
  })
  .meta({ id: "BillingPlan" });

export const plansResponse = z
  .object({
    success: z.literal(true),
    plans: z.array(plan).meta({ description: "Each plan on sale at its newest version, cheapest first." }),
    currency: z.literal("SAR"),
    vat_percent: z.literal(15),
  })
  .meta({ id: "PlansResponse" });

export const billingResponse = z
  .object({
    success: z.literal(true),
    billing: z.object({
      plan,
      interval: z.enum(["month", "year"]),
      state: z.enum(["trial", "active", "past_due", "suspended", "canceled"]),
      period_start: day,
      period_end: day.meta({ description: "The paid-through day, as GET /balance's subscription_ends." }),
      days_left: z.number().int().min(0),
      grace_until: day.nullable().meta({ description: "While a failed renewal is retried, the account works until this day." }),
      messages: use.meta({ description: "This month's messages; the allowance includes this month's top-ups." }),
      numbers: use.meta({ description: "Connected numbers." }),
      card: z.object({ brand: z.string().nullable(), last4: z.string() }).nullable().meta({ description: "The saved card renewals are charged to." }),
      pending_plan: z.string().nullable().meta({ description: "A downgrade that takes effect when the period ends." }),
    }),
  })
  .meta({ id: "BillingResponse" });

const planName = z
  .string()
  .min(1)
  .max(100)
  .meta({ description: "A plan on sale (GET /api/v1/plans).", examples: ["Pro"] });

export const checkoutBody = z
  .strictObject({
    plan: planName,
    interval: z.enum(["month", "year"]),
    token: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .meta({ description: "The card token Moyasar's payment form made (saved for renewals); required with Moyasar, not used with Stripe.", examples: ["token_abc"] }),
  })
  .meta({ id: "CheckoutRequest" });

const paymentStatus = z.enum(["paid", "failed", "initiated"]);

export const checkoutResponse = z
  .object({
    success: z.literal(true),
    payment_id: z.number().int().positive(),
    status: paymentStatus.meta({
      description: "initiated: send the payer to redirect_url (Moyasar's 3-D Secure, or Stripe's hosted checkout page); the result comes back to the console.",
    }),
    redirect_url: z.string().nullable(),
    amount: halalas.meta({ description: "Halalas charged, VAT included: the plan's price, never the caller's." }),
  })
  .meta({ id: "CheckoutResponse" });

export const changePlanBody = z.strictObject({ plan: planName }).meta({ id: "ChangePlanRequest" });

export const changePlanResponse = z
  .object({
    success: z.literal(true),
    kind: z.enum(["upgrade", "downgrade"]),
    effective_on: day,
    payment_id: z.number().int().positive().nullable().meta({ description: "The prorated charge of an upgrade; null for a downgrade." }),
    status: paymentStatus.nullable(),
  })
  .meta({ id: "ChangePlanResponse" });

export const topUpBody = z
  .strictObject({ pack: z.number().int().positive().max(2_147_483_647).meta({ description: "A pack's id (the operator's pack:list)." }) })
  .meta({ id: "TopUpRequest" });

export const topUpResponse = z
  .object({
    success: z.literal(true),
    payment_id: z.number().int().positive(),
    status: paymentStatus,
    redirect_url: z.string().nullable().meta({ description: "With Stripe: its hosted page, where the payer pays for the pack; null with Moyasar." }),
    amount: halalas,
  })
  .meta({ id: "TopUpResponse" });
