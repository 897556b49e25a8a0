import { z } from "zod";
import type { Db } from "../db/database.js";
import { generateApiKey } from "./auth.js";
import { normalizePhoneNumber } from "./phone.js";
import { ServiceError, notFound, validationError } from "./errors.js";
import { dateOnly } from "./clock.js";

// Operator commands (npm run admin). The CLI runs them against the database directly, or through
// the running server's admin endpoint when the server holds the embedded database.

const id = z.coerce.number().int().positive();
const limit = z.coerce.number().int().min(0).max(100_000_000);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be YYYY-MM-DD").refine((s) => !Number.isNaN(Date.parse(s)), "must be a real date");
const phone = z.string().transform((raw, ctx) => {
  const n = normalizePhoneNumber(raw);
  if (!n) ctx.addIssue({ code: "custom", message: "must be a mobile number such as 05XXXXXXXX or 9665XXXXXXXX" });
  return n ?? "";
});

const toDate = (s: string) => new Date(`${s}T00:00:00Z`);

const commands = {
  "plan:create": {
    help: "--name <name> --monthly-limit <n> --max-accounts <n>",
    args: z.object({ name: z.string().min(1), monthlyLimit: limit, maxAccounts: limit }),
    run: (db: Db, a: { name: string; monthlyLimit: number; maxAccounts: number }) =>
      db.plan.create({ data: { name: a.name, monthlyMessageLimit: a.monthlyLimit, maxAccounts: a.maxAccounts } }),
  },
  "plan:list": {
    help: "",
    args: z.object({}),
    run: (db: Db) => db.plan.findMany({ orderBy: { id: "asc" } }),
  },
  "tenant:create": {
    help: "--name <name> --plan <plan id or name> --ends <YYYY-MM-DD>",
    args: z.object({ name: z.string().min(1), plan: z.string().min(1), ends: day }),
    run: async (db: Db, a: { name: string; plan: string; ends: string }) => {
      const plan = await db.plan.findFirst({ where: /^\d+$/.test(a.plan) ? { id: Number(a.plan) } : { name: a.plan } });
      if (!plan) throw notFound("Plan");
      return showTenant(await db.tenant.create({ data: { name: a.name, planId: plan.id, subscriptionEndsOn: toDate(a.ends) } }));
    },
  },
  "tenant:list": {
    help: "",
    args: z.object({}),
    run: async (db: Db) => (await db.tenant.findMany({ orderBy: { id: "asc" } })).map(showTenant),
  },
  "tenant:suspend": {
    help: "--tenant <id>",
    args: z.object({ tenant: id }),
    run: async (db: Db, a: { tenant: number }) => showTenant(await updateTenant(db, a.tenant, { status: "suspended" })),
  },
  "tenant:resume": {
    help: "--tenant <id>",
    args: z.object({ tenant: id }),
    run: async (db: Db, a: { tenant: number }) => showTenant(await updateTenant(db, a.tenant, { status: "active" })),
  },
  "tenant:renew": {
    help: "--tenant <id> --until <YYYY-MM-DD>",
    args: z.object({ tenant: id, until: day }),
    run: async (db: Db, a: { tenant: number; until: string }) =>
      showTenant(await updateTenant(db, a.tenant, { subscriptionEndsOn: toDate(a.until) })),
  },
  "key:create": {
    help: "--tenant <id> [--label <text>]",
    args: z.object({ tenant: id, label: z.string().min(1).default("default") }),
    run: async (db: Db, a: { tenant: number; label: string }) => {
      await requireTenant(db, a.tenant);
      const { key, prefix, hash } = generateApiKey();
      const row = await db.apiKey.create({ data: { tenantId: a.tenant, prefix, hash, label: a.label } });
      return { id: row.id, tenantId: row.tenantId, label: row.label, prefix, key, note: "The key is shown only now: store it." };
    },
  },
  "key:list": {
    help: "--tenant <id>",
    args: z.object({ tenant: id }),
    run: (db: Db, a: { tenant: number }) =>
      db.apiKey.findMany({ where: { tenantId: a.tenant }, omit: { hash: true }, orderBy: { id: "asc" } }),
  },
  "key:revoke": {
    help: "--key <id or prefix>",
    args: z.object({ key: z.string().min(1) }),
    run: async (db: Db, a: { key: string }) => {
      const where = /^\d+$/.test(a.key) ? { id: Number(a.key) } : { prefix: a.key };
      const row = await db.apiKey.findUnique({ where, omit: { hash: true } });
      if (!row) throw notFound("API key");
      return db.apiKey.update({ where: { id: row.id }, data: { revokedAt: row.revokedAt ?? new Date() }, omit: { hash: true } });
    },
  },
  "account:create": {
    help: "--tenant <id> --phone <number> --name <label> [--daily-limit <n>] [--monthly-limit <n>] [--status connected|disconnected]",
    args: z.object({
      tenant: id,
      phone,
      name: z.string().min(1),
      dailyLimit: limit.default(1000),
      monthlyLimit: limit.default(30000),
      status: z.enum(["connected", "disconnected"]).default("connected"),
    }),
    run: async (db: Db, a: { tenant: number; phone: string; name: string; dailyLimit: number; monthlyLimit: number; status: "connected" | "disconnected" }) => {
      const tenant = await requireTenant(db, a.tenant);
      if (a.status === "connected") await requireAccountRoom(db, tenant.id, tenant.plan.maxAccounts);
      const taken = await db.account.findUnique({ where: { tenantId_phoneNumber: { tenantId: a.tenant, phoneNumber: a.phone } } });
      if (taken) throw validationError({ phone: `is already account ${taken.id} of this tenant` });
      return db.account.create({
        data: { tenantId: a.tenant, phoneNumber: a.phone, name: a.name, dailyLimit: a.dailyLimit, monthlyLimit: a.monthlyLimit, status: a.status },
      });
    },
  },
  "account:update": {
    help: "--account <id> [--name <label>] [--daily-limit <n>] [--monthly-limit <n>] [--status connected|disconnected]",
    args: z.object({
      account: id,
      name: z.string().min(1).optional(),
      dailyLimit: limit.optional(),
      monthlyLimit: limit.optional(),
      status: z.enum(["connected", "disconnected"]).optional(),
    }),
    run: async (db: Db, a: { account: number; name?: string | undefined; dailyLimit?: number | undefined; monthlyLimit?: number | undefined; status?: "connected" | "disconnected" | undefined }) => {
      const account = await db.account.findUnique({ where: { id: a.account }, include: { tenant: { include: { plan: true } } } });
      if (!account) throw notFound("Account");
      if (a.status === "connected" && account.status !== "connected") await requireAccountRoom(db, account.tenantId, account.tenant.plan.maxAccounts);
      const { account: _, ...data } = a;
      return db.account.update({ where: { id: a.account }, data });
    },
  },
  "account:list": {
    help: "--tenant <id>",
    args: z.object({ tenant: id }),
    run: (db: Db, a: { tenant: number }) => db.account.findMany({ where: { tenantId: a.tenant }, orderBy: { id: "asc" } }),
  },
} as const;

