import { randomBytes } from "node:crypto";
import type { Account, NumberLink } from "../../generated/prisma/client.js";
import type { ServiceDeps } from "../../core/deps.js";
import type { Principal } from "../../core/principal.js";
import { notFound, ServiceError } from "../../core/errors.js";
import { announceStateChanges, applyNumberStateChange, deleteNeverLinkedAccount, insertAccount, markAccountRemoved } from "../accounts/index.js";
import { hostFor } from "./link-hosts.js";
import { SESSION_PREFIX, SessionHostError } from "./sessions.js";
import { deleteLink, insertLink, lockPlacements, numbersHeld, restartLink, serverWithRoom, setPairingCode, settleLogout } from "./sql/links-sql.js";
import type { ConnectInput } from "./link-input.js";
import { publishLinkMove } from "./link-events.js";
import { ownAccountsWhere } from "../../core/auth/number-scope.js";
import { audited, authorIn } from "../../core/audit/audited.js";
import { insertAuditEvent } from "../../core/audit/audit-event-sql.js";
import { auditEvent } from "../../core/audit/audit-record.js";

// A tenant connects, links again and removes its own numbers (docs/connecting-numbers.md). A new
// number is an account from the start (its id is what the tenant follows), not linked and not
// listed by GET /accounts until its phone scans the QR code or types the pairing code.

/** Daily and monthly limits of a number a tenant connects itself (the operator changes them with account:update). */
const NEW_NUMBER_LIMITS = { dailyLimit: 1000, monthlyLimit: 30000 };

export type LinkedAccount = { account: Account; link: NumberLink | null };

/** The tenant's own number (not removed) and its link; another tenant's is unknown. */
export async function ownLinkedAccount(deps: ServiceDeps, principal: Principal, id: number): Promise<LinkedAccount> {
  const account = await deps.db.account.findFirst({ where: { id, tenantId: principal.tenantId, removedAt: null, ...ownAccountsWhere(principal) }, include: { link: true } });
  if (!account) throw notFound("Account");
  const { link, ...rest } = account;
  return { account: rest, link };
}

/** Creates the number and its session, within the plan's limit and a server's room; nothing is left behind when the session cannot start. */
export async function connectNumber(deps: ServiceDeps, principal: Principal, input: ConnectInput): Promise<LinkedAccount> {
  const channel = input.channel ?? (deps.config.channel.driver === "simulator" ? "simulator" : "waha");
  const session = `${SESSION_PREFIX}${randomBytes(8).toString("hex")}`;
  const now = deps.clock.now();
  const account = await deps.db.$transaction(async (tx) => {
    await lockPlacements(tx);
    await requirePlace(tx, principal.tenantId, null);
    const server = channel === "waha" ? await serverWithRoom(tx) : undefined;
    if (channel === "waha" && !server)
      throw new ServiceError("NO_SERVER_ROOM", "No WAHA server has room for another number; the operator adds one (admin waha-server:add) or raises a capacity.");
    const created = await insertAccount(tx as typeof deps.db, {
      tenantId: principal.tenantId,
      name: input.name,
      phoneNumber: null,
      status: "disconnected",
      statusReason: "linking",
      channel,
      settings: server ? { waha: { session, server: server.id } } : {},
      ...NEW_NUMBER_LIMITS,
    });
    await insertLink(tx, { accountId: created.id, serverId: server?.id ?? null, session, warmUp: input.warmUp }, now);
    await insertAuditEvent(
      tx,
      auditEvent(principal.tenantId, principal.actor, now, {
        action: "account.added",
        target: `account:${created.id}`,
        after: { name: input.name, channel, warmUp: input.warmUp },
      }),
    );
    return created;
  });
  const link = await deps.db.numberLink.findUniqueOrThrow({ where: { accountId: account.id } });
  try {
    await (await hostFor(deps, link.serverId)).create(session);
  } catch (err) {
    const failure = hostFailure(err, "start a session for the number");
    await audited(
      deps.db,
      authorIn(deps, principal),
      async (tx) => {
        await deleteLink(tx, account.id);
        await deleteNeverLinkedAccount(tx, account.id);
      },
      () => ({ tenantId: principal.tenantId, action: "account.removed", target: `account:${account.id}`, after: { reason: failure.message } }),
    );
    throw failure;
  }
  return ownLinkedAccount(deps, principal, account.id);
}

/** The plan's number limit, under lockPlacements: 422 when every place is taken. */
export async function requirePlace(tx: Parameters<typeof numbersHeld>[0], tenantId: number, except: number | null): Promise<void> {
  const { held, limit } = await numbersHeld(tx, tenantId, except);
  if (held >= limit) {
    throw new ServiceError("NUMBER_LIMIT_REACHED", `The plan allows ${limit} numbers and ${held} are connected or being linked; remove one or change plan.`);
  }
}

