import { Readable } from "node:stream";
import type { z } from "zod";
import type { RestConnectionFieldsFragment } from "../../gql/graphql.js";
import { renamed, route, streamRoute, type AnyRoute } from "../../core/rest/route.js";
import type { ServiceDeps } from "../../core/deps.js";
import type { Principal } from "../../core/principal.js";
import { notFound } from "../../core/errors.js";
import * as shapes from "./rest-schemas.js";
import { accountId } from "../accounts/rest.js";
import { connectFromRest } from "./link-input.js";
import { currentQr } from "./links.js";
import { AccountConnectionOperation, ConnectAccountOperation, RelinkAccountOperation, RemoveAccountOperation, RequestPairingCodeOperation } from "./operations.js";

// A tenant connects, links again and removes its own numbers on the REST facade (docs/connecting-numbers.md).

const connection = (c: RestConnectionFieldsFragment): z.input<typeof shapes.connectionShape> => ({
  account_id: c.accountId,
  name: c.name,
  channel: c.channel,
  state: c.state,
  status: c.status,
  phone_number: c.phoneNumber ?? null,
  qr: c.qr ?? null,
  qr_changed_at: c.qrChangedAt ?? null,
  pairing_code: c.pairingCode ?? null,
  pairing_phone: c.pairingPhone ?? null,
  error: c.error ?? null,
  verified_name: c.verifiedName ?? null,
  quality: c.quality ?? null,
  messaging_tier: c.messagingTier ?? null,
});

const guide = "docs/connecting-numbers.md: QR code or pairing code, the states, re-linking and removing.";

