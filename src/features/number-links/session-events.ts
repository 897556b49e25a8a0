import { z } from "zod";
import type { ServiceDeps } from "../../core/deps.js";
import { changeNumberStates, setLinkedNumber } from "../accounts/index.js";
import { hostFor } from "./link-hosts.js";
import { publishLinkMove } from "./link-events.js";
import { SESSION_STATES, type SessionState } from "./sessions.js";
import { setLinkState } from "./sql/links-sql.js";

// A session moved on (WAHA's session.status webhook, or the simulator): the link records it, a
// waiting session's new QR code is read, and a session that reached WORKING links its number.

const statusEvent = z.looseObject({
  event: z.literal("session.status"),
  session: z.string().min(1).max(256),
  payload: z.looseObject({ status: z.enum(SESSION_STATES) }),
});

/** The session moves in a verified WAHA body ([] for any other event); answers how many concerned our links. */
export async function applyWahaSessionEvents(deps: ServiceDeps, json: unknown): Promise<{ sessions: number }> {
  const parsed = statusEvent.safeParse(json);
  if (!parsed.success) return { sessions: 0 };
  return { sessions: (await applySessionState(deps, parsed.data.session, parsed.data.payload.status, "waha")) ? 1 : 0 };
}

/** Records a session's move; false for a session that is not one of our links. */
export async function applySessionState(deps: ServiceDeps, session: string, state: SessionState, source: "waha" | "simulator"): Promise<boolean> {
  const now = deps.clock.now();
  const link = await deps.db.numberLink.findUnique({ where: { session }, include: { account: { select: { tenantId: true } } } });
  if (!link) return false;
  // Each SCAN_QR_CODE means a new code (WAHA sends no other QR event): read it now, so every viewer gets it from us.
  const qr = state === "SCAN_QR_CODE" ? ((await (await hostFor(deps, link.serverId)).qr(session).catch(() => undefined)) ?? null) : null;
  const moved = await setLinkState(deps.db, session, { state, qr }, now);
  if (!moved) return false;
  if (state === "WORKING") await linkNumber(deps, link.accountId, session, link.serverId, moved.warmUp, source);
  publishLinkMove(deps, link.account.tenantId, link.accountId, state);
  return true;
}

/** The session works: its phone number becomes the account's, and the number is connected (warming up when new). */
async function linkNumber(deps: ServiceDeps, accountId: number, session: string, serverId: number | null, warmUp: boolean, source: string): Promise<void> {
  const host = await hostFor(deps, serverId);
  const owner = await host.owner(session);
  if (!owner) return;
  const account = await deps.db.account.findUniqueOrThrow({ where: { id: accountId }, select: { phoneNumber: true, warmupStartedOn: true } });
  if (account.phoneNumber !== null && account.phoneNumber !== owner.phone) {
    // Linked again with another phone: the history belongs to the first number, so this one is refused.
    return refuseLink(deps, session, "other_phone", host.logout.bind(host));
  }
  if (!(await setLinkedNumber(deps.db, accountId, owner.phone))) return refuseLink(deps, session, "number_taken", host.logout.bind(host));
  const firstLink = account.phoneNumber === null;
  const { day } = deps.clock.period();
  await changeNumberStates(deps, [accountId], {
    to: "connected",
    from: ["disconnected"],
    reason: "linked",
    signal: source,
    providerBlock: false,
    ...(firstLink && warmUp && account.warmupStartedOn === null ? { startWarmupOn: day } : {}),
  });
}

async function refuseLink(deps: ServiceDeps, session: string, error: string, logout: (session: string) => Promise<void>): Promise<void> {
  await setLinkState(deps.db, session, { state: "FAILED", qr: null, error }, deps.clock.now());
  await logout(session).catch((err: unknown) => deps.log.warn({ err, session }, "could not log out a refused session"));
}
