import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import QRCode from "qrcode";
import { type Engine, sessionEvents } from "./waha-session-events.js";
import { DEFAULT_EDITION, type Edition, editionAnswer } from "./waha-editions.js";
import { controls, newQr, type Failure } from "./waha-session-controls.js";
import { LostAnswers } from "./lost-answers.js";
import { dto, info, newPairingCode, normalizeConfig } from "./waha-session-shapes.js";
import { type HealthState, type SessionStorage, serverHealthAnswer } from "./waha-server-health.js";

export type { Delivery, Engine } from "./waha-session-events.js";
export type { Edition } from "./waha-editions.js";
export { sharedStorage, type HealthState, type SessionStorage } from "./waha-server-health.js";

// A local stand-in of WAHA's session management API (WAHA 2026.7.1), for the end-to-end tests of
// connecting WhatsApp numbers through WAHA: sessions, their lifecycle, QR and pairing code, and the
// `session.status` webhooks (sent by test/kit/waha-session-events.ts); what a test does to it
// (refusals, late answers, held-back events, the phone's scans) is in waha-session-controls.ts.
// Reference: test/kit/references/waha-sessions-and-graph.md section A, read from WAHA's OpenAPI
// (devlikeapro/waha-docs `static/swagger/openapi.json`, commit c9de9539cc4b24e5e957d178406826277e9fafa7,
// info.version 2026.7.1) and the docs pages https://waha.devlike.pro/docs/how-to/sessions/,
// https://waha.devlike.pro/docs/how-to/events/ and https://waha.devlike.pro/docs/how-to/security/.
// As an older WAHA Core (`edition`) it answers as test/kit/waha-editions.ts says.
// Not served: PUT /api/sessions/{session}, `apps`, `expand`, the passkey (GOWS) endpoints, the
// deprecated POST /api/sessions/{start,stop,logout}; the QR does not expire on its own: a test
// rotates it with rotateQr(), or expires it with expireQr() (the sixth code's expiry fails the session).
// The server's own health (GET /health, /ping), and where it keeps sessions' authentication (its
// own storage, or one it shares with another stand-in), are in test/kit/waha-server-health.ts.

export interface WahaSessionsOptions {
  apiKey?: string;
  engine?: Engine;
  edition?: Edition;
  /** How much shorter than WAHA's the waits between webhook retries are (1: WAHA's own 2 s, 4 s…). */
  retryScale?: number;
  /** Where sessions' authentication is kept: a storage shared with other stand-ins (sharedStorage()), or by default this server's own. */
  storage?: SessionStorage;
}

export interface StandInSession {
  name: string;
  status: "STOPPED" | "STARTING" | "SCAN_QR_CODE" | "WORKING" | "FAILED";
  config: any;
  qr: string | null;
  qrCount: number;
  me: { id: string; pushName: string } | null;
  pairingCode: string | null;
  statuses: Array<{ status: string; timestamp: number }>;
}

/** `seq`: the request's place among every stand-in's of this process, for the order of requests to two servers. */
type Incoming = { method: string; path: string; headers: http.IncomingHttpHeaders; body: unknown; seq: number };
let requestSeq = 0;

/** `body`: a Buffer is sent as it is, undefined as an empty body, anything else as JSON; `after` runs right after the answer was sent. */
type Reply = { status: number; body?: unknown; headers?: Record<string, string>; after?: () => void };

export type World = {
  sessions: Map<string, StandInSession>;
  setStatus: (s: StandInSession, status: StandInSession["status"]) => Promise<void>;
  engine: Engine;
  edition: Edition;
  /** Messages sendText took, with the id it gave each. */
  sent: Array<{ session: string; chatId: string; text: string; id: string }>;
  storage: SessionStorage;
  /** What GET /health says, or `down`: every connection is closed unanswered. */
  health: HealthState;
};

// Error bodies. 401 is the reference's (W-SEC); the 404 and 400 wordings are assumed (same shape, not in the reference).
const unauthorized: Reply = { status: 401, body: { message: "Unauthorized", statusCode: 401 } };
const notFound = (message: string): Reply => ({ status: 404, body: { message, statusCode: 404 } });
const badRequest = (message: string): Reply => ({ status: 400, body: { message, statusCode: 400 } });
/** The 422 of a call the session's status does not allow (W-SRC `waitUntilStatus`). */
const notExpected = (s: StandInSession, expected: string[]): Reply => ({
  status: 422,
  body: { error: "Session status is not as expected. Try again later or restart the session", session: s.name, status: s.status, expected },
});

/** STARTING now; right after answering, WORKING when still authenticated, else SCAN_QR_CODE with a first QR. */
function boot(world: World, s: StandInSession): Reply {
  // Authenticated in the storage (by this server, or by another that shares it): no scan needed.
  s.me ??= world.storage.auth.get(s.name) ?? null;
  s.qr = null;
  s.qrCount = 0;
  void world.setStatus(s, "STARTING");
  const after = () => {
    if (world.sessions.get(s.name) !== s || s.status !== "STARTING") return;
    if (s.me) return void world.setStatus(s, "WORKING");
    s.qr = newQr();
    s.qrCount++;
    void world.setStatus(s, "SCAN_QR_CODE");
  };
  return { status: 201, body: dto(s), after };
}

