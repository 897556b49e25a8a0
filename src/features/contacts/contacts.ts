import type { Contact, Prisma } from "../../generated/prisma/client.js";
import type { Principal } from "../../core/principal.js";
import type { ServiceDeps } from "../../core/deps.js";
import { notFound, validationError } from "../../core/errors.js";
import { normalizePhoneNumber, PHONE_PROBLEM } from "../../core/input/phone.js";
import { DEFAULT_STOP_WORDS } from "./stop-words.js";
import { customerWindowsOf, type CustomerWindow } from "./window-sql.js";
import { insertNamedContact, lastSentTo, renameContact } from "./contact-sql.js";
import { STORABLE_TEXT_PROBLEM, storableText } from "../../core/input/validation.js";
import { audited, type Author } from "../../core/audit/audited.js";
import {
  optInNumbers,
  optOutNumbers,
  readConsentRules,
  reasonOf,
  setConsentRules,
  type ConsentReason,
  type ConsentRules,
  type ConsentRulesInput,
  type NumberList,
  type OptOutResult,
} from "./consent.js";

// A tenant's contacts (the numbers it has exchanged messages with, imported or named) and the
// tenant's side of consent: opting numbers out or in, importing a suppression list, and the
// stop-word settings. Every read is scoped to the caller's tenant, and another tenant's contact
// is answered exactly like an unknown one. Contacts are addressed by number, in any spelling
// normalizePhoneNumber accepts.

export const MAX_CONTACT_NAME_LENGTH = 256;
/** Longer than any name or number a person would search for; a bound on what reaches ILIKE. */
export const MAX_CONTACT_SEARCH_LENGTH = 100;
/** As in a list of numbers (consent.ts): nothing longer is a way of writing a phone number, so it is not parsed. */
const MAX_PHONE_INPUT_LENGTH = 32;
/** Contact ids are int4; a cursor past it is a valid id of no contact. */
const MAX_CONTACT_ID = 2_147_483_647;

/** A contact as callers see it: whether the tenant may send to it, and if not why. */
export type ContactView = Contact & { optedOut: boolean; reason: ConsentReason | null; windows: CustomerWindow[] };

/** The consent state of a contact row: a stop word is the contact's own opt-out, anything else the tenant's. */
export const consentOf = (c: Pick<Contact, "optedOutAt" | "optOutSource">): { optedOut: boolean; reason: ConsentReason | null } =>
  c.optedOutAt ? { optedOut: true, reason: reasonOf(c.optOutSource) } : { optedOut: false, reason: null };

const view = (c: Contact, windows: CustomerWindow[]): ContactView => ({ ...c, ...consentOf(c), windows });

/**
 * Fills in each contact's customer-service windows (window-sql.ts), and when it was last sent to, read from the messages themselves (one indexed
 * query per page, on message (tenant_id, to)) rather than written on every send: the drain's sent
 * marks stay one statement. Last seen is the later of that and the stored inbound/created time.
 */
async function withOutbound(deps: ServiceDeps, tenantId: number, rows: Contact[]): Promise<ContactView[]> {
  const phones = rows.map((c) => c.phone);
  const sent = phones.length === 0 ? [] : await lastSentTo(deps.db, tenantId, phones);
  const last = new Map(sent.filter((s) => s.at !== null).map((s) => [s.to, s.at]));
  const windows = await customerWindowsOf(deps.db, tenantId, phones);
  return rows.map((c) => {
    const out = last.get(c.phone) ?? c.lastOutboundAt;
    const seen = out && out > c.lastSeenAt ? out : c.lastSeenAt;
    return view({ ...c, lastOutboundAt: out, lastSeenAt: seen }, windows.get(c.phone) ?? []);
  });
}

const normalised = (raw: string): string | undefined => (raw.length <= MAX_PHONE_INPUT_LENGTH ? normalizePhoneNumber(raw) : undefined);

export interface ContactPage {
  /** Only ids below this one (the next page of a newest-first list). */
  olderThan?: bigint | undefined;
  /** Only ids above this one (the previous page). */
  newerThan?: bigint | undefined;
  limit: number;
  /** Oldest first instead of newest first (paging backwards). */
  ascending?: boolean;
  search?: string | null | undefined;
  /** true: only contacts the tenant may not send to; false: only those it may. */
  optedOut?: boolean | null | undefined;
}

// What a person types when looking a number up: digits (Arabic-Indic ones too), +, spaces and the
// usual separators. Text with letters is a name, and its digits ("Room 5") say nothing of the number.
const NUMBER_LIKE = /^[\d\u0660-\u0669\u06F0-\u06F9+\s\-().]+$/u;

const digitsOf = (s: string) =>
  s
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\D/g, "");

/**
 * The contacts a search matches: the name, case-insensitively, contains the text; or, for a text
 * that is a (partial) number, the stored digits contain its digits. Numbers are stored in
 * international form, so a local or 00 spelling ("0501…", "00966…") is also tried without its
 * leading zeros.
 */
function searchFilter(raw: string): Prisma.ContactWhereInput | undefined {
  if (raw.length > MAX_CONTACT_SEARCH_LENGTH) throw validationError({ search: `must be at most ${MAX_CONTACT_SEARCH_LENGTH} characters` });
  if (!storableText(raw)) throw validationError({ search: STORABLE_TEXT_PROBLEM });
  const text = raw.trim();
  if (text === "") return undefined;
  // Prisma passes `contains` to ILIKE as is, so the pattern characters are escaped to mean themselves.
  const conditions: Prisma.ContactWhereInput[] = [{ name: { contains: text.replace(/[\\%_]/g, "\\$&"), mode: "insensitive" } }];
  if (NUMBER_LIKE.test(text)) {
    const digits = digitsOf(text);
    for (const d of new Set([digits, digits.replace(/^0+/, "")])) if (d !== "") conditions.push({ phone: { contains: d } });
  }
  return { OR: conditions };
}

