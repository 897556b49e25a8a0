import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  edgePhoneNumber,
  type GraphPhoneNumber,
  type GraphState,
  type GraphTemplate,
  type GraphWaba,
  graphError,
  type Incoming,
  invalidParameter,
  invalidToken,
  missingToken,
  newTemplateId,
  noSuchObject,
  page,
  parseBody,
  phoneNumberInfo,
  type Reply,
  requestedFields,
  templateItem,
  templateProblem,
  unknownPath,
  wabaInfo,
} from "./graph-api-state.js";

import { LostAnswers } from "./lost-answers.js";
import { awkwardControls, expiredToken } from "./graph-api-awkward.js";

export type { GraphPhoneNumber, GraphTemplate, GraphWaba } from "./graph-api-state.js";

// A local stand-in of the parts of Meta's Graph API (WhatsApp Business Platform) a messaging gateway uses to
// connect a tenant's WhatsApp Cloud API number by credentials, sync its message templates and submit new ones,
// and Embedded Signup's code exchange. Shapes, errors and paging are in test/kit/graph-api-state.ts.
// Reference: test/kit/references/waha-sessions-and-graph.md section B, read from Meta's OpenAPI for the
// WhatsApp Business Platform (facebook/openapi `business-messaging-api_v23.0.yaml`, commit
// ecba623b4aba6ae770185b074ed77ed5acef22f7, info.version v23.0), the Python business SDK
// (facebook/facebook-python-business-sdk commit 94914f9dabd06f0a5cbed72b5824ee45e407cbe7, v25.0) and Meta's
// Embedded Signup page (developers.facebook.com/docs/whatsapp/embedded-signup/onboarding-customers-as-a-tech-provider).
// Any version `/vN.N/` is served alike (the gateway's default is v21.0), but for a phone number's messaging
// limit: `whatsapp_business_manager_messaging_limit` from v24.0, `messaging_limit_tier` up to v23.0 (Meta's
// messaging-limits page, developers.facebook.com/documentation/business-messaging/whatsapp/messaging-limits).
// Not served: `filtering`/`sort` on phone_numbers, template delete/edit, `GET /{TEMPLATE_ID}`,
// `override_callback_uri` (accepted and ignored), the `access_token` query parameter (the token goes in
// `Authorization: Bearer`, as M-OAS declares) and rate limits. Webhooks, expired tokens and receipts that
// come before a send's answer are in test/kit/graph-api-awkward.ts.

type Method = "GET" | "POST" | "DELETE";

/** `Authorization: Bearer <token>` (M-OAS pattern `^Bearer\s+…`); any other form counts as no token. */
function bearer(header: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(header ?? "")?.[1];
}

/**
 * `GET /{v}/oauth/access_token?client_id&client_secret&code` (B.5); needs no Authorization header. Codes are
 * single-use. The error wordings are Graph's usual ones, assumed (the reference has none for this call).
 */
function exchangeCode(state: GraphState, query: URLSearchParams): Reply {
  if (query.get("client_id") !== state.appId) return invalidParameter("Error validating application. Invalid application ID.");
  if (query.get("client_secret") !== state.appSecret) return invalidParameter("Error validating client secret.");
  const code = query.get("code") ?? "";
  if (state.usedCodes.has(code)) return invalidParameter("This authorization code has been used.");
  const token = state.codes.get(code);
  if (token === undefined) return invalidParameter("Invalid verification code format.");
  state.codes.delete(code);
  state.usedCodes.add(code);
  // The token is known from now on (reaching the WABAs addWaba gave it, if any).
  if (!state.tokens.has(token)) state.tokens.set(token, new Set());
  // Unconfirmed body shape (reference B.5: Meta shows only `<BUSINESS_TOKEN>`): `{access_token, token_type}` chosen,
  // from the third-party `{access_token, token_type, expires_in}` less `expires_in` (a system-user token does not expire).
  return { status: 200, body: { access_token: token, token_type: "bearer" } };
}

/** `/{v}/{WABA-ID}/subscribed_apps` (B.2): POST subscribes, DELETE unsubscribes, GET lists this app or none. */
function subscribedApps(state: GraphState, waba: GraphWaba, method: Method): Reply {
  if (method === "POST" || method === "DELETE") {
    waba.subscribed = method === "POST";
    return { status: 200, body: { success: true } };
  }
  if (!waba.subscribed) return { status: 200, body: { data: [] } };
  // Field names from the reference; the app's `name` and `link` values are made up (the reference gives none).
  const app = { id: state.appId, name: "Gateway stand-in app", link: `https://www.facebook.com/games/?app_id=${state.appId}` };
  return { status: 200, body: { data: [{ whatsapp_business_api_data: app }] } };
}

