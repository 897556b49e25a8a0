import { z } from "zod";
import type { Db } from "../../core/db/database.js";
import type { Principal, WindowRule } from "../../core/principal.js";
import type { ServiceDeps } from "../../core/deps.js";
import { TimeZone } from "../../core/clock.js";
import { parseInput } from "../../core/input/validation.js";
import { ServiceError } from "../../core/errors.js";
import { forgetCachedKeys } from "../../core/auth/key-cache.js";
import { clearSendWindow, saveSendWindow } from "./send-window-sql.js";
import { audited, type Author } from "../../core/audit/audited.js";

// A tenant's send window: the week days and hours, in the tenant's own time zone, when its queued
// messages may go out. Outside it they wait in the queue for the next opening; an immediate single
// send is refused unless the caller asks for it to be queued. This module is the one place the
// rule is written: the worker and the single-send path both ask `nextOpening`.

export const WEEK_DAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

const DAY_MS = 86_400_000;
const zones = new Map<string, TimeZone>();

/** One TimeZone per zone name (each keeps its own cache of offsets). */
function zone(name: string): TimeZone {
  let z = zones.get(name);
  if (!z) zones.set(name, (z = new TimeZone(name)));
  return z;
}

/**
 * The earliest instant at or after `at` inside the window: `at` itself while it is open. Looks at
 * most a week ahead, which always finds an opening since a window has at least one day.
 */
export function nextOpening(rule: WindowRule, at: Date): Date {
  const tz = zone(rule.timeZone);
  const today = Date.parse(`${tz.local(at).slice(0, 10)}T00:00:00Z`);
  for (let d = 0; d <= 7; d++) {
    const midnight = today + d * DAY_MS;
    if (!rule.days.includes(new Date(midnight).getUTCDay())) continue;
    const opens = tz.instantAt(midnight + rule.startMinute * 60_000);
    const closes = tz.instantAt(midnight + rule.endMinute * 60_000);
    if (at.getTime() < closes.getTime()) return at.getTime() < opens.getTime() ? opens : at;
  }
  throw new Error("a send window without days");
}

export const isOpen = (rule: WindowRule, at: Date) => nextOpening(rule, at).getTime() === at.getTime();

// A window's fields, with their rules written once: setSendWindow takes a WindowRule; over /graphql
// (and from the admin CLI) parseSendWindow checks the input with these, and the REST body
// (window-schemas.ts) is built from the same rules, so it is checked once, by its route, and only
// shaped here (sendWindowFromRest).

/** HH:MM, 00:00 to 24:00. */
export const clockTimeText = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, "must be a time of day as HH:MM (00:00 to 24:00)");
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

export const timeZoneName = z
  .string()
  .max(64)
  .refine((name) => {
    try {
      zone(name);
      return true;
    } catch {
      return false;
    }
  }, "must be an IANA time zone such as Asia/Riyadh");

export const windowDays = z.array(z.enum(WEEK_DAYS)).min(1, "must name at least one day").max(7);

/** A window closes after it opens, within the day (24:00 is its midnight); compared only once both are times. */
export const endAfterStart = (start: string, end: string) =>
  z.superRefine<Record<string, unknown>>((w, ctx) => {
    const [opens, closes] = [clockTimeText.safeParse(w[start]), clockTimeText.safeParse(w[end])];
    if (opens.success && closes.success && minutesOf(opens.data) >= minutesOf(closes.data))
      ctx.addIssue({ code: "custom", path: [end], message: `must be later than ${start}`, input: closes.data });
  });

const windowSchema = z.object({ timeZone: timeZoneName, days: windowDays, start: clockTimeText, end: clockTimeText }).check(endAfterStart("start", "end"));

/** A window's fields as their rules checked them, in GraphQL's names, as the rule the worker reads. */
const windowRule = (w: z.output<typeof windowSchema>): WindowRule => ({
  timeZone: w.timeZone,
  days: [...new Set(w.days.map((d) => WEEK_DAYS.indexOf(d)))].sort(),
  startMinute: minutesOf(w.start),
  endMinute: minutesOf(w.end),
});

/** A window checked by its rules (errors name GraphQL's fields); null: none. */
export const parseSendWindow = (raw: unknown): WindowRule | null => (raw === null ? null : windowRule(parseInput(windowSchema, raw)));

/** A window from a body its REST schema checked, renamed to GraphQL's names. */
export const sendWindowFromRest = (checked: unknown): WindowRule => windowRule(checked as z.output<typeof windowSchema>);

export interface SendWindowView {
  timeZone: string;
  days: WeekDay[];
  /** HH:MM, local time. */
  start: string;
  end: string;
}

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

export function windowView(rule: WindowRule): SendWindowView {
  return { timeZone: rule.timeZone, days: [...rule.days].sort().map((d) => WEEK_DAYS[d]!), start: hhmm(rule.startMinute), end: hhmm(rule.endMinute) };
}

export async function readSendWindow(db: Db, tenantId: number): Promise<WindowRule | null> {
  return db.sendWindow.findUnique({ where: { tenantId } });
}

/** The windows of several tenants at once (the worker, for a claimed batch). */
export async function readSendWindows(db: Db, tenantIds: number[]): Promise<Map<number, WindowRule>> {
  if (tenantIds.length === 0) return new Map();
  const rows = await db.sendWindow.findMany({ where: { tenantId: { in: [...new Set(tenantIds)] } } });
  return new Map(rows.map((r) => [r.tenantId, r]));
}

/** Sets (or with null, removes) a tenant's window: by the tenant over the API, or by an operator. */
export async function setSendWindow(db: Db, tenantId: number, rule: WindowRule | null, by: Author): Promise<SendWindowView | null> {
  const before = await readSendWindow(db, tenantId);
  const view = (r: WindowRule | null) => r && windowView(r);
  if (rule === null) {
    await audited(
      db,
      by,
      (tx) => clearSendWindow(tx, tenantId),
      (cleared) => (cleared.count ? { tenantId, action: "send_window.cleared", target: "send_window", before: view(before) } : null),
    );
    // The window travels with the cached API key (key-cache.ts).
    forgetCachedKeys(db);
    return null;
  }
  const { timeZone, days, startMinute, endMinute } = rule;
  const row = await audited(
    db,
    by,
    (tx) => saveSendWindow(tx, tenantId, { timeZone, days, startMinute, endMinute, updatedAt: by.at }),
    (saved) => ({ tenantId, action: "send_window.set", target: "send_window", before: view(before), after: windowView(saved) }),
  );
  forgetCachedKeys(db);
  return windowView(row);
}

export async function tenantSendWindow(deps: ServiceDeps, principal: Principal): Promise<SendWindowView | null> {
  const rule = await readSendWindow(deps.db, principal.tenantId);
  return rule && windowView(rule);
}

/** The refusal of an immediate send while the window is closed, saying when it opens (in the window's zone). */
export const outsideWindowError = (rule: WindowRule, opens: Date) =>
  new ServiceError(
    "OUTSIDE_SEND_WINDOW",
    `Sending is closed by your send window until ${zone(rule.timeZone).timestamp(opens)}. Send with outside_window "queue" to queue the message until then, or change the window.`,
    undefined,
    { opensAt: opens.toISOString() },
  );
