import { z } from "zod";
import type { ConsentSettings, ConsentSource } from "../../generated/prisma/client.js";
import type { Principal } from "../../core/principal.js";
import type { ServiceDeps } from "../../core/deps.js";
import { ServiceError, validationError } from "../../core/errors.js";
import { clearOptOuts, optOutContacts, readOptOuts, saveConsentSettings } from "./contact-sql.js";
import { statusEvent } from "../../core/live/events.js";
import { normalizePhoneNumber } from "../../core/input/phone.js";
import { parseInput, STORABLE_TEXT_PROBLEM, storableText } from "../../core/input/validation.js";
import { cleanStopWords, effectiveStopWords } from "./stop-words.js";
import { clearErasedSuppressions } from "./erasure-sql.js";
import { audited, type Author } from "../../core/audit/audited.js";
import { insertAuditEvent } from "../../core/audit/audit-event-sql.js";
import { auditEvent } from "../../core/audit/audit-record.js";

// Who may be sent to. A contact opts out by writing a stop word (inbound.ts); the tenant opts
// contacts out or in over the API, or imports a suppression list. Acceptance refuses opted-out
// numbers (RECIPIENT_OPTED_OUT, or `skipped` in a bulk answer), and messages already queued to them
// fail `opted_out` with their allowance given back.

/** Why a number may not be sent to: the contact asked (a stop word), or the tenant suppressed it. */
export type ConsentReason = "opted_out" | "suppressed";

export const reasonOf = (source: ConsentSource | null): ConsentReason => (source === "stop_word" ? "opted_out" : "suppressed");

/** At most this many numbers per opt-out, opt-in or import request. */
export const MAX_SUPPRESSION_IMPORT = 10_000;

export const recipientOptedOut = (to: string, reason: ConsentReason) =>
  new ServiceError(
    "RECIPIENT_OPTED_OUT",
    reason === "opted_out"
      ? `${to} has opted out of your messages (they sent a stop word); nothing was sent or charged.`
      : `${to} is on your suppression list; nothing was sent or charged. Opt it back in to send to it.`,
    undefined,
    { to, optOutReason: reason },
  );

/** Of `numbers` (normalised), those the tenant may not send to, with why. One indexed read. */
export async function optedOutAmong(deps: ServiceDeps, tenantId: number, numbers: string[]): Promise<Map<string, ConsentReason>> {
  if (numbers.length === 0) return new Map();
  // Raw rather than the ORM's `in`: the client serialises and parameterises such a list one
  // element at a time, which for a bulk's 500 numbers cost more than the read itself.
  const rows = await readOptOuts(deps.db, tenantId, numbers);
  return new Map(rows.map((r) => [r.phone, reasonOf(r.optOutSource)]));
}

export interface NumberList {
  /** Normalised, distinct, in the order given. */
  numbers: string[];
  /** Entries that are not a number we could send to, with their index in the request. */
  invalid: Array<{ index: number; value: string }>;
}

/** Nothing longer is a way of writing a phone number, so it is not parsed. */
const MAX_NUMBER_ENTRY = 32;
const readNumber = (value: string) => (value.length <= MAX_NUMBER_ENTRY ? normalizePhoneNumber(value) : undefined);

/**
 * A request's list of numbers: 1 to MAX_SUPPRESSION_IMPORT entries (counted before any is read),
 * at least one of them a number. The other entries are not refused: the answer reports them.
 */
export const numberList = z
  .array(z.string())
  .min(1, { message: "must list at least one number", abort: true })
  .max(MAX_SUPPRESSION_IMPORT, { message: `may list at most ${MAX_SUPPRESSION_IMPORT} numbers per request`, abort: true })
  .superRefine((raw, ctx) => {
    if (!raw.some((value) => readNumber(value))) ctx.addIssue({ code: "custom", path: [0], message: "must be a mobile number in international form or 05XXXXXXXX", input: raw[0] });
  });

/** A list its rules already checked: normalised, each once, in the order given; the other entries by index. */
export function numbersOf(checked: readonly string[]): NumberList {
  const numbers = new Set<string>();
  const invalid: NumberList["invalid"] = [];
  checked.forEach((value, index) => {
    const n = readNumber(value);
    if (n) numbers.add(n);
    else invalid.push({ index, value: value.slice(0, 64) });
  });
  return { numbers: [...numbers], invalid };
}

/** A request's list of numbers checked by its rules, errors naming it `field`, then read. */
export function parseNumberList(raw: unknown, field: string): NumberList {
  return numbersOf(parseInput(z.object({ [field]: numberList }), { [field]: raw })[field]!);
}

export interface OptOutResult {
  /** Numbers opted out by this request (not already opted out). */
  optedOut: number;
  /** Numbers that were opted out already. */
  already: number;
  /** Queued messages to them that were cancelled (failed `opted_out`, allowance given back). */
  cancelled: number;
  /** Messages to them already in the provider's hands when the opt-out took effect: they may still arrive. */
  inFlight: number;
}

/**
 * Opts `numbers` out for the tenant and cancels what is queued to them, in one transaction: from
 * its commit on, nothing new to them is accepted, and the worker fails any message to them it
 * claims (failOptedOutClaimed). An existing opt-out keeps its source and time.
 */
