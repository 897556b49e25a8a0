import { z } from "zod";
import { pruneExpiredRecords } from "../operations/index.js";
import { expiredRecordSteps } from "./prune-steps.js";
import { insertTenant, updateTenant } from "./admin-sql.js";
import { planCommands } from "./commands/plan-commands.js";
import type { Db } from "../../core/db/database.js";
import { SCOPES } from "../../core/auth/scopes.js";
import { createKeyAsOperator, revokeKeyAsOperator } from "../keys/index.js";
import { normalizePhoneNumber } from "../../core/input/phone.js";
import { ServiceError, notFound, validationError } from "../../core/errors.js";
import { parseInput, storableText } from "../../core/input/validation.js";
import { dateOnly, type ServiceClock } from "../../core/clock.js";
import { insertAccount, resumeNumber, updateAccount } from "../accounts/index.js";
import { accountData, accountOptions, accountOptionsHelp, type AccountOptions } from "./account-options.js";
import type { AccountChannelSettings } from "../../core/channels/channel.js";
import type { Config } from "../../core/config.js";
import { parseSendWindow, setSendWindow } from "../campaigns/index.js";
import { forgetCachedKeys } from "../../core/auth/key-cache.js";
import { wahaServerCommands } from "./commands/waha-server-commands.js";
import { userCommands } from "./commands/user-commands.js";
import { signupCommands } from "./commands/signup-commands.js";
import { chatwootCommands } from "./commands/chatwoot-commands.js";
import { restoreCommands } from "./commands/restore-commands.js";
import { retentionCommands } from "./commands/retention-commands.js";
import { erasureCommands } from "./commands/erasure-commands.js";
import { verifyAuditChain } from "../audit/index.js";
import { byOperator } from "../../core/audit/audited.js";
import { verifyOperatorChain } from "../operators/index.js";
import type { Actor } from "../../core/principal.js";
import { operatorCommands } from "./commands/operator-commands.js";
import { businessCommands } from "./commands/business-commands.js";
import { figuresCommands } from "./commands/figures-commands.js";
import { billingCommands } from "./commands/billing-commands.js";
import { webhookCommands } from "./commands/webhook-commands.js";
import type { OperatorBillingDeps } from "../billing/index.js";

// Operator commands (npm run admin). The CLI runs them against the database directly, or through
// the running server's admin endpoint when the server holds the embedded database.

const id = z.coerce.number().int().positive();
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be YYYY-MM-DD")
  .refine((s) => !Number.isNaN(Date.parse(s)), "must be a real date");
const phone = z.string().transform((raw, ctx) => {
  const n = normalizePhoneNumber(raw);
  if (!n) ctx.addIssue({ code: "custom", message: "must be a mobile number such as 05XXXXXXXX or 9665XXXXXXXX" });
  return n ?? "";
});

/** What a suspended business is told, in its 403s: one line of plain text. */
const suspensionReason = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((s) => storableText(s) && !/[\r\n]/.test(s), "must be one line of text");

const toDate = (s: string) => new Date(`${s}T00:00:00Z`);

/** Settings some commands follow; without them, the strict defaults. */
export interface AdminSettings {
  webhooks: Pick<Config["webhooks"], "allowPrivateAddresses">;
  housekeeping: Pick<Config["housekeeping"], "webhookRetentionDays" | "auditRetentionDays" | "messageRetentionDays">;
  /** Where the links user commands print point (CONSOLE_URL); undefined: the console's path alone. */
  consoleUrl?: string | undefined;
  /** The server's service clock, when a server runs the command; the CLI has the system's. */
  clock?: { now(): Date } | undefined;
  /** ERASURE_KEY, for contact:erase. */
  erasureKey?: string | undefined;
  /** Who runs the command (an operator signed in, or the command line), for the operators' chain. */
  actor?: Actor | undefined;
  /** TIME_ZONE: the zone whose months a business's use is counted in. */
  timeZone?: string | undefined;
  /** The configuration, service clock and addresses, for commands that reach a payment provider. */
  services?: Omit<OperatorBillingDeps, "db"> | undefined;
}
export const strictSettings: AdminSettings = {
  webhooks: { allowPrivateAddresses: false },
  housekeeping: { webhookRetentionDays: 30, auditRetentionDays: 400, messageRetentionDays: undefined },
};