/** `GET /{v}/{WABA-ID}/message_templates` (B.3) with the `status`, `name`, `category`, `language` filters (lists are comma-separated). */
function listTemplates(waba: GraphWaba, url: URL, link: URL): Reply {
  const query = url.searchParams;
  const list = (name: string) =>
    query
      .get(name)
      ?.split(",")
      .map((v) => v.trim());
  const [status, category, language] = [list("status"), list("category"), list("language")];
  // `name` filters by the exact name: the reference lists the parameter without saying how it matches.
  const name = query.get("name");
  const matching = waba.templates.filter(
    (t) =>
      (!status || status.includes(t.status)) && (!category || category.includes(t.category)) && (!language || language.includes(t.language)) && (name === null || t.name === name),
  );
  const fields = requestedFields(query);
  return page(
    matching.map((t) => templateItem(t, fields)),
    query,
    link,
  );
}

/**
 * `POST /{v}/{WABA-ID}/message_templates` (B.3): stored as PENDING, answered `{id, status, category}`. A name and
 * language already there is a 400 with subcode 2388023 and "Message template already exists": Graph's usual
 * wording, not in the reference.
 */
function createTemplate(waba: GraphWaba, body: unknown): Reply {
  const problem = templateProblem(body);
  if (problem !== null) return invalidParameter(problem);
  const { name, language, category, components } = body as Pick<GraphTemplate, "name" | "language" | "category" | "components">;
  if (waba.templates.some((t) => t.name === name && t.language === language)) return invalidParameter("Message template already exists", 2388023);
  const template: GraphTemplate = { id: newTemplateId(), name, language, category, status: "PENDING", components: structuredClone(components) };
  waba.templates.push(template);
  return { status: 200, body: { id: template.id, status: template.status, category } };
}

/** The WABA or phone number `id` names, if `token` reaches it. */
function find(state: GraphState, reach: Set<string>, id: string): { waba?: GraphWaba; phone?: GraphPhoneNumber } {
  const waba = reach.has(id) ? state.wabas.get(id) : undefined;
  if (waba) return { waba };
  for (const wabaId of reach) {
    const phone = state.wabas.get(wabaId)?.phoneNumbers.find((p) => p.id === id);
    if (phone) return { phone };
  }
  return {};
}

/**
 * `POST /{v}/{phone-number-id}/messages`: accepted as the Cloud send contract the gateway's other
 * tests use (test/kit/switchable-provider.ts: `{messaging_product, contacts:[{input, wa_id}],
 * messages:[{id}]}`); every send is recorded in `state.sent`.
 */
function sentMessage(state: GraphState, body: unknown): Reply {
  const to = (body as { to?: unknown } | undefined)?.to;
  state.sent.push(body);
  return {
    status: 200,
    body: {
      messaging_product: "whatsapp",
      contacts: [{ input: typeof to === "string" ? to : "", wa_id: typeof to === "string" ? to : "" }],
      messages: [{ id: `wamid.STANDIN${state.sent.length}` }],
    },
  };
}

/** Routes one request: the code exchange, then the token check, then `/{v}/{id}` and `/{v}/{id}/{edge}`. */
function route(state: GraphState, req: Incoming): Reply {
  const url = new URL(req.path, "http://stand-in");
  const link = new URL(url.pathname + url.search, state.url);
  const [version, id, edge, ...rest] = url.pathname.split("/").slice(1).map(decodeURIComponent);
  const method = req.method as Method;
  const versioned = version !== undefined && /^v\d+\.\d+$/.test(version) && id !== undefined && id !== "" && rest.length === 0;
  if (versioned && id === "oauth" && edge === "access_token" && method === "GET") return exchangeCode(state, url.searchParams);
  const token = bearer(req.headers.authorization);
  if (token === undefined) return missingToken();
  if (state.expired.has(token)) return expiredToken();
  const reach = state.tokens.get(token);
  if (!reach) return invalidToken();
  if (!versioned || !["GET", "POST", "DELETE"].includes(method)) return unknownPath(url.pathname);
  const { waba, phone } = find(state, reach, id);
  const fields = requestedFields(url.searchParams);
  if (phone && edge === undefined && method === "GET") return { status: 200, body: phoneNumberInfo(phone, fields, version) };
  if (phone && edge === "messages" && method === "POST") return sentMessage(state, req.body);
  if (!waba) return phone && edge !== undefined ? unknownPath(url.pathname) : noSuchObject(method, id);
  if (edge === undefined && method === "GET") return { status: 200, body: wabaInfo(waba) };
  if (edge === "phone_numbers" && method === "GET") {
    return page(
      waba.phoneNumbers.map((p) => edgePhoneNumber(p, fields, version)),
      url.searchParams,
      link,
    );
  }
  if (edge === "subscribed_apps") return subscribedApps(state, waba, method);
  if (edge === "message_templates" && method === "GET") return listTemplates(waba, url, link);
  if (edge === "message_templates" && method === "POST") return createTemplate(waba, req.body);
  return edge === undefined ? noSuchObject(method, id) : unknownPath(url.pathname);
}

