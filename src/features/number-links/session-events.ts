import { z } from "zod";
import type { ServiceDeps } from "../../core/deps.js";
import { changeNumberStates, setLinkedNumber } from "../accounts/index.js";
import { hostFor } from "./link-hosts.js";
import { publishLinkMove } from "./link-events.js";
import { refuseLinkOf } from "./link-refusals.js";
import { SESSION_STATES, SessionHostError, type SessionHost, type SessionState } from "./sessions.js";
import { ServiceError } from "../../core/errors.js";
import { setLinkState } from "./sql/links-sql.js";
import { takeSessionReport } from "./sql/session-report-sql.js";

// A session moved on (WAHA's session.status webhook, or the simulator): the link records it, a
// waiting session's new QR code is read, and a session that reached WORKING links its number, or
// is refused (link-refusals.ts).

const epochMs = z.number().int().positive().max(8.64e15);
const statusEvent = z.looseObject({
  event: z.literal("session.status"),
  session: z.string().min(1).max(256),
  /** When WAHA made the event (W-OAS: required, milliseconds); older WAHAs may leave it out. */
  timestamp: epochMs.optional().catch(undefined),
  payload: z.looseObject({
    status: z.enum(SESSION_STATES),
    statuses: z
      .array(z.looseObject({ timestamp: epochMs }))
      .optional()
      .catch(undefined),
  }),
});

/** When WAHA says the move happened: the event's time, else its newest status's; undefined when it says neither. */
function reportedAt(event: z.infer<typeof statusEvent>): Date | undefined {
  const ms = event.timestamp ?? event.payload.statuses?.at(-1)?.timestamp;
  return ms === undefined ? undefined : new Date(ms);
}

/**
 * The session moves in a verified WAHA body (nothing for any other event); answers how many concerned
 * our links, and `stale` for a move older than one already taken: WAHA's deliveries are not in order
 * (a retried one lands after the events that followed it), so it changes nothing, health included.
 */
export async function applyWahaSessionEvents(deps: ServiceDeps, json: unknown): Promise<{ sessions: number; stale?: number }> {
  const parsed = statusEvent.safeParse(json);
  if (!parsed.success) return { sessions: 0 };
  const at = reportedAt(parsed.data);
  if (at && !(await takeSessionReport(deps.db, parsed.data.session, at))) return { sessions: 0, stale: 1 };
  try {
    return { sessions: (await applySessionState(deps, parsed.data.session, parsed.data.payload.status, "waha")) ? 1 : 0 };
  } catch (err) {
    // WAHA did not say who the session works for (GET session failed): the delivery is not taken,
    // so WAHA delivers it again; the same event's time is taken again then (takeSessionReport).
    if (err instanceof SessionHostError)
      throw new ServiceError("SERVICE_UNAVAILABLE", `The session's move cannot be applied now: ${err.message}`, undefined, { retryAfter: RETRY_AFTER_S });
    throw err;
  }
}

/** When WAHA should deliver a move again that could not be applied (its retries keep their own policy). */
const RETRY_AFTER_S = 5;

/** Records a session's move; false for a session that is not one of our links. */
export async function applySessionState(deps: ServiceDeps, session: string, state: SessionState, source: "waha" | "simulator"): Promise<boolean> {
  const link = await deps.db.numberLink.findUnique({ where: { session }, include: { account: { select: { tenantId: true } } } });
  if (!link) return false;
  // A link we refused (the phone was taken, or another phone re-linked) stays refused until the
  // tenant links it again: the session's restart after our logout is not news, but a phone that
  // scans one of its codes still links.
  if (link.state === "FAILED" && link.error !== null && state !== "WORKING") return true;
  const host = await hostFor(deps, link.serverId);
  // WORKING shows only once the number is linked, so whoever reads it finds the phone number too.
  const refused = state === "WORKING" ? await linkNumber(deps, link.accountId, host, session, link.warmUp, source) : undefined;
  if (refused) {
    // A late WORKING of a session refused before, which works no more: its refusal stands as it was.
    if (refused === "not_started" && link.state === "FAILED" && link.error !== null) return true;
    return refuseLinkOf(deps, { session, accountId: link.accountId, tenantId: link.account.tenantId }, host, refused, source);
  }
  // Each SCAN_QR_CODE means a new code (WAHA sends no other QR event): read it now, so every viewer gets it from us.
  const qr = state === "SCAN_QR_CODE" ? ((await host.qr(session).catch(() => undefined)) ?? null) : null;
  const moved = await setLinkState(deps.db, session, { state, qr }, deps.clock.now());
  if (!moved) return false;
  publishLinkMove(deps, link.account.tenantId, link.accountId, moved.state);
  return true;
}

/**
 * The session works: its phone number becomes the account's, and the number is connected (warming
 * up when new). Answers why it was refused, if it was.
 */
async function linkNumber(deps: ServiceDeps, accountId: number, host: SessionHost, session: string, warmUp: boolean, source: string): Promise<string | undefined> {
  const owner = await host.owner(session);
  if (!owner) return "not_started";
  const account = await deps.db.account.findUniqueOrThrow({ where: { id: accountId }, select: { phoneNumber: true, warmupStartedOn: true } });
  // Linked again with another phone: the history belongs to the first number.
  if (account.phoneNumber !== null && account.phoneNumber !== owner.phone) return "other_phone";
  if (!(await setLinkedNumber(deps.db, accountId, owner.phone))) return "number_taken";
  const firstLink = account.phoneNumber === null;
  await changeNumberStates(deps, [accountId], {
    to: "connected",
    from: ["disconnected"],
    reason: "linked",
    signal: source,
    providerBlock: false,
    ...(firstLink && warmUp && account.warmupStartedOn === null ? { startWarmupOn: deps.clock.period().day } : {}),
  });
  return undefined;
}
