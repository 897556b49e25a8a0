import type { z } from "zod";
import type { RestConsentSettingsFieldsFragment, RestContactFieldsFragment, RestOptOutContactsMutation } from "../../gql/graphql.js";
import { MAX_SUPPRESSION_IMPORT, numbersOf } from "./consent.js";
import { renamed, route } from "../../core/rest/route.js";
import * as shapes from "./schemas.js";
import {
  ConsentSettingsOperation,
  ContactOperation,
  ContactsOperation,
  ImportSuppressionListOperation,
  OptInContactsOperation,
  OptOutContactsOperation,
  SetConsentSettingsOperation,
  SetContactNameOperation,
} from "./operations.js";

// Contacts and consent on the REST facade, over the same GraphQL operations as /graphql. A
// contact is addressed by its number, in any spelling the API accepts (05…, 9665…, +966…).

const contact = (c: RestContactFieldsFragment): z.input<typeof shapes.contactShape> => ({
  id: Number(c.id),
  phone: c.phone,
  lid: c.lid ?? null,
  name: c.name ?? null,
  first_seen_at: c.firstSeenAt,
  last_seen_at: c.lastSeenAt,
  last_inbound_at: c.lastInboundAt ?? null,
  last_outbound_at: c.lastOutboundAt ?? null,
  opted_out: c.optedOut,
  opted_out_at: c.optedOutAt ?? null,
  reason: c.optOutReason ?? null,
  windows: c.windows.map((w) => ({ account_id: w.accountId, window_open_until: w.openUntil, open: w.open })),
});

const optOutResult = (r: RestOptOutContactsMutation["optOutContacts"]): z.input<typeof shapes.optOutResponse> => ({
  success: true,
  opted_out: r.optedOut,
  already: r.already,
  cancelled: r.cancelled,
  in_flight: r.inFlight,
  invalid: r.invalid,
});

const consentSettings = (s: RestConsentSettingsFieldsFragment): z.input<typeof shapes.consentSettingsResponse> => ({
  consent_settings: {
    use_default_stop_words: s.useDefaultStopWords,
    stop_words: s.stopWords,
    confirmation_text: s.confirmationText ?? null,
    default_stop_words: s.defaultStopWords,
    effective_stop_words: s.effectiveStopWords,
  },
});

const numbers = (body: Record<string, unknown>) => ({ numbers: (body as z.output<typeof shapes.numbersBody>).numbers });
const optOutDoc =
  "New sends to them are refused with RECIPIENT_OPTED_OUT (bulk sends skip them), and their queued messages are cancelled with their allowance given back; " +
  `numbers already opted out keep their reason. Entries that are not numbers are skipped and listed in \`invalid\`. At most ${MAX_SUPPRESSION_IMPORT} numbers per request.`;
const consentDoc = "An inbound message that is, as a whole, one of the effective stop words (ignoring case, punctuation and Arabic spelling variants) opts its sender out.";
const consentFields = { use_default_stop_words: "useDefaultStopWords", stop_words: "stopWords", confirmation_text: "confirmationText" };