export async function optOutNumbers(deps: ServiceDeps, tenantId: number, numbers: string[], source: ConsentSource, by?: Author): Promise<OptOutResult> {
  const now = deps.clock.now();
  const sorted = [...numbers].sort();
  const [marked, cancel] = await deps.db.$transaction(
    async (tx) => {
      const rows = await optOutContacts(tx, tenantId, sorted, source, now);
      const cancelled = await deps.cancelForOptOut(tx, tenantId, sorted);
      const newly = rows.filter((r) => r.newly).length;
      // A contact's own stop word is recorded on its inbound message; a caller's opt-out here.
      if (by && newly > 0) {
        const action = source === "import" ? "suppression_list.imported" : "contact.opted_out";
        await insertAuditEvent(
          tx,
          auditEvent(tenantId, by.actor, by.at, { action, target: targetOf(sorted), after: { numbers: listed(sorted), opted_out: newly, cancelled: cancelled.cancelled.length } }),
        );
      }
      return [rows, cancelled] as const;
    },
    { isolationLevel: "ReadCommitted" },
  );
  deps.events.publish(cancel.cancelled.map((m) => statusEvent(m)));
  const optedOut = marked.filter((r) => r.newly).length;
  return { optedOut, already: marked.length - optedOut, cancelled: cancel.cancelled.length, inFlight: cancel.inFlight };
}

/** Lets the tenant send to `numbers` again; returns how many were opted out. Unknown numbers are ignored. */
export async function optInNumbers(deps: ServiceDeps, tenantId: number, numbers: string[], by: Author): Promise<number> {
  const cleared = await audited(
    deps.db,
    by,
    // An erased contact's opt-out is its number's hash: opting the number in ends that too.
    async (tx) => [...(await clearOptOuts(tx, tenantId, numbers)), ...(await clearErasedSuppressions(tx, tenantId, numbers))],
    (rows) =>
      rows.length
        ? { tenantId, action: "contact.opted_in", target: targetOf(rows.map((r) => r.phone)), after: { numbers: listed(rows.map((r) => r.phone)), opted_in: rows.length } }
        : null,
  );
  return cleared.length;
}

/** Numbers an event lists at most; the count says how many there were. */
const LISTED_NUMBERS = 1_000;
const listed = (numbers: readonly string[]) => numbers.slice(0, LISTED_NUMBERS);
/** One contact by its number, or how many a list held. */
const targetOf = (numbers: readonly string[]) => (numbers.length === 1 ? `contact:${numbers[0]}` : `contacts:${numbers.length}`);

/** The tenant's opt-out rules as they apply: no row means the defaults. */
export interface ConsentRules {
  useDefaultStopWords: boolean;
  stopWords: string[];
  confirmationText: string | null;
  /** What inbound messages are matched against (defaults and own, once). */
  effective: string[];
}

const withoutEffective = ({ effective: _effective, ...rules }: ConsentRules) => rules;

const rulesOf = (row: Pick<ConsentSettings, "useDefaultWords" | "stopWords" | "confirmationText"> | null): ConsentRules => {
  const useDefaultStopWords = row?.useDefaultWords ?? true;
  const stopWords = row?.stopWords ?? [];
  return { useDefaultStopWords, stopWords, confirmationText: row?.confirmationText ?? null, effective: effectiveStopWords(useDefaultStopWords, stopWords) };
};

export async function readConsentRules(deps: ServiceDeps, tenantId: number): Promise<ConsentRules> {
  return rulesOf(await deps.db.consentSettings.findUnique({ where: { tenantId } }));
}

export interface ConsentRulesInput {
  useDefaultStopWords?: boolean | null | undefined;
  stopWords?: readonly string[] | null | undefined;
  confirmationText?: string | null | undefined;
}

/** A confirmation reply is a message like any other: the same length limit. */
export const MAX_CONFIRMATION_LENGTH = 1_000;

/** Replaces the fields given (absent: unchanged; `confirmationText: null`: no reply). */
export async function setConsentRules(deps: ServiceDeps, principal: Principal, input: ConsentRulesInput, by: Author): Promise<ConsentRules> {
  const errors: Record<string, string> = {};
  let stopWords: string[] | undefined;
  if (input.stopWords != null) {
    const cleaned = cleanStopWords(input.stopWords);
    if ("error" in cleaned) errors.stopWords = cleaned.error;
    else stopWords = cleaned.words;
  }
  const text = input.confirmationText === undefined ? undefined : input.confirmationText?.trim() || null;
  if (text && [...text].length > MAX_CONFIRMATION_LENGTH) errors.confirmationText = `must be at most ${MAX_CONFIRMATION_LENGTH} characters`;
  else if (text && !storableText(text)) errors.confirmationText = STORABLE_TEXT_PROBLEM;
  if (Object.keys(errors).length) throw validationError(errors);
  const data = {
    ...(input.useDefaultStopWords != null ? { useDefaultWords: input.useDefaultStopWords } : {}),
    ...(stopWords ? { stopWords } : {}),
    ...(text !== undefined ? { confirmationText: text } : {}),
    updatedAt: deps.clock.now(),
  };
  const before = await readConsentRules(deps, principal.tenantId);
  const row = await audited(
    deps.db,
    by,
    (tx) => saveConsentSettings(tx, principal.tenantId, data),
    (saved) => ({
      tenantId: principal.tenantId,
      action: "consent_settings.changed",
      target: "consent_settings",
      before: withoutEffective(before),
      after: withoutEffective(rulesOf(saved)),
    }),
  );
  return rulesOf(row);
}
