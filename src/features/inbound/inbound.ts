import type { InboundMessage } from "../../generated/prisma/client.js";
import { draftOf, type InboundDraft } from "./payloads/inbound-payloads.js";
import type { SimulatedReply } from "../../core/channels/simulator.js";
import type { ServiceDeps } from "../../core/deps.js";
import type { InboundEvent } from "../../core/live/events.js";
import { statusEvent } from "../../core/live/events.js";
import { normalizePhoneNumber } from "../../core/input/phone.js";
import { isStopMessage, readConsentRules, type ConsentRules } from "../contacts/index.js";
import { cancelForOptOut } from "../queue/index.js";
import { storeInbound } from "./inbound-sql.js";
import { queueContactReply } from "../messages/index.js";

// Messages contacts send to the tenants' numbers, from any driver (provider webhooks, or the
// simulator's replies): stored once per provider id, attributed to the outbound message they
// answer, and read for stop words, which opt the contact out at once.

/** Which of our numbers a provider says received a message. */
export type Recipient = InboundDraft["recipient"];

/** An account an inbound message is for. */
export interface ReceivingAccount {
  id: number;
  tenantId: number;
}

/**
 * The accounts a provider's recipient names: by the provider's own id for the number (Cloud's
 * phone_number_id, WAHA's session) in the account's settings, else by the number itself. The same
 * number configured by two tenants is each one's: both send from it, so both hear its replies.
 *
 * A WAHA session logged in to a phone that is not the number's (a link the gateway refused, whose
 * logout WAHA has not confirmed yet, or whose refusal is still on its way) carries a stranger's
 * WhatsApp: what it receives belongs to nobody here, and is not looked up by that stranger's number.
 */
export async function accountsFor(deps: ServiceDeps, driver: "whatsapp-cloud" | "waha", recipient: Recipient): Promise<ReceivingAccount[]> {
  const key = driver === "whatsapp-cloud" ? recipient.phoneNumberId : recipient.session;
  const number = normalizePhoneNumber((driver === "whatsapp-cloud" ? recipient.displayPhoneNumber : recipient.meId?.replace(/[:@].*$/, "")) ?? "");
  const path = driver === "whatsapp-cloud" ? ["whatsappCloud", "phoneNumberId"] : ["waha", "session"];
  if (key) {
    const byKey = await deps.db.account.findMany({
      where: { settings: { path, equals: key } },
      select: { id: true, tenantId: true, phoneNumber: true, link: { select: { error: true } } },
    });
    if (byKey.length) {
      const own = driver === "whatsapp-cloud" ? byKey : byKey.filter((a) => sessionIsTheNumbers(a, number));
      return own.map(({ id, tenantId }) => ({ id, tenantId }));
    }
  }
  if (!number) return [];
  return deps.db.account.findMany({ where: { phoneNumber: number }, select: { id: true, tenantId: true } });
}

/** Whether a WAHA session logged in to `me` (when WAHA names it) is the account's own number. */
function sessionIsTheNumbers(account: { phoneNumber: string | null; link: { error: string | null } | null }, me: string | undefined): boolean {
  // A link's error is set only when the gateway refused the phone that linked it (number-links).
  if (account.link !== null && account.link.error !== null) return false;
  return !me || account.phoneNumber === null || account.phoneNumber === me;
}

/** The sender's number in our form; with only a LID, the number a contact seen with that LID has. */
async function senderNumber(deps: ServiceDeps, tenantId: number, draft: InboundDraft): Promise<string | null> {
  const number = draft.fromNumber ? normalizePhoneNumber(draft.fromNumber) : undefined;
  if (number) return number;
  if (!draft.fromLid) return null;
  const known = await deps.db.contact.findFirst({ where: { tenantId, lid: draft.fromLid }, select: { phone: true } });
  return known?.phone ?? null;
}

/** Kinds whose text is the contact's own words (a caption or a reaction is not an opt-out). */
const wordsKinds = new Set<InboundDraft["kind"]>(["text", "button"]);

export interface ReceiveResult {
  stored: number;
  duplicates: number;
}

/**
 * Stores what arrived for `account`, in order; a redelivered message is counted and left alone.
 * Each stored message is published live (inboundMessages) and queued as a message.received webhook
 * by the database in the same statement. A stop word opts the contact out, cancels what is queued
 * to them and, when the tenant set one, queues the confirmation reply from the same number.
 */