export const contactRoutes = [
  route({
    method: "GET",
    path: /^\/contacts$/,
    doc: { path: "/contacts", operationId: "listContacts", summary: "Your contacts, newest first", tag: "Contacts", query: shapes.contactsQuery, errors: [] },
    answer: shapes.contactsResponse,
    operation: ContactsOperation,
    variables: (_, __, query) => {
      const q = query as z.output<typeof shapes.contactsQuery>;
      return { first: q.limit ?? 20, after: q.cursor, search: q.search, optedOut: q.opted_out };
    },
    respond: ({ contacts: c }) => ({
      contacts: c.edges.map((e) => contact(e.node)),
      next_cursor: c.pageInfo.hasNextPage ? (c.pageInfo.endCursor ?? null) : null,
    }),
  }),
  route({
    method: "POST",
    path: /^\/contacts\/opt-out$/,
    doc: {
      path: "/contacts/opt-out",
      operationId: "optOutContacts",
      summary: "Stop all messages to some numbers",
      description: optOutDoc,
      tag: "Contacts",
      body: shapes.numbersBody,
      errors: [],
    },
    answer: shapes.optOutResponse,
    operation: OptOutContactsOperation,
    variables: (_, body) => numbers(body),
    checked: (vars) => numbersOf(vars.numbers),
    respond: ({ optOutContacts: r }) => optOutResult(r),
  }),
  route({
    method: "POST",
    path: /^\/contacts\/opt-in$/,
    doc: {
      path: "/contacts/opt-in",
      operationId: "optInContacts",
      summary: "Let messages go to some numbers again",
      description:
        "Whoever opted them out: only do so with the contact's consent. Numbers that were not opted out are left as they are; entries that are not numbers are listed in `invalid`.",
      tag: "Contacts",
      body: shapes.numbersBody,
      errors: [],
    },
    answer: shapes.optInResponse,
    operation: OptInContactsOperation,
    variables: (_, body) => numbers(body),
    checked: (vars) => numbersOf(vars.numbers),
    respond: ({ optInContacts: r }) => ({ success: true as const, opted_in: r.optedIn, invalid: r.invalid }),
  }),
  route({
    method: "POST",
    path: /^\/suppression-list$/,
    doc: {
      path: "/suppression-list",
      operationId: "importSuppressionList",
      summary: "Import numbers you must not write to",
      description: `The same as POST /contacts/opt-out, recorded as an import. ${optOutDoc}`,
      tag: "Contacts",
      body: shapes.numbersBody,
      errors: [],
    },
    answer: shapes.optOutResponse,
    operation: ImportSuppressionListOperation,
    variables: (_, body) => numbers(body),
    checked: (vars) => numbersOf(vars.numbers),
    respond: ({ importSuppressionList: r }) => optOutResult(r),
  }),
  route({
    method: "GET",
    path: /^\/contacts\/([^/]+)$/,
    doc: { path: "/contacts/{phone}", operationId: "getContact", summary: "One contact, by number", tag: "Contacts", errors: ["NOT_FOUND"] },
    answer: shapes.contactResponse,
    operation: ContactOperation,
    variables: ([phone]) => ({ phone: phone ?? "" }),
    respond: ({ contact: c }) => ({ success: true as const, contact: contact(c) }),
  }),
  route({
    method: "PUT",
    path: /^\/contacts\/([^/]+)$/,
    doc: {
      path: "/contacts/{phone}",
      operationId: "setContactName",
      summary: "Name a contact",
      description: "Adds the contact if you have none for the number yet. `name: null` (or blank) clears the name.",
      tag: "Contacts",
      body: shapes.contactNameBody,
      errors: [],
    },
    answer: shapes.contactResponse,
    operation: SetContactNameOperation,
    variables: ([phone], body) => ({ phone: phone ?? "", name: (body as z.output<typeof shapes.contactNameBody>).name }),
    respond: ({ setContactName: c }) => ({ success: true as const, contact: contact(c) }),
  }),
  route({
    method: "GET",
    path: /^\/consent-settings$/,
    doc: { path: "/consent-settings", operationId: "getConsentSettings", summary: "How contacts opt out", description: consentDoc, tag: "Contacts", errors: [] },
    answer: shapes.consentSettingsResponse,
    operation: ConsentSettingsOperation,
    variables: () => ({}),
    respond: ({ consentSettings: s }) => consentSettings(s),
  }),
  route({
    method: "PUT",
    path: /^\/consent-settings$/,
    doc: {
      path: "/consent-settings",
      operationId: "setConsentSettings",
      summary: "Change how contacts opt out",
      description: `${consentDoc} Fields left out are unchanged.`,
      tag: "Contacts",
      body: shapes.consentSettingsBody,
      errors: [],
    },
    answer: shapes.consentSettingsResponse,
    operation: SetConsentSettingsOperation,
    variables: (_, body) => renamed(body, consentFields) as never,
    respond: ({ setConsentSettings: s }) => consentSettings(s),
  }),
];
