import { z } from "zod";
import type { ServiceDeps } from "../../core/deps.js";
import type { Principal } from "../../core/principal.js";
import { ServiceError, validationError } from "../../core/errors.js";
import { graphApiOf, type GraphApi, GraphError } from "../../core/channels/graph-api.js";
import { messagingLimitField, numberMessagingTier, phoneDigits } from "../../core/numbers/meta-numbers.js";
import { insertAccount } from "../accounts/index.js";
import { syncTemplatesOf } from "../whatsapp-templates/index.js";
import { lockPlacements, phoneNumberIdTaken } from "./sql/links-sql.js";
import type { CloudCredentials, ConnectInput } from "./link-input.js";
import { ownLinkedAccount, requirePlace, type LinkedAccount } from "./links.js";
import { insertAuditEvent } from "../../core/audit/audit-event-sql.js";
import { auditEvent } from "../../core/audit/audit-record.js";

// A WhatsApp Cloud API number connected by its credentials (docs/connecting-numbers.md, "Cloud API
// numbers"): Meta's Graph API confirms the phone number id, that it is the business account's, and
// the token, before anything is written; the app is subscribed to the account's webhooks; the
// number is stored with its quality and messaging tier, and its templates are synced.

const phoneInfo = z.looseObject({
  id: z.string(),
  display_phone_number: z.string(),
  verified_name: z.string().optional(),
  quality_rating: z.string().optional(),
  whatsapp_business_manager_messaging_limit: z.string().optional(),
  messaging_limit_tier: z.string().optional(),
});
const phoneList = z.looseObject({
  data: z.array(z.looseObject({ id: z.string() })),
  paging: z.looseObject({ cursors: z.looseObject({ after: z.string().optional() }).optional(), next: z.string().optional() }).optional(),
});
const subscribed = z.looseObject({ success: z.boolean() });
const exchanged = z.looseObject({ access_token: z.string().min(1) });

/** What Graph said of the number. */
interface CloudFacts {
  token: string;
  phone: string;
  verifiedName: string | null;
  quality: string | null;
  tier: number | null | undefined;
}

export async function connectCloudNumber(deps: ServiceDeps, principal: Principal, input: ConnectInput & { cloud: CloudCredentials }): Promise<LinkedAccount> {
  const facts = await checkWithMeta(deps, input.cloud);
  const { phoneNumberId, wabaId } = input.cloud;
  const account = await deps.db.$transaction(async (tx) => {
    await lockPlacements(tx);
    await requirePlace(tx, principal.tenantId, null);
    if (await phoneNumberIdTaken(tx, phoneNumberId)) throw validationError({ phoneNumberId: "is already connected (to this business or another)" });
    const created = await insertAccount(tx as typeof deps.db, {
      tenantId: principal.tenantId,
      name: input.name,
      phoneNumber: facts.phone,
      channel: "whatsapp-cloud",
      settings: { whatsappCloud: { phoneNumberId, accessToken: facts.token, wabaId, ...(facts.verifiedName ? { verifiedName: facts.verifiedName } : {}) } },
      quality: facts.quality,
      ...(facts.tier !== undefined ? { messagingTier: facts.tier } : {}),
      warmupStartedOn: input.warmUp ? new Date(`${deps.clock.period().day}T00:00:00Z`) : null,
      dailyLimit: 1000,
      monthlyLimit: 30000,
    }).catch((err: unknown) => {
      if (/unique/i.test(String(err))) throw validationError({ phoneNumberId: `its number ${facts.phone} is already one of your numbers` });
      throw err;
    });
    const after = { name: input.name, channel: "whatsapp-cloud", phoneNumber: facts.phone, phoneNumberId, wabaId, verifiedName: facts.verifiedName };
    await insertAuditEvent(tx, auditEvent(principal.tenantId, principal.actor, deps.clock.now(), { action: "account.added", target: `account:${created.id}`, after }));
    return created;
  });
  // The templates come from Meta now; a sync that fails leaves the number connected (sync again on demand).
  await syncTemplatesOf(deps, principal.tenantId, { wabaId, token: facts.token }).catch((err: unknown) => deps.log.warn({ err, wabaId }, "could not sync templates on connect"));
  return ownLinkedAccount(deps, principal, account.id);
}