/** Starts the stand-in on 127.0.0.1 (a free port). */
export async function startGraphApi(options: { appId?: string; appSecret?: string } = {}) {
  const state: GraphState = {
    url: "",
    // Defaults for tests that do not set them (made up; an app id is numeric).
    appId: options.appId ?? "100000000000001",
    appSecret: options.appSecret ?? "stand-in-app-secret",
    wabas: new Map(),
    tokens: new Map(),
    codes: new Map(),
    usedCodes: new Set(),
    sent: [],
    expired: new Set(),
  };
  const requests: Incoming[] = [];
  const failures: Array<{ pattern: RegExp; status: number; body: unknown }> = [];
  const lostAnswers = new LostAnswers();
  const answer = (req: Incoming): Reply => {
    const failure = failures.findIndex((f) => f.pattern.test(req.path));
    if (failure < 0) return route(state, req);
    const [f] = failures.splice(failure, 1);
    // Without a body: the gateway's recorded Cloud 500 body (reference section C, test/kit/switchable-provider.ts).
    return f?.body !== undefined
      ? { status: f.status, body: f.body }
      : graphError(f?.status ?? 500, { message: "An unknown error has occurred.", type: "OAuthException", code: 1 });
  };
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (d: Buffer) => (raw += d.toString()));
    req.on("end", () => {
      const incoming = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: parseBody(raw, req.headers["content-type"]) };
      requests.push(incoming);
      let reply: Reply;
      try {
        reply = answer(incoming);
      } catch {
        reply = unknownPath(incoming.path); // e.g. a malformed %-escape in the path
      }
      void (state.beforeAnswer?.(incoming, reply) ?? Promise.resolve()).then(() => {
        if (res.destroyed || lostAnswers.take(req)) return;
        const text = typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body);
        res.writeHead(reply.status, { "Content-Type": "application/json; charset=UTF-8" });
        res.end(text);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: state.url,
    appId: state.appId,
    appSecret: state.appSecret,
    requests,
    wabas: state.wabas,
    sent: state.sent,
    lostAnswers,
    ...controls(state, failures, server),
    ...awkwardControls(state),
  };
}

type WabaInput = Omit<GraphWaba, "subscribed" | "templates"> & { templates?: GraphTemplate[] };

/** The test's side: accounts, signup codes, failures, Meta's review, and closing. */
function controls(state: GraphState, failures: Array<{ pattern: RegExp; status: number; body: unknown }>, server: http.Server) {
  return {
    /**
     * A business account reachable with `token` (a system-user token). An id added before is not replaced: the
     * token is given access to that same account.
     */
    addWaba(token: string, waba: WabaInput): GraphWaba {
      const existing = state.wabas.get(waba.id);
      const added = existing ?? { id: waba.id, name: waba.name, phoneNumbers: [...waba.phoneNumbers], templates: [...(waba.templates ?? [])], subscribed: false };
      state.wabas.set(added.id, added);
      const reach = state.tokens.get(token) ?? new Set<string>();
      reach.add(added.id);
      state.tokens.set(token, reach);
      return added;
    },
    /** Embedded Signup: a code `GET /{v}/oauth/access_token` exchanges for `token` once; the token is known from then on. */
    addSignupCode(code: string, token: string): void {
      state.codes.set(code, token);
      state.usedCodes.delete(code);
    },
    /** The next request whose path (with its query) matches is answered `status` and `body` (a Graph error when absent). */
    failNext(pattern: RegExp, status: number, body?: unknown): void {
      failures.push({ pattern, status, body });
    },
    /**
     * Meta's review of a template: sets its status (and `rejected_reason` when given, which APPROVED clears). A first
     * approval gives `quality_score {score: "UNKNOWN", date}` ("new templates start UNKNOWN", B.3; `date` in Unix
     * seconds as in the reference's example). The test sends the matching webhook itself.
     */
    review(wabaId: string, templateName: string, language: string, status: "APPROVED" | "REJECTED" | "PAUSED", reason?: string): GraphTemplate {
      const template = state.wabas.get(wabaId)?.templates.find((t) => t.name === templateName && t.language === language);
      if (!template) throw new Error(`graph stand-in: no template ${templateName}/${language} in WABA ${wabaId}`);
      template.status = status;
      if (reason !== undefined) template.rejected_reason = reason;
      else if (status === "APPROVED") delete template.rejected_reason;
      if (status === "APPROVED" && !template.quality_score) template.quality_score = { score: "UNKNOWN", date: Math.floor(Date.now() / 1000) };
      return template;
    },
    close(): Promise<void> {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