const commands = {
  ...planCommands,
  ...businessCommands,
  ...figuresCommands,
  ...billingCommands,
  "maintenance:prune": {
    help: "(deletes idempotency keys past 24 hours, webhook deliveries ended more than WEBHOOK_RETENTION_DAYS ago and audit events older than AUDIT_RETENTION_DAYS; workers also do it hourly)",
    args: z.object({}),
    // The CLI runs without a server's clock; the system's is the same clock outside tests.
    run: (db: Db, _a: unknown, settings: AdminSettings) => pruneExpiredRecords(expiredRecordSteps(db, settings.housekeeping), settings.clock?.now() ?? new Date()),
  },
  "audit:verify": {
    help: "[--tenant <id>] [--operator] (recomputes every audit event's hash and link, the tenants' or with --operator the operators'; names each event that does not verify, and exits 1 if any)",
    args: z.object({ tenant: id.optional(), operator: z.enum(["true"]).optional() }),
    run: async (db: Db, a: { tenant?: number | undefined; operator?: "true" | undefined }) => {
      const report = a.operator ? await verifyOperatorChain(db) : await verifyAuditChain(db, a.tenant);
      return { ok: report.breaks.length === 0, ...report };
    },
  },
  "plan:list": {
    help: "",
    args: z.object({}),
    run: (db: Db) => db.plan.findMany({ orderBy: [{ name: "asc" }, { version: "asc" }] }),
  },
  "tenant:create": {
    help: "--name <name> --plan <plan id or name> --ends <YYYY-MM-DD>",
    args: z.object({ name: z.string().min(1), plan: z.string().min(1), ends: day }),
    run: async (db: Db, a: { name: string; plan: string; ends: string }) => {
      // A plan named is its latest version.
      const plan = await db.plan.findFirst({ where: /^\d+$/.test(a.plan) ? { id: Number(a.plan) } : { name: a.plan }, orderBy: { version: "desc" } });
      if (!plan) throw notFound("Plan");
      return showTenant(await insertTenant(db, { name: a.name, planId: plan.id, subscriptionEndsOn: toDate(a.ends) }));
    },
  },
  "tenant:list": {
    help: "",
    args: z.object({}),
    run: async (db: Db) => (await db.tenant.findMany({ orderBy: { id: "asc" } })).map(showTenant),
  },
  "tenant:suspend": {
    help: '--tenant <id> [--reason "<what the business is told>"] (its keys and sessions are refused with 403 and the reason)',
    args: z.object({ tenant: id, reason: suspensionReason.optional() }),
    run: async (db: Db, a: { tenant: number; reason?: string | undefined }) =>
      showTenant(await changeTenant(db, a.tenant, { status: "suspended", suspensionReason: a.reason ?? null })),
  },
  "tenant:resume": {
    help: "--tenant <id>",
    args: z.object({ tenant: id }),
    run: async (db: Db, a: { tenant: number }) => showTenant(await changeTenant(db, a.tenant, { status: "active", suspensionReason: null })),
  },
  "tenant:send-window": {
    help: "--tenant <id> --days sun,mon,tue,wed,thu --start 09:00 --end 21:00 [--time-zone Asia/Riyadh] (queued messages go out only then)",
    args: z.object({ tenant: id, days: z.string(), start: z.string(), end: z.string(), timeZone: z.string().default("Asia/Riyadh") }),
    run: async (db: Db, a: { tenant: number; days: string; start: string; end: string; timeZone: string }, settings: AdminSettings) => {
      await existingTenant(db, a.tenant);
      const days = a.days.split(",").map((d) => d.trim().toLowerCase());
      return setSendWindow(db, a.tenant, parseSendWindow({ timeZone: a.timeZone, days, start: a.start, end: a.end }), byOperator(settings));
    },
  },
  "tenant:send-window-clear": {
    help: "--tenant <id> (messages go out at any time)",
    args: z.object({ tenant: id }),
    run: async (db: Db, a: { tenant: number }, settings: AdminSettings) => (await existingTenant(db, a.tenant), setSendWindow(db, a.tenant, null, byOperator(settings))),
  },
  "tenant:renew": {
    help: "--tenant <id> --until <YYYY-MM-DD>",
    args: z.object({ tenant: id, until: day }),
    run: async (db: Db, a: { tenant: number; until: string }) => showTenant(await changeTenant(db, a.tenant, { subscriptionEndsOn: toDate(a.until) })),
  },
  "key:create": {
    help: `--tenant <id> [--label <text>] [--scopes ${SCOPES[0]},${SCOPES[1]}… (all)] [--accounts <id,id…> (every number)] [--expires <ISO time>]`,
    args: z.object({
      tenant: id,
      label: z.string().min(1).default("default"),
      scopes: z.string().optional(),
      accounts: z.string().optional(),
      expires: z.iso.datetime({ offset: true }).optional(),
    }),
    run: async (
      db: Db,
      a: { tenant: number; label: string; scopes?: string | undefined; accounts?: string | undefined; expires?: string | undefined },
      settings: AdminSettings,
    ) => {
      await requireTenant(db, a.tenant);
      return createKeyAsOperator(db, a.tenant, { label: a.label, scopes: a.scopes, accounts: a.accounts, expires: a.expires }, settings);
    },
  },
  "key:list": {
    help: "--tenant <id>",
    args: z.object({ tenant: id }),
    run: (db: Db, a: { tenant: number }) => db.apiKey.findMany({ where: { tenantId: a.tenant }, omit: { hash: true }, orderBy: { id: "asc" } }),
  },
  "key:revoke": {
    help: "--key <id or prefix>",
    args: z.object({ key: z.string().min(1) }),
    run: (db: Db, a: { key: string }, settings: AdminSettings) => revokeKeyAsOperator(db, a.key, settings),
  },
  "account:create": {
    help: `--tenant <id> --phone <number> --name <label> [--warm-up true|false] ${accountOptionsHelp}`,
    args: z.object({ tenant: id, phone, name: z.string().min(1), warmUp: z.enum(["true", "false"]).optional() }).extend(accountOptions.shape),
    run: async (db: Db, a: { tenant: number; phone: string; name: string; warmUp?: "true" | "false" | undefined } & AccountOptions) => {
      const tenant = await requireTenant(db, a.tenant);
      const status = a.status ?? "connected";
      if (status === "connected") await requireAccountRoom(db, tenant.id, tenant.plan.maxAccounts);
      const taken = await db.account.findUnique({ where: { tenantId_phoneNumber: { tenantId: a.tenant, phoneNumber: a.phone } } });
      if (taken) throw validationError({ phone: `is already account ${taken.id} of this tenant` });
      const { tenant: tenantId, phone: phoneNumber, name } = a;
      // A new number warms up (its plan's ramp from today) unless told it is not new.
      const warmupStartedOn = a.warmUp === "false" ? null : new Date(`${dateOnly(new Date())}T00:00:00Z`);
      return insertAccount(db, { tenantId, phoneNumber, name, dailyLimit: 1000, monthlyLimit: 30000, warmupStartedOn, ...accountData(a, {}) });
    },
  },
  "account:update": {
    help: `--account <id> [--name <label>] ${accountOptionsHelp}`,
    args: z.object({ account: id, name: z.string().min(1).optional() }).extend(accountOptions.shape),
    run: async (db: Db, a: { account: number; name?: string | undefined } & AccountOptions) => {
      const account = await db.account.findUnique({ where: { id: a.account }, include: { tenant: { include: { plan: true } } } });
      if (!account) throw notFound("Account");
      if (a.status === "connected" && account.status !== "connected") await requireAccountRoom(db, account.tenantId, account.tenant.plan.maxAccounts);
      const data = { ...(a.name ? { name: a.name } : {}), ...accountData(a, account.settings as AccountChannelSettings) };
      return updateAccount(db, a.account, data);
    },
  },
  "account:resume": {
    help: "--account <id> [--force true]  (resume a paused or stopped number; --force even while the provider reports a block)",
    args: z.object({ account: id, force: z.enum(["true", "false"]).optional() }),
    run: async (db: Db, a: { account: number; force?: "true" | "false" | undefined }, settings: AdminSettings) => {
      const account = await db.account.findUnique({ where: { id: a.account } });
      if (!account) throw notFound("Account");
      const clock = { now: () => new Date(), timestamp: (at: Date) => at.toISOString() } as Pick<ServiceClock, "now" | "timestamp">;
      const resumed = await resumeNumber({ db, clock: clock as ServiceClock }, account.tenantId, account.id, "operator", byOperator(settings), a.force === "true");
      return { id: resumed.id, status: resumed.status, statusReason: resumed.statusReason };
    },
  },
  "account:list": {
    help: "--tenant <id>",
    args: z.object({ tenant: id }),
    run: (db: Db, a: { tenant: number }) => db.account.findMany({ where: { tenantId: a.tenant }, orderBy: { id: "asc" }, omit: { settings: true } }),
  },
  ...webhookCommands,
  ...wahaServerCommands,
  ...userCommands,
  ...signupCommands,
  ...chatwootCommands,
  ...retentionCommands,
  ...restoreCommands,
  ...erasureCommands,
  ...operatorCommands,
} as const;

