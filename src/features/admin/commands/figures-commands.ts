import type { Db } from "../../../core/db/database.js";
import { TimeZone } from "../../../core/clock.js";
import { chartArgs, readCharts, type ChartArgs } from "../../figures/index.js";

// The operator console's Charts page, and the CLI's way to the same figures (docs/operators.md, "Charts").

/** What the charts read of admin's settings: the server's clock (the CLI has the system's) and TIME_ZONE. */
interface Settings {
  clock?: { now(): Date } | undefined;
  timeZone?: string | undefined;
}

export const figuresCommands = {
  "figures:charts": {
    help: "[--days <1-366, default 30>] [--tenant <id>] (messages a day by state and failures by reason over the last days; for the whole service also businesses by status, monthly revenue, sign-ups and churn over 12 months)",
    args: chartArgs,
    run: (db: Db, a: ChartArgs, settings: Settings) => readCharts(db, new TimeZone(settings.timeZone ?? "Asia/Riyadh"), settings.clock?.now() ?? new Date(), a),
  },
};
