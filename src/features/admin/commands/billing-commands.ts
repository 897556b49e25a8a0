import { z } from "zod";
import type { Db } from "../../../core/db/database.js";
import { ServiceError } from "../../../core/errors.js";
import { extendTrial, refundInvoice, setPlanByOperator, type OperatorBillingDeps } from "../../billing/index.js";

// The operator's money commands on one business (docs/operators.md, "Money"): a plan given without
// a charge, a longer trial, a refund through the provider that took the payment. They need the
// provider's settings and the service clock: the server hands them over, and so does the command line.

const tenant = z.coerce.number().int().positive();
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be YYYY-MM-DD")
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), "must be a real date");
const invoiceNumber = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^INV-\d{4}-\d{1,9}$/, "must be an invoice's number, such as INV-2026-000123");
const halalas = z.coerce.number().int("must be whole halalas").min(1, "must be at least 1 halala").max(1_000_000_000);

interface Settings {
  services?: Omit<OperatorBillingDeps, "db"> | undefined;
}

/** The server's (or the command line's) settings and clock, with this database. */
function depsOf(db: Db, settings: Settings): OperatorBillingDeps {
  if (!settings.services) throw new ServiceError("SERVICE_UNAVAILABLE", "This command needs the gateway's billing settings; run it on the server or with npm run admin.");
  return { ...settings.services, db };
}

export const billingCommands = {
  "tenant:plan": {
    help: "--tenant <id> --plan <name> (moves the business to the plan's latest version now, without a charge; its next renewal charges the new price)",
    args: z.object({ tenant, plan: z.string().trim().min(1).max(100) }),
    run: (db: Db, a: { tenant: number; plan: string }, settings: Settings) => setPlanByOperator(depsOf(db, settings), a.tenant, a.plan),
  },
  "tenant:extend-trial": {
    help: "--tenant <id> --until <YYYY-MM-DD> (a business on a trial keeps it, and sends, to that day)",
    args: z.object({ tenant, until: day }),
    run: (db: Db, a: { tenant: number; until: string }, settings: Settings) => extendTrial(depsOf(db, settings), a.tenant, a.until),
  },
  "invoice:refund": {
    help: "--invoice <INV-YYYY-NNNNNN> [--amount <halalas> (all that is left)] [--tenant <id> (the invoice must be its)] (refunds through the provider that took the payment; a credit note follows)",
    args: z.object({ invoice: invoiceNumber, amount: halalas.optional(), tenant: tenant.optional() }),
    run: (db: Db, a: { invoice: string; amount?: number | undefined; tenant?: number | undefined }, settings: Settings) =>
      refundInvoice(depsOf(db, settings), a.invoice, a.amount, a.tenant),
  },
} as const;