/** Links a number again (its session was lost, or an attempt failed): the same account, its history kept. */
export async function relinkNumber(deps: ServiceDeps, principal: Principal, id: number): Promise<LinkedAccount> {
  const { account, link } = await ownLinkedAccount(deps, principal, id);
  if (!link) throw new ServiceError("LINK_NOT_READY", "This number was added by the operator; the operator links it again (docs/administration.md).");
  if (link.state === "WORKING" && account.status !== "disconnected") throw new ServiceError("NUMBER_ALREADY_LINKED", "This number is linked.");
  await audited(
    deps.db,
    authorIn(deps, principal),
    async (tx) => {
      await lockPlacements(tx);
      await requirePlace(tx, principal.tenantId, id);
      await restartLink(tx, id, deps.clock.now());
    },
    () => ({ tenantId: principal.tenantId, action: "account.relinked", target: `account:${id}`, before: { state: link.state, error: link.error } }),
  );
  const host = await hostFor(deps, link.serverId);
  const failed = (err: unknown) => {
    throw hostFailure(err, "start the number's session again");
  };
  // A phone that logged out leaves the session waiting for a new scan; a removed or failed one starts again.
  await host
    .logout(link.session)
    .catch(async (err: unknown) => {
      if (err instanceof SessionHostError && err.status === 404) return host.create(link.session);
      throw err;
    })
    .catch(failed);
  // Whoever was logged in to the session is out now: a logout owed to a refused link is paid.
  await settleLogout(deps.db, link.session, null);
  await host.start(link.session).catch(failed);
  publishLinkMove(deps, principal.tenantId, id, "CREATING");
  return ownLinkedAccount(deps, principal, id);
}

/** A code to type on the phone instead of scanning (WhatsApp → Linked devices → Link with phone number instead). */
export async function requestPairingCode(deps: ServiceDeps, principal: Principal, id: number, phone: string): Promise<LinkedAccount> {
  const { link } = await waitingLink(deps, principal, id);
  let code: string;
  try {
    code = await (await hostFor(deps, link.serverId)).requestCode(link.session, phone);
  } catch (err) {
    throw hostFailure(err, "get a pairing code");
  }
  await audited(
    deps.db,
    authorIn(deps, principal),
    (tx) => setPairingCode(tx, id, phone, code, deps.clock.now()),
    () => ({ tenantId: principal.tenantId, action: "account.pairing_code_requested", target: `account:${id}`, after: { phone } }),
  );
  publishLinkMove(deps, principal.tenantId, id, link.state);
  return ownLinkedAccount(deps, principal, id);
}

/** The QR code the phone scans now. */
export async function currentQr(deps: ServiceDeps, principal: Principal, id: number): Promise<string> {
  const { link } = await waitingLink(deps, principal, id);
  const qr = link.qr ?? (await (await hostFor(deps, link.serverId)).qr(link.session).catch(() => undefined));
  if (!qr) throw new ServiceError("LINK_NOT_READY", "The session has no QR code yet; follow accountConnection for the next one.");
  return qr;
}

/** The link of a number waiting for its phone: 409 when it is linked, or not at that step. */
async function waitingLink(deps: ServiceDeps, principal: Principal, id: number): Promise<{ account: Account; link: NumberLink }> {
  const { account, link } = await ownLinkedAccount(deps, principal, id);
  if (account.status !== "disconnected" && account.phoneNumber !== null) throw new ServiceError("NUMBER_ALREADY_LINKED", "This number is linked; there is no QR code to scan.");
  if (!link) throw new ServiceError("LINK_NOT_READY", "This number was added by the operator and has no session to link.");
  if (link.state !== "SCAN_QR_CODE") {
    throw new ServiceError(
      "LINK_NOT_READY",
      `The session is ${link.state}, not waiting for a scan${link.state === "FAILED" || link.state === "STOPPED" ? "; link it again (POST /accounts/{id}/relink)" : ""}.`,
    );
  }
  return { account, link };
}

/** Logs the session out and removes it from its server, then the number: it no longer sends or shows; its messages stay. */
export async function removeNumber(deps: ServiceDeps, principal: Principal, id: number): Promise<Account> {
  const { account, link } = await ownLinkedAccount(deps, principal, id);
  if (link) {
    try {
      await (await hostFor(deps, link.serverId)).remove(link.session);
    } catch (err) {
      throw hostFailure(err, "remove the number's session");
    }
  }
  const now = deps.clock.now();
  const removal = { to: "disconnected", from: ["connected", "paused", "restricted", "banned", "token_invalid", "disconnected"], reason: "removed", signal: "tenant" } as const;
  const rows = await audited(
    deps.db,
    authorIn(deps, principal),
    async (tx) => {
      const changed = await applyNumberStateChange(tx, [id], { ...removal, from: [...removal.from] }, now);
      await markAccountRemoved(tx, id, now);
      if (link) await deleteLink(tx, id);
      return changed;
    },
    () => ({
      tenantId: principal.tenantId,
      action: "account.removed",
      target: `account:${id}`,
      before: { name: account.name, phoneNumber: account.phoneNumber, status: account.status },
    }),
  );
  announceStateChanges(deps, rows);
  if (link) publishLinkMove(deps, principal.tenantId, id, "REMOVED");
  return { ...account, removedAt: now };
}

/** What the tenant is told when the session's host refused or was out of reach: nothing was changed. */
export function hostFailure(err: unknown, doing: string): Error {
  if (err instanceof ServiceError) return err;
  const detail = err instanceof Error ? err.message : String(err);
  return new ServiceError("CHANNEL_ERROR", `Could not ${doing}: ${detail}`);
}
