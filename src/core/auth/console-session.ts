import { parseCookie, stringifySetCookie } from "cookie";
import { ServiceError } from "../errors.js";
import type { Principal } from "../principal.js";
import type { ServiceDeps } from "../deps.js";
import { admitPrincipal, admitRequest, apiKeyFromRequest, authenticate, keyPrefixOf, keyPrincipalInclude, principalOfKey, randomToken, sha256 } from "./auth.js";
import type { RateDecision } from "./rate-limit.js";
import { billingGetsPast, keyRefusal } from "./key-standing.js";
import { sessionRefusal } from "./session-standing.js";
import { endConsoleSessionOf, insertConsoleSession } from "./console-session-sql.js";
import { audited } from "../audit/audited.js";
import { currentRequestOrigin } from "../http/request-id.js";
import { insertAuditEvent } from "../audit/audit-event-sql.js";
import { auditEvent } from "../audit/audit-record.js";
import { principalOfUser, staffPrincipalInclude, staffRefusal } from "../staff/staff-standing.js";
import { staffUserSecrets } from "../staff/staff-user-sql.js";
import { principalOfView, VIEW_AS_LIFETIME_MS, viewAsInclude, viewAsRefusal } from "./view-as.js";
import type { Prisma } from "../../generated/prisma/client.js";

// The console's sign-in. A person signs in once with an API key (or, as a staff user, with an
// email and a password: core/staff/staff-sign-in.ts); the browser then holds only an
// opaque token in an HttpOnly, SameSite=Strict cookie, which page scripts cannot read, and the
// database holds only the token's SHA-256. A session is as good as its key, checked with the same
// rule on every request (key-standing.ts): revoking the key or suspending the tenant ends it at
// once. It lasts at most SESSION_LIFETIME_MS and ends at sign-out. Requests that carry it must also
// carry the header X-GraphQL-Yoga-CSRF, which no other site can make a browser send.

export const SESSION_COOKIE = "gw_console";
export const SESSION_LIFETIME_MS = 12 * 3_600_000;
export const CSRF_HEADER = "x-graphql-yoga-csrf";

/** What the database keeps of a session's token (or of a one-time link's). */
export const tokenHash = (token: string) => sha256(token).toString("hex");

export interface StartedSession {
  token: string;
  expiresAt: Date;
  principal: Principal;
  /** Whether the staff user signs in with a second factor (never, for a key). */
  twoFactor: boolean;
}

/** Signs in with `key`: the key's refusal (401/403) when it does not pass, else a new session. */
export async function startConsoleSession(deps: ServiceDeps, key: string | undefined): Promise<StartedSession> {
  const now = deps.clock.now();
  await throttleSignIn(deps, key === undefined ? undefined : { key });
  const principal = await authenticate(deps, key).catch(async (err: unknown) => {
    if (err instanceof ServiceError) await recordFailedSignIn(deps, key, err, now);
    throw err;
  });
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await audited(
    deps.db,
    { actor: principal.actor, at: now },
    (tx) => insertConsoleSession(tx, { tokenHash: tokenHash(token), apiKeyId: principal.apiKeyId!, createdAt: now, expiresAt }),
    (session) => ({ tenantId: principal.tenantId, action: "session.signed_in", target: `console_session:${session.id}`, after: { expiresAt } }),
  );
  return { token, expiresAt, principal, twoFactor: false };
}

/**
 * Opens an operator's read-only look at a tenant ("view as"): a session of the tenant's console for
 * VIEW_AS_LIFETIME_MS, recorded in the tenant's chain; `record` writes the operator's own event in
 * the same transaction, so neither chain has it without the other.
 */
