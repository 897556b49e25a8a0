import type { Business, FoundNumber, PlanWithBusinesses } from "../../businesses/index.js";
import type { Charts } from "../../figures/index.js";

// How the operator console talks to the gateway: its own routes only, /admin/session to sign in
// and /admin/commands to run a command, signed in by the operator's cookie, which the browser
// sends by itself (the page never sees it). Every request carries the CSRF header.

export type { Business, FoundNumber, PlanWithBusinesses };
export type { Charts };

/** A refusal, with its documented code (UNAUTHORIZED, VALIDATION_ERROR, INSUFFICIENT_SCOPE…) and the fields it names. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

export type OperatorRole = "operator" | "support" | "finance";

/** The kinds of command a role may run (docs/operators.md, "Roles"). */
export type CommandKind = "read" | "standing" | "money" | "change" | "operators";

export interface OperatorSession {
  operator: { id: number; email: string; role: OperatorRole };
  may: CommandKind[];
  expires_at: string;
}

const headers = { "content-type": "application/json", "x-graphql-yoga-csrf": "operator-console" };

interface Answer<T> {
  success?: boolean;
  result?: T;
  error?: { code: string; message: string; fields?: Record<string, string> };
}

async function call<T>(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<{ status: number; answer: Answer<T> & T }> {
  const res = await fetch(path, { method, headers, credentials: "same-origin", ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: res.status, answer: (await res.json()) as Answer<T> & T };
}

const refusal = (status: number, answer: Answer<unknown>) => new ApiError(answer.error?.code ?? "ERROR", answer.error?.message ?? `HTTP ${status}`, answer.error?.fields);

/** The operator signed in, or undefined when nobody is (the route answers 404 then). */
export async function currentSession(): Promise<OperatorSession | undefined> {
  const { status, answer } = await call<OperatorSession>("GET", "/admin/session");
  if (status === 404) return undefined;
  if (status >= 400) throw refusal(status, answer);
  return answer;
}

export async function signIn(email: string, password: string, code: string): Promise<OperatorSession> {
  const { status, answer } = await call<OperatorSession>("POST", "/admin/session", { email, password, ...(code ? { code } : {}) });
  if (status >= 400) throw refusal(status, answer);
  return answer;
}

export async function signOut(): Promise<void> {
  await call("DELETE", "/admin/session");
}

/** Runs an admin command within the operator's role; its result, or the refusal as ApiError. */
export async function command<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const { status, answer } = await call<T>("POST", "/admin/commands", { command: name, args });
  if (status >= 400 || answer.success !== true) throw refusal(status, answer);
  return answer.result as T;
}

/** Opens a read-only look at a business's console in this browser (its cookie set by the answer): where that console is. */
export async function viewAs(tenant: number): Promise<string> {
  const { status, answer } = await call<{ console_url: string }>("POST", "/admin/view-as", { tenant });
  if (status >= 400) throw refusal(status, answer);
  return answer.console_url;
}

export interface BusinessPage {
  businesses: Business[];
  next: number | null;
}

/** The service's health as GET /admin/health answers it (docs/operators.md, "Health"). */
export interface ServiceHealth {
  at: string;
  instance: { id: string; ready: boolean; checks: Record<string, string>; websockets: number };
  messages: Record<string, number>;
  queue: { due: number; oldest_seconds: number };
  webhooks: { backlog: number; oldest_seconds: number };
  chatwoot: Record<string, { backlog: number; oldest_seconds: number }>;
  exports: Record<string, number>;
  mails_pending: number;
  numbers: Record<string, number>;
  lost_answers: number;
  housekeeping_passes: Record<string, number>;
}

export async function serviceHealth(): Promise<ServiceHealth> {
  const { status, answer } = await call<ServiceHealth>("GET", "/admin/health");
  if (status >= 400) throw refusal(status, answer);
  return answer;
}

/** A WAHA server as `waha-server:list` answers it. */
export interface WahaServerRow {
  id: number;
  name: string;
  baseUrl: string;
  capacity: number;
  sessions: number;
  /** Whether it answers now: WAHA's health check (or /ping), and what was wrong. */
  answer: { status: "ok" | "error" | "shutting_down" | "unreachable"; message: string | null; via: "health" | "ping" | null };
  draining: boolean;
  /** While drained: the sessions left on it, and why they do not move (no room elsewhere, links in progress); null when they do. */
  drain: { left: number; stalled: "no_room" | "links_in_progress" | null } | null;
}