/** POST /api/sessions: 201 SessionDTO; `start: false` leaves it STOPPED. */
function create(world: World, req: Incoming): Reply {
  const body = (req.body ?? {}) as { name?: unknown; start?: unknown; config?: unknown };
  const name = typeof body.name === "string" && body.name !== "" ? body.name : `session_${randomBytes(8).toString("hex")}`;
  // The exact error wording for an existing name is not in the reference.
  if (world.sessions.has(name)) return { status: 422, body: { error: "Session already exists", session: name } };
  const s: StandInSession = {
    name,
    status: "STOPPED",
    config: normalizeConfig(body.config),
    qr: null,
    qrCount: 0,
    me: null,
    pairingCode: null,
    // The history starts at STOPPED, as in the W-EVT example `statuses` (no webhook for it).
    statuses: [{ status: "STOPPED", timestamp: Date.now() }],
  };
  world.sessions.set(name, s);
  return body.start === false ? { status: 201, body: dto(s) } : boot(world, s);
}

/** POST /api/sessions/{session}/{start|stop|restart|logout}: 201 SessionDTO; start and stop are idempotent. */
function lifecycle(world: World, s: StandInSession, action: string): Reply {
  const running = s.status !== "STOPPED" && s.status !== "FAILED";
  if (action === "start") return running ? { status: 201, body: dto(s) } : boot(world, s);
  if (action === "restart") return boot(world, s); // straight to STARTING (the reference gives no steps for restart)
  if (action === "logout") {
    // Removes the auth data, keeps the config; restarts unless STOPPED.
    s.me = null;
    world.storage.auth.delete(s.name);
    s.pairingCode = null;
    s.qr = null;
    return s.status === "STOPPED" ? { status: 201, body: dto(s) } : boot(world, s);
  }
  // stop: does not log out.
  s.qr = null;
  if (s.status !== "STOPPED") void world.setStatus(s, "STOPPED");
  return { status: 201, body: dto(s) };
}

/** GET /api/{session}/auth/qr: format=raw → QRCodeValue; image (the default) → PNG, or Base64File with Accept: application/json. */
async function qr(s: StandInSession, query: URLSearchParams, accept: string | undefined): Promise<Reply> {
  if (s.status !== "SCAN_QR_CODE" || s.qr === null) return notExpected(s, ["SCAN_QR_CODE"]);
  // Any format but `raw` is served as `image` (the enum is image|raw; no 400 body for others in the reference).
  if (query.get("format") === "raw") return { status: 200, body: { value: s.qr } };
  const png = await QRCode.toBuffer(s.qr, { type: "png" });
  if (accept?.includes("application/json")) return { status: 200, body: { mimetype: "image/png", data: png.toString("base64") } };
  return { status: 200, body: png, headers: { "Content-Type": "image/png" } };
}

/** POST /api/{session}/auth/request-code: 201 {code} (the docs' example; W-OAS has no response schema). */
function requestCode(s: StandInSession, body: unknown): Reply {
  if (s.status !== "SCAN_QR_CODE") return notExpected(s, ["SCAN_QR_CODE"]);
  const phoneNumber = (body as { phoneNumber?: unknown } | undefined)?.phoneNumber;
  if (typeof phoneNumber !== "string" || phoneNumber === "") return badRequest("phoneNumber is required");
  s.pairingCode = newPairingCode();
  return { status: 201, body: { code: s.pairingCode } };
}

/** DELETE /api/sessions/{session}: stops (a STOPPED webhook if it ran), forgets it; 200 with no body, for unknown ones too. */
function remove(world: World, name: string): Reply {
  const s = world.sessions.get(name);
  if (s && s.status !== "STOPPED") void world.setStatus(s, "STOPPED");
  world.sessions.delete(name);
  world.storage.auth.delete(name);
  return { status: 200 };
}

