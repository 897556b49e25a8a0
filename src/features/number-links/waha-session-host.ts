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
    await this.call("POST", "/api/sessions", { name: session, start: true, config: { webhooks } });
  }

  async start(session: string): Promise<void> {
    await this.call("POST", `/api/sessions/${encodeURIComponent(session)}/start`);
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

  /** One request; `tolerated` statuses answer NOT_NOW instead of failing. */
  private async call(method: string, path: string, body?: unknown, tolerated: number[] = []): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...(this.server.apiKey ? { "x-api-key": this.server.apiKey } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: "manual",
      });
    } catch (err) {
      throw new SessionHostError(0, `WAHA at ${this.baseUrl} did not answer (${err instanceof Error ? err.message : String(err)}).`);
    }
    const text = await response.text().catch(() => "");
    if (tolerated.includes(response.status)) return NOT_NOW;
    if (!response.ok) throw new SessionHostError(response.status, `WAHA answered ${response.status} to ${method} ${path.split("?")[0]}: ${text.slice(0, 200)}`);
    try {
      return text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      return text;
    }
  }
}

const NOT_NOW = Symbol("not now");

function parsed<T>(schema: z.ZodType<T>, answer: unknown, what: string): T {
  const result = schema.safeParse(answer);
  if (!result.success) throw new SessionHostError(502, `WAHA's ${what} answer is not in the shape its API documents.`);
  return result.data;
}
