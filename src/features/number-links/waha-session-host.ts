import { z } from "zod";
import { SESSION_PREFIX, SessionHostError, type SessionHost, type SessionOwner } from "./sessions.js";

// One WAHA server's session API (WAHA 2026.7.1; test/kit/references/waha-sessions-and-graph.md, A):
// sessions are created with their webhooks pointing at this gateway, signed with WAHA_WEBHOOK_HMAC_KEY.

export interface WahaServerAddress {
  baseUrl: string;
  apiKey: string | null;
}

export interface SessionWebhook {
  /** This gateway's /webhooks/waha. */
  url: string;
  /** WAHA_WEBHOOK_HMAC_KEY: WAHA signs each event with it (X-Webhook-Hmac, SHA-512). */
  hmacKey: string;
}

/** What a linked number needs from WAHA: contacts' messages, receipts, and the session's status. */
const EVENTS = ["message", "message.ack", "session.status"];

const qrAnswer = z.object({ value: z.string().min(1).max(4096) });
const codeAnswer = z.object({ code: z.string().min(1).max(64) });
const sessionInfo = z.looseObject({ status: z.string(), me: z.looseObject({ id: z.string(), pushName: z.string().nullish() }).nullish() });
const sessionList = z.array(z.looseObject({ name: z.string() }));

export class WahaSessionHost implements SessionHost {
  private readonly baseUrl: string;

  constructor(
    private readonly server: WahaServerAddress,
    private readonly webhook: SessionWebhook,
    private readonly timeoutMs: number,
  ) {
    this.baseUrl = server.baseUrl.replace(/\/+$/, "");
  }

  async create(session: string): Promise<void> {
    const webhooks = [{ url: this.webhook.url, events: EVENTS, hmac: { key: this.webhook.hmacKey }, retries: { policy: "exponential", delaySeconds: 2, attempts: 10 } }];
    await this.call("POST", "/api/sessions", { name: session, start: true, config: { webhooks } }).catch((err: unknown) => {
      // A server the operator downgraded (or replaced) since adding it: say what it lacks, not WAHA's 422.
      if (err instanceof SessionHostError && err.status === 422 && /only 'default' session/i.test(err.message)) throw new SessionHostError(422, onlyDefault(this.baseUrl));
      throw err;
    });
  }

  async start(session: string): Promise<void> {
    await this.call("POST", `/api/sessions/${encodeURIComponent(session)}/start`);
  }

  /** Stops the session without logging it out (its auth is kept); one it does not hold is fine. */
  async stop(session: string): Promise<void> {
    await this.call("POST", `/api/sessions/${encodeURIComponent(session)}/stop`, undefined, [404]);
  }

  /** Starts the session here, made with its webhooks first when this server does not hold it yet. */
  async resume(session: string): Promise<void> {
    await this.start(session).catch((err: unknown) => {
      if (err instanceof SessionHostError && err.status === 404) return this.create(session);
      throw err;
    });
  }

  async qr(session: string): Promise<string | undefined> {
    const answer = await this.call("GET", `/api/${encodeURIComponent(session)}/auth/qr?format=raw`, undefined, [422]);
    if (answer === NOT_NOW) return undefined;
    return parsed(qrAnswer, answer, "QR code").value;
  }

  async requestCode(session: string, phone: string): Promise<string> {
    return parsed(codeAnswer, await this.call("POST", `/api/${encodeURIComponent(session)}/auth/request-code`, { phoneNumber: phone }), "pairing code").code;
  }

  async owner(session: string): Promise<SessionOwner | undefined> {
    const info = parsed(sessionInfo, await this.call("GET", `/api/sessions/${encodeURIComponent(session)}`), "session");
    const id = info.status === "WORKING" ? info.me?.id : undefined;
    // WAHA names the account `<digits>@c.us` (the phone number) and, on some engines, a `…@lid` too.
    const phone = id?.match(/^(\d{8,15})@c\.us$/)?.[1];
    return phone ? { phone, pushName: info.me?.pushName ?? null } : undefined;
  }

  async logout(session: string): Promise<void> {
    await this.call("POST", `/api/sessions/${encodeURIComponent(session)}/logout`);
  }

  async remove(session: string): Promise<void> {
    // DELETE stops the session, logs it out and removes it; WAHA answers 200 for one already gone.
    await this.call("DELETE", `/api/sessions/${encodeURIComponent(session)}`, undefined, [404]);
  }