export async function startViewAsSession(
  deps: ServiceDeps,
  viewer: { operatorId: number; actor: Principal["actor"] },
  tenantId: number,
  record: (tx: Prisma.TransactionClient, sessionId: number) => Promise<unknown>,
): Promise<{ token: string; expiresAt: Date }> {
  const now = deps.clock.now();
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + VIEW_AS_LIFETIME_MS);
  await deps.db.$transaction(async (tx) => {
    const session = await insertConsoleSession(tx, { tokenHash: tokenHash(token), viewTenantId: tenantId, viewerOperatorId: viewer.operatorId, createdAt: now, expiresAt });
    await insertAuditEvent(tx, auditEvent(tenantId, viewer.actor, now, { action: "session.viewed_by_operator", target: `console_session:${session.id}`, after: { expiresAt } }));
    await record(tx, session.id);
  });
  return { token, expiresAt };
}

/** Sign-in attempts a caller may make at once, per address, per key and per email, and how fast they come back. */
export const SIGN_IN_ATTEMPTS = {
  address: { burst: 60, perSecond: 60 / 900 },
  key: { burst: 30, perSecond: 30 / 900 },
  email: { burst: 20, perSecond: 20 / 900 },
} as const;

/**
 * Every sign-in attempt takes a token from its address's bucket and its key's (by the visible
 * prefix) or its email's: generous for an office behind one address, and a bound on guessing and
 * on the refused sign-ins the audit log records. Over any, 429 RATE_LIMITED with the wait, before
 * the key or the password is read.
 */
export async function throttleSignIn(deps: ServiceDeps, who: { key: string } | { email: string } | undefined): Promise<void> {
  const address = currentRequestOrigin()?.address;
  const prefix = who && "key" in who ? keyPrefixOf(who.key) : undefined;
  const buckets = [
    ...(address ? [[`sign-in:address:${address}`, SIGN_IN_ATTEMPTS.address] as const] : []),
    ...(prefix ? [[`sign-in:key:${prefix}`, SIGN_IN_ATTEMPTS.key] as const] : []),
    ...(who && "email" in who ? [[`sign-in:email:${who.email}`, SIGN_IN_ATTEMPTS.email] as const] : []),
  ];
  for (const [name, bucket] of buckets) {
    const decision = await deps.rateLimiter.take(name, bucket);
    if (!decision.allowed) {
      throw new ServiceError("RATE_LIMITED", `Too many sign-in attempts; retry after ${decision.retryAfterSeconds} s.`, undefined, { retryAfter: decision.retryAfterSeconds });
    }
  }
}

/**
 * A refused sign-in with a key whose visible prefix is one of a tenant's (a wrong secret, a revoked
 * or expired key, a suspended tenant) is an event of that tenant; one with no such prefix belongs
 * to nobody, and only the request log has it.
 */
async function recordFailedSignIn(deps: ServiceDeps, key: string | undefined, err: ServiceError, at: Date): Promise<void> {
  const prefix = key ? keyPrefixOf(key) : undefined;
  const row = prefix ? await deps.db.apiKey.findUnique({ where: { prefix }, select: { tenantId: true, label: true } }) : null;
  if (!row || !prefix) return;
  await insertAuditEvent(deps.db, auditEvent(row.tenantId, { kind: "key", name: prefix, label: row.label }, at, { action: "session.sign_in_failed", after: { code: err.code } }));
}

/** Signs out: the session stops passing at once, whoever holds its token. */
export async function endConsoleSession(deps: ServiceDeps, token: string): Promise<void> {
  await endConsoleSessionOf(deps.db, tokenHash(token), deps.clock.now());
}

