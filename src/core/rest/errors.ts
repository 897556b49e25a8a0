import type { GraphQLFormattedError } from "graphql";
import { errorStatus, type ErrorCode } from "../errors.js";

// Turns the GraphQL errors of a prepared operation into the REST facade's one error shape:
// {"success": false, "error": {"code", "message", "fields"?}} with the code's HTTP status.

/** GraphQL input names to the REST body's names. */
const restNames: Record<string, string> = {
  text: "message",
  imageUrl: "image_url",
  accountId: "account_id",
  sendAt: "send_at",
  validForSeconds: "valid_for_seconds",
  outsideWindow: "outside_window",
  whatsappTemplate: "whatsapp_template",
  fallbackTemplate: "fallback_template",
  timeZone: "time_zone",
  // GET /webhook-deliveries's query parameters.
  first: "limit",
  after: "cursor",
  endpointId: "webhook_id",
  messageId: "message_id",
  statuses: "status",
  // PUT /consent-settings's body.
  useDefaultStopWords: "use_default_stop_words",
  stopWords: "stop_words",
  confirmationText: "confirmation_text",
  // POST /accounts's body (a Cloud number's credentials) and POST /whatsapp-templates/submit's.
  phoneNumberId: "phone_number_id",
  wabaId: "waba_id",
  accessToken: "access_token",
  signupCode: "signup_code",
  warmUp: "warm_up",
  headerText: "header_text",
  headerExample: "header_example",
  bodyExamples: "body_examples",
  // POST /keys's body and POST /keys/{id}/rotate's.
  accountIds: "account_ids",
  expiresAt: "expires_at",
  overlapSeconds: "overlap_seconds",
  // PUT /chatwoot's body.
  baseUrl: "base_url",
  chatwootAccountId: "chatwoot_account_id",
  // POST /signup's body.
  businessName: "business_name",
  vatNumber: "vat_number",
  inboxId: "inbox_id",
  // POST /automation/rules's body and PUT /automation/rules/{id}'s.
  replyId: "reply_id",
  botUrl: "bot_url",
  botKind: "bot_kind",
  choiceId: "reply_id",
  cooldownSeconds: "cooldown_seconds",
};

/** Inputs that hold a whole other input, whose own fields are renamed as at the top (an automation trial's `draft` rule). */
const HOLDERS = new Set(["draft"]);

/**
 * The head is renamed (`whatsappTemplate[body][0]`), and so is the first name inside a holder
 * (`draft[imageUrl]`); other nested names are the same in both surfaces.
 */
export const restFieldName = (name: string): string =>
  name
    .replace(/^[A-Za-z]+/, (head) => restNames[head] ?? head)
    .replace(/^([A-Za-z]+)\[([A-Za-z]+)\]/, (whole, head: string, inner: string) => (HOLDERS.has(head) ? `${head}[${restNames[inner] ?? inner}]` : whole));

/** Extra facts some errors carry (the failed message of a CHANNEL_ERROR), in REST spelling. */
const restDetails: Record<string, (v: unknown) => [string, unknown]> = {
  messageId: (v) => ["message_id", Number(v)],
  to: (v) => ["to", v],
  status: (v) => ["status", v],
  optOutReason: (v) => ["reason", v],
  skipped: (v) => ["skipped", v],
  windowClosedAt: (v) => ["window_closed_at", v],
  scope: (v) => ["scope", v],
};

export interface RestError {
  status: number;
  body: { success: false; error: { code: string; message: string; fields?: Record<string, string> } } & Record<string, unknown>;
}

export const isRestError = (v: object): v is RestError => "status" in v && "body" in v && typeof v.status === "number";

export function restError(code: ErrorCode, message: string, fields?: Record<string, string>): RestError {
  return { status: errorStatus[code], body: { success: false, error: { code, message, ...(fields ? { fields } : {}) } } };
}

/** The first error decides the code; validation errors of every field are reported together. */
export function restErrorFromGraphQL(errors: readonly GraphQLFormattedError[]): RestError {
  const first = errors[0];
  const code = first?.extensions?.code;
  if (typeof code !== "string" || !(code in errorStatus)) return restError("INTERNAL_ERROR", "Unexpected error.");
  const fieldLists = errors.filter((e) => e.extensions?.code === code).map((e) => (e.extensions?.fields ?? {}) as Record<string, string>);
  const fields = Object.fromEntries(fieldLists.flatMap((f) => Object.entries(f)).map(([k, v]) => [restFieldName(k), v]));
  const hasFields = Object.keys(fields).length > 0;
  const names = Object.keys(fields);
  const message = hasFields ? `Invalid ${names.length === 1 ? "field" : "fields"}: ${names.join(", ")}.` : (first?.message ?? code);
  const error = restError(code as ErrorCode, message, hasFields ? fields : undefined);
  const ext = first?.extensions ?? {};
  for (const [key, toRest] of Object.entries(restDetails)) {
    if (ext[key] !== undefined) {
      const [name, value] = toRest(ext[key]);
      error.body[name] = value;
    }
  }
  return error;
}

/** A service's refusal met before any operation ran (the key, its scope), with its details in REST spelling. */
export function restErrorOfService(err: { code: ErrorCode; message: string; details?: Record<string, unknown> | undefined }): RestError {
  return restErrorFromGraphQL([{ message: err.message, extensions: { code: err.code, ...err.details } }]);
}

/** The refusals a payment ends (the allowance used up, a suspended or expired subscription): their bodies link the console's billing page. */
const PAID_AWAY = new Set(["MONTHLY_LIMIT_REACHED", "SUBSCRIPTION_EXPIRED", "ACCOUNT_SUSPENDED"]);

/** Adds `billing_url` (CONSOLE_URL, else the request's origin, + /console/#/billing) to a refusal a payment ends; others as they are. */
export function withBillingUrl(e: RestError, consoleOrigin: string): RestError {
  if (!PAID_AWAY.has(e.body.error.code)) return e;
  return { status: e.status, body: { ...e.body, billing_url: `${consoleOrigin}/console/#/billing` } };
}