export const numberLinkRoutes: AnyRoute[] = [
  route({
    method: "POST",
    path: /^\/accounts$/,
    doc: {
      path: "/accounts",
      operationId: "connectAccount",
      summary: "Add a number: one you link yourself (QR code or pairing code), or a Cloud API number by its credentials",
      description: `${guide}\n\n422 \`NUMBER_LIMIT_REACHED\` past the plan's \`accounts.limit\` (numbers connected or being linked); 422 \`NO_SERVER_ROOM\` when no WAHA server has room; 422 \`VALIDATION_ERROR\` naming the field when Meta refuses the credentials or the phone number id is already connected; 502 \`CHANNEL_ERROR\` when the session could not start or Meta did not answer (nothing is kept).`,
      tag: "Account",
      body: shapes.connectBody,
      errors: ["VALIDATION_ERROR", "NUMBER_LIMIT_REACHED", "NO_SERVER_ROOM", "CHANNEL_ERROR", "SERVICE_UNAVAILABLE"],
    },
    answer: shapes.connectionResponse,
    operation: ConnectAccountOperation,
    variables: (_, body) => ({
      input: {
        ...(renamed(body, { name: "name", warm_up: "warmUp", phone_number_id: "phoneNumberId", waba_id: "wabaId", access_token: "accessToken", signup_code: "signupCode" }) as {
          name: string;
        }),
        // GraphQL's enum name for whatsapp-cloud.
        ...(typeof body.channel === "string" ? { channel: body.channel.replace("-", "_") as never } : {}),
      },
    }),
    checked: ({ input }) => connectFromRest({ ...input, ...(input.channel ? { channel: String(input.channel).replace("_", "-") } : {}) }),
    respond: ({ connectAccount: c }) => ({ success: true as const, connection: connection(c) }),
  }),
  route({
    method: "GET",
    path: /^\/accounts\/([^/]+)\/connection$/,
    doc: {
      path: "/accounts/{id}/connection",
      operationId: "getAccountConnection",
      summary: "A number's connection: state, QR code, pairing code",
      description: guide,
      tag: "Account",
      errors: ["NOT_FOUND"],
    },
    answer: shapes.connectionResponse,
    operation: AccountConnectionOperation,
    variables: ([id]) => ({ id: accountId(id) }),
    respond: ({ accountConnection: c }) => ({ success: true as const, connection: connection(c) }),
  }),
  route({
    method: "POST",
    path: /^\/accounts\/([^/]+)\/pairing-code$/,
    doc: {
      path: "/accounts/{id}/pairing-code",
      operationId: "requestPairingCode",
      summary: "A code to type on the phone instead of scanning",
      description: `${guide}\n\n409 \`LINK_NOT_READY\` unless the session waits for a scan (SCAN_QR_CODE); 409 \`NUMBER_ALREADY_LINKED\` once linked.`,
      tag: "Account",
      body: shapes.pairingBody,
      errors: ["NOT_FOUND", "VALIDATION_ERROR", "LINK_NOT_READY", "NUMBER_ALREADY_LINKED", "CHANNEL_ERROR"],
    },
    answer: shapes.connectionResponse,
    operation: RequestPairingCodeOperation,
    variables: ([id], body) => ({ id: accountId(id), phoneNumber: body.phone_number as string }),
    checked: ({ phoneNumber }) => phoneNumber,
    respond: ({ requestPairingCode: c }) => ({ success: true as const, connection: connection(c) }),
  }),
  route({
    method: "POST",
    path: /^\/accounts\/([^/]+)\/relink$/,
    doc: {
      path: "/accounts/{id}/relink",
      operationId: "relinkAccount",
      summary: "Link a lost number again: the same account and history",
      description: `${guide}\n\n409 \`NUMBER_ALREADY_LINKED\` while it is linked; 422 \`NUMBER_LIMIT_REACHED\` when the plan has no place for it.`,
      tag: "Account",
      errors: ["NOT_FOUND", "NUMBER_ALREADY_LINKED", "LINK_NOT_READY", "NUMBER_LIMIT_REACHED", "CHANNEL_ERROR"],
    },
    answer: shapes.connectionResponse,
    operation: RelinkAccountOperation,
    variables: ([id]) => ({ id: accountId(id) }),
    respond: ({ relinkAccount: c }) => ({ success: true as const, connection: connection(c) }),
  }),
  route({
    method: "DELETE",
    path: /^\/accounts\/([^/]+)$/,
    doc: {
      path: "/accounts/{id}",
      operationId: "removeAccount",
      summary: "Remove a number: its session is logged out and removed; its messages stay",
      description: `${guide}\n\n502 \`CHANNEL_ERROR\` when WAHA could not remove the session (nothing is changed; try again).`,
      tag: "Account",
      errors: ["NOT_FOUND", "CHANNEL_ERROR"],
    },
    answer: shapes.removedResponse,
    operation: RemoveAccountOperation,
    variables: ([id]) => ({ id: accountId(id) }),
    respond: ({ removeAccount: r }) => ({ success: true as const, account_id: r.id, removed_at: r.removedAt }),
  }),
  streamRoute({
    method: "GET",
    path: /^\/accounts\/([^/]+)\/qr$/,
    scope: "accounts:read",
    doc: {
      path: "/accounts/{id}/qr",
      operationId: "getAccountQr",
      summary: "The QR code to scan with the phone (WhatsApp → Linked devices)",
      description: `${guide}\n\nIt rotates (about every 20 s): fetch it again, or follow \`accountConnection\`. 409 \`NUMBER_ALREADY_LINKED\` for a linked number; 409 \`LINK_NOT_READY\` while the session is not waiting for a scan.`,
      tag: "Account",
      query: shapes.qrQuery,
      errors: ["NOT_FOUND", "VALIDATION_ERROR", "NUMBER_ALREADY_LINKED", "LINK_NOT_READY"],
    },
    answerDescription: 'image/png (format=image, the default), or application/json `{"value": …}` (format=raw).',
    answerHeaders: { "Cache-Control": { required: true, type: "string", description: "`no-store`: the code rotates." } },
    open: async (deps, principal, [id], query) => qrAnswer(deps, principal, id, query.format === "raw"),
  }),
];

async function qrAnswer(deps: ServiceDeps, principal: Principal, id: string | undefined, raw: boolean) {
  if (accountId(id) === 0) throw notFound("Account");
  const value = await currentQr(deps, principal, accountId(id));
  // Loaded on first use: most processes never draw a QR code, and start-up need not pay for it.
  const bytes = raw
    ? Buffer.from(JSON.stringify({ value }))
    : await (await import("qrcode")).default.toBuffer(value, { type: "png", errorCorrectionLevel: "M", margin: 2, width: 320 });
  return {
    body: Readable.from([bytes]),
    headers: { "content-type": raw ? "application/json" : "image/png", "content-length": String(bytes.length), "cache-control": "no-store" },
  };
}