/** Routes one authenticated request. */
function route(world: World, req: Incoming): Reply | Promise<Reply> {
  const url = new URL(req.path, "http://stand-in");
  const parts = url.pathname.split("/").slice(1).map(decodeURIComponent);
  const [api, first, name, action, extra] = parts;
  if (api !== "api" || first === undefined) return notFound("Not Found");
  const editions = editionAnswer(world.edition, world.engine, req, first, name);
  if (editions) return editions;
  if (first === "sendText" && req.method === "POST") return sendText(world, req.body);
  if (first === "sessions" && name === undefined) {
    if (req.method === "POST") return create(world, req);
    if (req.method !== "GET") return notFound("Not Found");
    const all = url.searchParams.get("all") === "true";
    return { status: 200, body: [...world.sessions.values()].filter((s) => all || s.status !== "STOPPED").map((s) => info(s, world.engine)) };
  }
  if (first === "sessions" && name !== undefined && extra === undefined) {
    if (req.method === "DELETE" && action === undefined) return remove(world, name);
    const s = world.sessions.get(name);
    if (!s) return notFound("Session not found");
    if (req.method === "GET" && action === undefined) return { status: 200, body: info(s, world.engine) };
    if (req.method === "GET" && action === "me") return { status: 200, body: s.me };
    if (req.method === "POST" && ["start", "stop", "restart", "logout"].includes(action ?? "")) return lifecycle(world, s, action as string);
    return notFound("Not Found");
  }
  // /api/{session}/auth/...
  if (name === "auth" && extra === undefined) {
    const s = world.sessions.get(first);
    if (!s) return notFound("Session not found");
    if (req.method === "GET" && action === "qr") return qr(s, url.searchParams, req.headers.accept);
    if (req.method === "POST" && action === "request-code") return requestCode(s, req.body);
  }
  return notFound("Not Found");
}

/**
 * POST /api/sendText {session, chatId, text} (WAHA's send-messages docs; the answer's `id._serialized`
 * as test/channel-waha.test.ts's recorded answers): only a WORKING session sends.
 */
function sendText(world: World, body: unknown): Reply {
  const { session, chatId, text } = (body ?? {}) as { session?: string; chatId?: string; text?: string };
  const s = session === undefined ? undefined : world.sessions.get(session);
  if (!s) return notFound("Session not found");
  if (s.status !== "WORKING") return notExpected(s, ["WORKING"]);
  const id = `true_${chatId}_${randomBytes(8).toString("hex").toUpperCase()}`;
  world.sent.push({ session: s.name, chatId: chatId ?? "", text: text ?? "", id });
  return { status: 201, body: { id: { fromMe: true, _serialized: id } } };
}

function parse(raw: string): unknown {
  if (raw === "") return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function send(res: http.ServerResponse, reply: Reply): void {
  // A caller that gave up before the answer does not undo what the request did.
  if (res.destroyed) return void reply.after?.();
  const raw = Buffer.isBuffer(reply.body) ? reply.body : reply.body === undefined ? "" : JSON.stringify(reply.body);
  const type = reply.body === undefined ? {} : { "Content-Type": "application/json" };
  res.writeHead(reply.status, { ...type, ...reply.headers });
  res.end(raw);
  reply.after?.();
}

/** Starts the stand-in on 127.0.0.1 (a free port). */
export async function startWahaSessions(options: WahaSessionsOptions = {}) {
  const engine = options.engine ?? "NOWEB";
  const sessions = new Map<string, StandInSession>();
  const requests: Incoming[] = [];
  const failures: Failure[] = [];
  const events = sessionEvents(engine, { retryScale: options.retryScale ?? 1 });
  const setStatus = (s: StandInSession, status: StandInSession["status"]) => {
    s.status = status;
    // One session's changes never share a millisecond in WAHA (each waits on the phone or the engine).
    s.statuses.push({ status, timestamp: Math.max(Date.now(), (s.statuses.at(-1)?.timestamp ?? 0) + 1) });
    return events.emit(s);
  };
  const storage = options.storage ?? { auth: new Map() };
  const world: World = { sessions, setStatus, engine, edition: options.edition ?? DEFAULT_EDITION, sent: [], storage, health: "ok" };
  const lostAnswers = new LostAnswers();
  const answer = async (req: Incoming): Promise<Reply> => {
    const failure = failures.findIndex((f) => f.pattern.test(req.path));
    const [f] = failure >= 0 ? failures.splice(failure, 1) : [];
    if (f && !("lateMs" in f)) return { status: f.status, body: f.body };
    if (f) {
      // Carried out now, answered late: the caller may have given up by then.
      const reply = await answerInTime(req);
      await sleep(f.lateMs);
      return reply;
    }
    return answerInTime(req);
  };
  const answerInTime = (req: Incoming): Reply | Promise<Reply> => {
    // The key in the X-Api-Key header, or in the lower-case `x-api-key` query parameter (W-SEC).
    const key = req.headers["x-api-key"] ?? new URL(req.path, "http://stand-in").searchParams.get("x-api-key");
    if (options.apiKey !== undefined && key !== options.apiKey) return unauthorized;
    return serverHealthAnswer(world.health, world.edition, req.method, req.path) ?? route(world, req);
  };
  const server = http.createServer((req, res) => {
    if (world.health === "down") return void req.socket.destroy();
    let raw = "";
    req.on("data", (d: Buffer) => (raw += d.toString()));
    req.on("end", () => {
      const incoming = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: parse(raw), seq: ++requestSeq };
      requests.push(incoming);
      void answer(incoming).then(
        (reply) => (lostAnswers.take(req) ? reply.after?.() : send(res, reply)),
        (error: unknown) => send(res, { status: 500, body: { message: String(error), statusCode: 500 } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, sessions, requests, deliveries: events.deliveries, sent: world.sent, lostAnswers, ...controls(world, failures, events, server) };
}