/** The tenant's contacts, newest first (by id), filtered by a search text and by consent. */
export async function listContacts(deps: ServiceDeps, principal: Principal, page: ContactPage): Promise<ContactView[]> {
  const search = page.search == null ? undefined : searchFilter(page.search);
  const olderThan = page.olderThan !== undefined && page.olderThan <= MAX_CONTACT_ID ? Number(page.olderThan) : undefined;
  if (page.newerThan !== undefined && page.newerThan >= MAX_CONTACT_ID) return [];
  const newerThan = page.newerThan === undefined ? undefined : Number(page.newerThan);
  const rows = await deps.readDb.contact.findMany({
    where: {
      tenantId: principal.tenantId,
      ...(search ?? {}),
      ...(page.optedOut == null ? {} : { optedOutAt: page.optedOut ? { not: null } : null }),
      id: {
        ...(olderThan !== undefined ? { lt: olderThan } : {}),
        ...(newerThan !== undefined ? { gt: newerThan } : {}),
      },
    },
    orderBy: { id: page.ascending ? "asc" : "desc" },
    take: page.limit,
  });
  return withOutbound(deps, principal.tenantId, rows);
}

/** One contact by number; a number that is not one, or that the tenant has no contact for, is unknown. */
export async function getContact(deps: ServiceDeps, principal: Principal, phone: string): Promise<ContactView> {
  const number = normalised(phone);
  const contact = number && (await deps.db.contact.findUnique({ where: { tenantId_phone: { tenantId: principal.tenantId, phone: number } } }));
  if (!contact) throw notFound("Contact");
  return (await withOutbound(deps, principal.tenantId, [contact]))[0]!;
}

/** A name as stored: trimmed, and null when nothing is left (which clears it). */
function cleanName(name: string | null): string | null {
  if (name === null) return null;
  if (!storableText(name)) throw validationError({ name: STORABLE_TEXT_PROBLEM });
  const trimmed = name.trim();
  if ([...trimmed].length > MAX_CONTACT_NAME_LENGTH) throw validationError({ name: `must be at most ${MAX_CONTACT_NAME_LENGTH} characters` });
  return trimmed === "" ? null : trimmed;
}

/**
 * Names a contact (null or blank clears the name), creating the contact when the tenant has none
 * for the number yet, so a business can name people before it ever writes to them. Concurrent
 * calls for a new number never surface a unique violation: the insert skips a row created
 * meanwhile, and the update is then tried again.
 */
export async function setContactName(deps: ServiceDeps, principal: Principal, phone: string, rawName: string | null, by: Author): Promise<ContactView> {
  const number = normalised(phone);
  if (!number) throw validationError({ phone: PHONE_PROBLEM });
  const name = cleanName(rawName);
  const { tenantId } = principal;
  const before = await deps.db.contact.findUnique({ where: { tenantId_phone: { tenantId, phone: number } }, select: { name: true } });
  const now = deps.clock.now();
  const row = await audited(
    deps.db,
    by,
    async (tx) => {
      const rename = () => renameContact(tx, tenantId, number, name);
      const [renamed] = await rename();
      const [created] = renamed ? [renamed] : await insertNamedContact(tx, { tenantId, phone: number, name, now });
      // Contacts are never deleted, so a row that won the race is still there.
      return created ?? (await rename())[0];
    },
    (saved) =>
      saved && saved.name !== (before?.name ?? null)
        ? { tenantId, action: "contact.renamed", target: `contact:${number}`, before: { name: before?.name ?? null }, after: { name: saved.name } }
        : null,
  );
  if (!row) throw notFound("Contact");
  return (await withOutbound(deps, tenantId, [row]))[0]!;
}

/** What an opt-out or import did, with the entries of the request that were not numbers. */
export type OptOutOutcome = OptOutResult & Pick<NumberList, "invalid">;

/** The tenant opts `numbers` out (`api`) or imports them as its suppression list (`import`). */
export async function suppressNumbers(deps: ServiceDeps, principal: Principal, { numbers, invalid }: NumberList, source: "api" | "import", by: Author): Promise<OptOutOutcome> {
  const result = await optOutNumbers(deps, principal.tenantId, numbers, source, by);
  return { ...result, invalid };
}

export interface OptInOutcome {
  /** Numbers that were opted out and may be sent to again. */
  optedIn: number;
  invalid: NumberList["invalid"];
}

/** Lets the tenant send to `numbers` again, whoever opted them out; other numbers are left alone. */
export async function optInContacts(deps: ServiceDeps, principal: Principal, { numbers, invalid }: NumberList, by: Author): Promise<OptInOutcome> {
  return { optedIn: await optInNumbers(deps, principal.tenantId, numbers, by), invalid };
}

/** The tenant's stop-word settings as they apply, with the defaults they build on. */
export type ConsentSettingsView = ConsentRules & { defaultStopWords: readonly string[] };

const settingsView = (rules: ConsentRules): ConsentSettingsView => ({ ...rules, defaultStopWords: DEFAULT_STOP_WORDS });

export async function getConsentSettings(deps: ServiceDeps, principal: Principal): Promise<ConsentSettingsView> {
  return settingsView(await readConsentRules(deps, principal.tenantId));
}

export async function setConsentSettings(deps: ServiceDeps, principal: Principal, input: ConsentRulesInput, by: Author): Promise<ConsentSettingsView> {
  return settingsView(await setConsentRules(deps, principal, input, by));
}