  async sessions(): Promise<string[]> {
    const list = parsed(sessionList, await this.call("GET", "/api/sessions?all=true"), "session list");
    return list.map((s) => s.name).filter((name) => name.startsWith(SESSION_PREFIX));
  }

  private call(method: string, path: string, body?: unknown, tolerated: number[] = []): Promise<unknown> {
    return wahaRequest(this.server, this.timeoutMs, method, path, body, tolerated);
  }
}

/** WAHA's answer, whatever its status: its body as JSON (or text); SessionHostError(0) when it did not answer within `timeoutMs`. */
export async function wahaAnswer(
  server: WahaServerAddress,
  timeoutMs: number,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; text: string; json: unknown }> {
  const baseUrl = server.baseUrl.replace(/\/+$/, "");
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(server.apiKey ? { "x-api-key": server.apiKey } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "manual",
    });
  } catch (err) {
    throw new SessionHostError(0, `WAHA at ${baseUrl} did not answer (${err instanceof Error ? err.message : String(err)}).`);
  }
  const text = await response.text().catch(() => "");
  let json: unknown = text || undefined;
  try {
    json = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    // not JSON: kept as text
  }
  return { status: response.status, text, json };
}

/** One request to a WAHA server; `tolerated` statuses answer NOT_NOW instead of failing. */
async function wahaRequest(server: WahaServerAddress, timeoutMs: number, method: string, path: string, body?: unknown, tolerated: number[] = []): Promise<unknown> {
  const answer = await wahaAnswer(server, timeoutMs, method, path, body);
  if (tolerated.includes(answer.status)) return NOT_NOW;
  if (answer.status < 200 || answer.status > 299)
    throw new SessionHostError(answer.status, `WAHA answered ${answer.status} to ${method} ${path.split("?")[0]}: ${answer.text.slice(0, 200)}`);
  return answer.json;
}

/** What GET /api/server/version answers (WAHAEnvironment): `version` as YYYY.MM.BUILD, `tier` CORE or PLUS. */
const environment = z.looseObject({ version: z.string(), tier: z.string() });
export type WahaEnvironment = z.infer<typeof environment>;

/**
 * WAHA Core before 2026.6.1 holds one session, named `default`, and answers 422 for any other name;
 * more sessions needed WAHA Plus. From 2026.6.1 the Core image has every former Plus feature
 * (test/kit/references/waha-sessions-and-graph.md, A.8).
 */
const CORE_WITH_NAMED_SESSIONS = [2026, 6, 1];

/** Whether a server of this version and edition holds sessions of any name, as the gateway names them (gw_…). */
export function holdsNamedSessions(env: WahaEnvironment): boolean {
  if (env.tier.toUpperCase() !== "CORE") return true;
  const version = env.version.split(".").map(Number);
  // A version not in WAHA's YYYY.MM.BUILD form (a development build) is given the benefit of the doubt.
  if (version.length < 3 || version.some((n) => !Number.isInteger(n))) return true;
  const at = version.findIndex((n, i) => n !== CORE_WITH_NAMED_SESSIONS[i]);
  return at < 0 || at >= CORE_WITH_NAMED_SESSIONS.length || version[at]! > CORE_WITH_NAMED_SESSIONS[at]!;
}

/** What the operator is told of a server that holds only `default`. */
export const onlyDefault = (baseUrl: string, env?: WahaEnvironment) =>
  `WAHA at ${baseUrl} is ${env ? `WAHA ${env.tier} ${env.version}, which` : "a WAHA Core before 2026.6.1 that"} holds one session only, named \`default\`, ` +
  "and this gateway gives each number a session of its own (gw_…). Update it to WAHA 2026.6.1 or later (the devlikeapro/waha image holds any number of sessions), or run WAHA Plus.";

/** The server's WAHA version and edition. */
export async function wahaEnvironment(server: WahaServerAddress, timeoutMs: number): Promise<WahaEnvironment> {
  return parsed(environment, await wahaRequest(server, timeoutMs, "GET", "/api/server/version"), "version");
}

const NOT_NOW = Symbol("not now");

function parsed<T>(schema: z.ZodType<T>, answer: unknown, what: string): T {
  const result = schema.safeParse(answer);
  if (!result.success) throw new SessionHostError(502, `WAHA's ${what} answer is not in the shape its API documents.`);
  return result.data;
}