export type AdminCommand = keyof typeof commands;
export const adminCommands = Object.fromEntries(Object.entries(commands).map(([name, c]) => [name, c.help])) as Record<AdminCommand, string>;

function showTenant(t: { id: number; name: string; planId: number; subscriptionEndsOn: Date; status: string; suspensionReason: string | null }) {
  return { id: t.id, name: t.name, planId: t.planId, subscriptionEnds: dateOnly(t.subscriptionEndsOn), status: t.status, suspensionReason: t.suspensionReason };
}

async function requireTenant(db: Db, tenantId: number) {
  const tenant = await db.tenant.findUnique({ where: { id: tenantId }, include: { plan: true } });
  if (!tenant) throw notFound("Tenant");
  return tenant;
}

async function changeTenant(db: Db, tenantId: number, data: { status?: "active" | "suspended"; suspensionReason?: string | null; subscriptionEndsOn?: Date }) {
  await requireTenant(db, tenantId);
  return updateTenant(db, tenantId, data);
}

async function requireAccountRoom(db: Db, tenantId: number, maxAccounts: number) {
  const connected = await db.account.count({ where: { tenantId, status: "connected" } });
  if (connected >= maxAccounts) {
    throw new ServiceError("VALIDATION_ERROR", `The plan allows ${maxAccounts} connected numbers and ${connected} are connected.`, {
      status: "the plan's connected-number limit is reached",
    });
  }
}

/** Runs one admin command with arguments named in camelCase (`--daily-limit` arrives as dailyLimit). */
export async function runAdminCommand(db: Db, command: string, rawArgs: Record<string, unknown>, settings: AdminSettings = strictSettings): Promise<unknown> {
  // Own names only: `constructor` or `__proto__` are not commands.
  const spec = Object.hasOwn(commands, command) ? (commands as Record<string, (typeof commands)[AdminCommand]>)[command] : undefined;
  if (!spec) throw new ServiceError("NOT_FOUND", `Unknown command ${command.slice(0, 64)}. Commands: ${Object.keys(commands).join(", ")}.`);
  const args = parseInput(spec.args, rawArgs);
  try {
    return await (spec.run as (db: Db, a: unknown, settings: AdminSettings) => Promise<unknown>)(db, args, settings);
  } finally {
    // A key revoked, a tenant suspended, a plan changed: this process's cached keys go at once
    // (other processes hear of it through the database's notification, key-cache.ts).
    forgetCachedKeys(db);
  }
}

async function existingTenant(db: Db, tenantId: number): Promise<void> {
  if (!(await db.tenant.findUnique({ where: { id: tenantId }, select: { id: true } }))) throw notFound("Tenant");
}
