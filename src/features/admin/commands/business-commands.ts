import type { Db } from "../../../core/db/database.js";
import { z } from "zod";
import {
  businessSearchArgs,
  numberSearchArgs,
  plansWithBusinesses,
  searchBusinesses,
  searchNumbers,
  type BusinessSearchArgs,
  type NumberSearchArgs,
} from "../../businesses/index.js";

// The operator console's Businesses page, and the CLI's way to the same list (docs/operators.md).

/** What the search reads of admin's settings: the server's clock (the CLI has the system's) and TIME_ZONE. */
interface Settings {
  clock?: { now(): Date } | undefined;
  timeZone?: string | undefined;
}

export const businessCommands = {
  "tenant:search": {
    help: "[--q <id, number, staff email or name>] [--status trial|active|past_due|suspended|canceled] [--after <id>] [--limit <1-100>] (a page of businesses with plan, status, this month's use, numbers, last activity and monthly revenue)",
    args: businessSearchArgs,
    run: (db: Db, a: BusinessSearchArgs, settings: Settings) => searchBusinesses(db, settings.clock?.now() ?? new Date(), settings.timeZone ?? "Asia/Riyadh", a),
  },
  "number:search": {
    help: "[--q <a number, or #<business id>>] [--state connected|warming_up|paused|restricted|disconnected|banned|token_invalid] [--server <WAHA server name>] [--after <id>] [--limit <1-100>] (numbers of every business with state, tier, quality and WAHA server)",
    args: numberSearchArgs,
    run: (db: Db, a: NumberSearchArgs) => searchNumbers(db, a),
  },
  "plan:businesses": {
    help: "(every plan with its versions, newest first, and how many businesses are on each)",
    args: z.object({}),
    run: async (db: Db) => ({ plans: await plansWithBusinesses(db) }),
  },
};