export type AdminCommand = keyof typeof commands;
export const adminCommands = Object.fromEntries(Object.entries(commands).map(([name, c]) => [name, c.help])) as Record<AdminCommand, string>;

function showTenant(t: { id: number; name: string; planId: number; subscriptionEndsOn: Date; status: string }) {
  return { id: t.id, name: t.name, planId: t.planId, subscriptionEnds: dateOnly(t.subscriptionEndsOn), status: t.status };
}

async function requireTenant(db: Db, tenantId: number) {
  const tenant = await db.tenant.findUnique({ where: { id: tenantId }, include: { plan: true } });
  if (!tenant) throw notFound("Tenant");
  return tenant;
}

async function updateTenant(db: Db, tenantId: number, data: { status?: "active" | "suspended"; subscriptionEndsOn?: Date }) {
  await requireTenant(db, tenantId);
  return db.tenant.update({ where: { id: tenantId }, data });
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
export async function runAdminCommand(db: Db, command: string, rawArgs: Record<string, unknown>): Promise<unknown> {
  const spec = (commands as Record<string, (typeof commands)[AdminCommand]>)[command];
  if (!spec) throw new ServiceError("NOT_FOUND", `Unknown command ${command}. Commands: ${Object.keys(commands).join(", ")}.`);
  const parsed = spec.args.safeParse(rawArgs);
  if (!parsed.success) {
    throw validationError(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? "args"), i.message])));
  }
  return (spec.run as (db: Db, a: unknown) => Promise<unknown>)(db, parsed.data);
}
