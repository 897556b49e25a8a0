import { z } from "zod";
import type { Db } from "../../../core/db/database.js";
import { notFound } from "../../../core/errors.js";
import { insertPlan, insertPlanVersion, insertTopUpPack, retirePlan, retireTopUpPack } from "../../billing/index.js";
import { limit } from "../account-options.js";

// Plans with prices (each edit a new version; tenants move to the latest at renewal) and the
// top-up packs the operator sells. Prices in halalas before VAT.

const positive = z.coerce.number().int().min(1).max(1_000_000);
const halalas = z.coerce.number().int().min(0).max(1_000_000_000);
const flag = z.enum(["true", "false"]).transform((v) => v === "true");

/** A plan's warm-up ramp: daily sends by day, strictly increasing ("" for none). */
const warmupRamp = z
  .string()
  .regex(/^(\d{1,7}(,\d{1,7}){0,59})?$/, "must be daily sends separated by commas, e.g. 20,40,80")
  .transform((s) => (s === "" ? [] : s.split(",").map(Number)))
  .refine((r) => r.every((n, i) => n >= 1 && (i === 0 || n > r[i - 1]!)), "must increase from each day to the next");

const settings = {
  maxUsers: limit.optional(),
  priceMonthly: halalas.optional(),
  priceYearly: halalas.optional(),
  public: flag.optional(),
  requestsPerSecond: positive.optional(),
  requestBurst: positive.optional(),
  warmupRamp: warmupRamp.optional(),
  firstContactCap: positive.optional(),
};
const settingsHelp =
  "[--price-monthly <halalas>] [--price-yearly <halalas>] [--max-users <n> (5)] [--public true|false] [--requests-per-second <n> (20)] [--request-burst <n> (40)] [--warmup-ramp 20,40,80,160,320] [--first-contact-cap <n> (20)]";

type Settings = { [K in keyof typeof settings]?: z.output<(typeof settings)[K]> };

/** The server's service clock, when a server runs the command (the command line's is the system's). */
interface RunAt {
  clock?: { now(): Date } | undefined;
}
const nowOf = (s: RunAt) => s.clock?.now() ?? new Date();

export const planCommands = {
  "plan:create": {
    help: `--name <name> --monthly-limit <n> --max-accounts <n> ${settingsHelp}`,
    args: z.object({ name: z.string().min(1), monthlyLimit: limit, maxAccounts: limit, ...settings }),
    run: (db: Db, a: { name: string; monthlyLimit: number; maxAccounts: number } & Settings) => {
      const { name, monthlyLimit, ...rest } = a;
      return insertPlan(db, name, { monthlyMessageLimit: monthlyLimit, ...rest });
    },
  },
  "plan:edit": {
    help: `--name <name> [--monthly-limit <n>] [--max-accounts <n>] ${settingsHelp} (adds the next version; tenants move to it at renewal)`,
    args: z.object({ name: z.string().min(1), monthlyLimit: limit.optional(), maxAccounts: limit.optional(), ...settings }),
    run: async (db: Db, a: { name: string; monthlyLimit?: number | undefined; maxAccounts?: number | undefined } & Settings) => {
      const { name, monthlyLimit, ...rest } = a;
      const version = await insertPlanVersion(db, name, { monthlyMessageLimit: monthlyLimit, ...rest });
      if (!version) throw notFound("Plan");
      return version;
    },
  },
  "plan:retire": {
    help: "--name <name> (no longer sold; tenants on it keep it)",
    args: z.object({ name: z.string().min(1) }),
    run: async (db: Db, a: { name: string }, s: RunAt) => ({ retiredVersions: (await retirePlan(db, a.name, nowOf(s))).count }),
  },
  "pack:create": {
    help: "--name <name> --messages <n> --price <halalas> (a top-up pack: messages added to the month it is bought in)",
    args: z.object({ name: z.string().min(1), messages: positive, price: z.coerce.number().int().min(100).max(1_000_000_000) }),
    run: (db: Db, a: { name: string; messages: number; price: number }) => insertTopUpPack(db, a),
  },
  "pack:retire": {
    help: "--id <pack id>",
    args: z.object({ id: positive }),
    run: async (db: Db, a: { id: number }, s: RunAt) => ({ retired: (await retireTopUpPack(db, a.id, nowOf(s))).count }),
  },
  "pack:list": {
    help: "",
    args: z.object({}),
    run: (db: Db) => db.topUpPack.findMany({ orderBy: { id: "asc" } }),
  },
};