export async function receiveInbound(deps: ServiceDeps, account: ReceivingAccount, drafts: InboundDraft[]): Promise<ReceiveResult> {
  let rules: ConsentRules | undefined;
  const result: ReceiveResult = { stored: 0, duplicates: 0 };
  for (const draft of drafts) {
    const fromNumber = await senderNumber(deps, account.tenantId, draft);
    rules ??= await readConsentRules(deps, account.tenantId);
    const stopWord = fromNumber !== null && draft.text !== null && wordsKinds.has(draft.kind) && isStopMessage(draft.text, rules.effective);
    const now = deps.clock.now();
    const stored = await storeInbound(deps.db, { tenantId: account.tenantId, accountId: account.id, draft, fromNumber, stopWord, now });
    if (!stored.message) {
      result.duplicates++;
      continue;
    }
    result.stored++;
    deps.metrics.inboundMessages.inc({ kind: draft.kind });
    deps.events.publishInbound([inboundEvent(stored.message)]);
    if (stored.newlyOptedOut && fromNumber) await afterStopWord(deps, account, fromNumber, rules);
  }
  // A Chatwoot bridge carrying the number owes it to Chatwoot now (the insert's trigger queued it).
  // So do the tenant's automation rules, when it has any (the same trigger's sibling queued them).
  if (result.stored > 0) {
    deps.wakeChatwootRelay?.();
    deps.wakeAutomation?.();
  }
  return result;
}

/**
 * Stores the inbound messages of one provider payload for the accounts they were sent to. One for
 * a number no account has is counted as `unrouted` and logged, not refused: the provider would
 * only send it again.
 */
export async function receiveFromProvider(deps: ServiceDeps, driver: "whatsapp-cloud" | "waha", drafts: InboundDraft[]) {
  const totals = { inbound: drafts.length, stored: 0, duplicates: 0, unrouted: 0 };
  const byRecipient = new Map<string, InboundDraft[]>();
  for (const d of drafts) {
    const key = JSON.stringify(d.recipient);
    byRecipient.set(key, [...(byRecipient.get(key) ?? []), d]);
  }
  for (const group of byRecipient.values()) {
    const accounts = await accountsFor(deps, driver, group[0]!.recipient);
    if (accounts.length === 0) {
      totals.unrouted += group.length;
      deps.log.warn({ driver, recipient: group[0]!.recipient, messages: group.length }, "inbound messages for a number no account has");
    }
    for (const account of accounts) {
      const r = await receiveInbound(deps, account, group);
      totals.stored += r.stored;
      totals.duplicates += r.duplicates;
    }
  }
  return totals;
}

export function inboundEvent(m: InboundMessage): InboundEvent {
  return {
    id: `evt_in_${m.id}`,
    type: "message.received",
    inboundMessageId: String(m.id),
    tenantId: m.tenantId,
    accountId: m.accountId,
    fromNumber: m.fromNumber,
    batchId: m.batchId === null ? null : String(m.batchId),
    at: m.receivedAt.toISOString(),
  };
}

/** Cancels what waits for a contact who just opted out, and queues the confirmation if there is one. */
async function afterStopWord(deps: ServiceDeps, account: ReceivingAccount, phone: string, rules: ConsentRules): Promise<void> {
  const { cancelled } = await cancelForOptOut(deps.db, account.tenantId, [phone]);
  deps.events.publish(cancelled.map((m) => statusEvent(m)));
  deps.log.info({ tenantId: account.tenantId, accountId: account.id, cancelled: cancelled.length }, "contact opted out with a stop word");
  if (!rules.confirmationText) return;
  const notice = await queueContactReply(deps, { tenantId: account.tenantId, accountId: account.id, phone, text: rules.confirmationText, consentNotice: true });
  if (!notice) deps.log.warn({ tenantId: account.tenantId }, "opt-out confirmation not sent: the monthly allowance is used up");
}

/** A reply the simulator made up (SIMULATOR_REPLY_PATTERN / SIMULATOR_STOP_PATTERN), stored like a provider's. */
export async function receiveSimulatedReply(deps: ServiceDeps, reply: SimulatedReply): Promise<void> {
  const account = await deps.db.account.findUnique({ where: { id: reply.accountId }, select: { id: true, tenantId: true } });
  if (!account) return;
  const now = deps.clock.now();
  const draft = draftOf({
    providerMessageId: reply.providerMessageId,
    recipient: {},
    fromNumber: reply.from,
    fromLid: null,
    profileName: null,
    replyToProviderId: reply.replyToProviderId,
    sentAt: now,
  });
  await receiveInbound(deps, account, [{ ...draft, kind: "text", text: reply.text }]);
}