/** Asks Meta about the credentials; refused ones are 422 naming the field, an unreachable Meta 502. */
async function checkWithMeta(deps: ServiceDeps, c: CloudCredentials): Promise<CloudFacts> {
  const graph = graphApiOf(deps.config.channel);
  try {
    const token = c.accessToken ?? (await exchangeSignupCode(deps, graph, c.signupCode ?? ""));
    // The messaging limit is asked in the field the configured Graph version has (meta-numbers.ts).
    const fields = `id,display_phone_number,verified_name,quality_rating,${messagingLimitField(deps.config.channel.whatsappCloud.apiVersion)}`;
    const phone = await about("phoneNumberId", graph.get(token, `/${encodeURIComponent(c.phoneNumberId)}`, { fields }, phoneInfo));
    const digits = phoneDigits(phone.display_phone_number);
    if (!digits) throw validationError({ phoneNumberId: `Meta gives its number as "${phone.display_phone_number}", not a phone number` });
    await about("wabaId", inBusinessAccount(graph, token, c));
    const subscription = await about("wabaId", graph.post(token, `/${encodeURIComponent(c.wabaId)}/subscribed_apps`, {}, subscribed));
    if (!subscription.success) throw validationError({ wabaId: "Meta did not subscribe this app to the business account's webhooks" });
    const rating = phone.quality_rating?.toUpperCase();
    const quality = rating === "GREEN" || rating === "YELLOW" || rating === "RED" ? rating : null;
    return { token, phone: digits, verifiedName: phone.verified_name ?? null, quality, tier: numberMessagingTier(phone) };
  } catch (err) {
    throw refusal(err, c);
  }
}

/** That the phone number is one of the business account's; 422 when it is not. */
async function inBusinessAccount(graph: GraphApi, token: string, c: CloudCredentials): Promise<void> {
  let after: string | undefined;
  for (let page = 0; page < 20; page++) {
    const query = { fields: "id", limit: "100", ...(after ? { after } : {}) };
    const list = await graph.get(token, `/${encodeURIComponent(c.wabaId)}/phone_numbers`, query, phoneList);
    if (list.data.some((p) => p.id === c.phoneNumberId)) return;
    after = list.paging?.next ? list.paging.cursors?.after : undefined;
    if (!after) break;
  }
  throw validationError({ wabaId: `phone number ${c.phoneNumberId} is not one of this WhatsApp Business Account's numbers` });
}

/** Embedded Signup: the code the tenant's Facebook login handed back, exchanged (server to server) for the business's token. */
async function exchangeSignupCode(deps: ServiceDeps, graph: GraphApi, code: string): Promise<string> {
  const { appId, appSecret } = deps.config.channel.whatsappCloud;
  if (!appId || !appSecret) throw new ServiceError("SERVICE_UNAVAILABLE", "Embedded Signup is not set up: the operator sets META_APP_ID and WHATSAPP_CLOUD_APP_SECRET.");
  const answer = await graph.get(undefined, "/oauth/access_token", { client_id: appId, client_secret: appSecret, code }, exchanged).catch((err: unknown) => {
    if (err instanceof GraphError && err.status > 0 && err.status < 500) throw validationError({ signupCode: `Meta refused the code: ${err.message}` });
    throw err;
  });
  return answer.access_token;
}

/** Which field a refusal of this step is about (Graph's 400 code 100: an id it does not know, or one the token cannot reach). */
class StepRefused extends Error {
  constructor(
    readonly field: string,
    readonly refused: GraphError,
  ) {
    super(refused.message);
  }
}

const about = <T>(field: string, step: Promise<T>): Promise<T> =>
  step.catch((err: unknown) => {
    throw err instanceof GraphError && !err.tokenRefused && err.status === 400 ? new StepRefused(field, err) : err;
  });

function refusal(err: unknown, c: CloudCredentials): Error {
  if (err instanceof StepRefused) return validationError({ [err.field]: `Meta does not know it, or this token cannot reach it: ${err.message}` });
  if (!(err instanceof GraphError)) return err instanceof Error ? err : new Error(String(err));
  if (err.tokenRefused) return validationError({ [c.accessToken ? "accessToken" : "signupCode"]: `Meta refused the token: ${err.message}` });
  if (err.status > 0 && err.status < 500) return validationError({ accessToken: `Meta refused: ${err.message}` });
  return new ServiceError("CHANNEL_ERROR", `Could not check the number with Meta: ${err.message}`);
}