/** The caller a session token stands for (its key's or its staff user's), or the error a request with it gets. */
export async function consoleSessionPrincipal(
  deps: ServiceDeps,
  token: string,
  forBilling = false,
): Promise<Principal & { sessionId: number; sessionExpiresAt: Date; twoFactor: boolean }> {
  const session = await deps.db.consoleSession.findUnique({
    relationLoadStrategy: "join",
    where: { tokenHash: tokenHash(token) },
    include: { apiKey: { include: keyPrincipalInclude }, user: { include: staffPrincipalInclude, omit: staffUserSecrets }, ...viewAsInclude },
  });
  const { viewTenant, viewerOperator } = session ?? {};
  if (session && viewTenant && viewerOperator) {
    const viewRefusal = sessionRefusal(deps, session) ?? viewAsRefusal({ ...session, viewTenant, viewerOperator });
    if (viewRefusal) throw viewRefusal;
    return { ...principalOfView({ ...session, viewTenant, viewerOperator }), sessionId: session.id, sessionExpiresAt: session.expiresAt, twoFactor: false };
  }
  const refusal = sessionRefusal(deps, session) ?? (session!.user ? staffRefusal(deps, session!.user) : keyRefusal(deps, session!.apiKey));
  // A session, its user or key that stands is needed for billing's pass too (authenticate's `forBilling`).
  const principal = refusal && sessionRefusal(deps, session) ? undefined : session!.user ? principalOfUser(session!.user) : session!.apiKey && principalOfKey(session!.apiKey);
  if (refusal && !(forBilling && principal && billingGetsPast(refusal, principal.scopes))) throw refusal;
  const held = refusal ? { heldRefusal: refusal } : {};
  return { ...principal!, ...held, sessionId: session!.id, sessionExpiresAt: session!.expiresAt, twoFactor: session!.user?.totpEnabledAt != null };
}

/** The session token a request's cookies carry, if any (the console's cookie, or another of the same kind by name). */
export function sessionTokenFromHeaders(headers: { get(name: string): string | null }, cookie = SESSION_COOKIE): string | undefined {
  const cookies = headers.get("cookie");
  if (!cookies) return undefined;
  const token = parseCookie(cookies)[cookie];
  return token && /^[A-Za-z0-9_-]{16,128}$/.test(token) ? token : undefined;
}

/** Set-Cookie for a session (or, with no token, one that clears it), in the console's cookie unless another is named. Secure when the page came over HTTPS. */
export function sessionCookie(token: string | undefined, https: boolean, cookie = SESSION_COOKIE): string {
  return stringifySetCookie({
    name: cookie,
    value: token ?? "",
    httpOnly: true,
    sameSite: "strict",
    secure: https,
    path: "/",
    maxAge: token ? SESSION_LIFETIME_MS / 1000 : 0,
  });
}

/** Whether a request reached us over HTTPS, directly or through a proxy that says so. */
export const cameOverHttps = (url: URL, headers: { get(name: string): string | null }) =>
  url.protocol === "https:" || headers.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https";

/** The origin a person reached this request at (its scheme as a proxy says, its Host), for links handed back. */
export const requestOriginOf = (request: { url: string; headers: { get(name: string): string | null } }) => originOf(new URL(request.url), request.headers);

/** As `requestOriginOf`, for a request whose URL is already parsed. */
export const originOf = (url: URL, headers: { get(name: string): string | null }) =>
  `${cameOverHttps(url, headers) ? "https" : url.protocol.replace(":", "")}://${headers.get("host") ?? url.host}`;

/**
 * Admits a GraphQL request (HTTP or websocket upgrade): by its API key when it has one, else by its
 * console session, which also needs the CSRF header. The rate limit is the key's either way.
 */
export async function admitKeyOrSession(
  deps: ServiceDeps,
  headers: { get(name: string): string | null },
  url: URL,
  onDecision: (d: RateDecision) => void,
  forBilling = false,
): Promise<Principal> {
  const key = apiKeyFromRequest(headers, url);
  const token = key === undefined ? sessionTokenFromHeaders(headers) : undefined;
  if (token === undefined) return admitRequest(deps, key, onDecision, forBilling);
  if (!headers.get(CSRF_HEADER)) throw new ServiceError("CSRF_HEADER_REQUIRED", "A request signed in with the console's cookie must send the header X-GraphQL-Yoga-CSRF.");
  return admitSession(deps, token, onDecision, forBilling);
}

/** Admits a console session's operation (its CSRF check, if any, already made): the session's principal, and a token of its key's rate limit. */
export async function admitSession(deps: ServiceDeps, token: string, onDecision: (d: RateDecision) => void, forBilling = false): Promise<Principal> {
  return admitPrincipal(deps, await consoleSessionPrincipal(deps, token, forBilling), onDecision);
}
