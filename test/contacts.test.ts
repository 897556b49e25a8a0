import { beforeAll, describe, expect, it } from "vitest";
import { graphql } from "../src/gql/index.js";
import { useServer } from "./kit/server.js";
import { openApiChecker } from "./kit/openapi.js";
import type { Client } from "./kit/http.js";

// The defaults as docs/two-way-messaging.md lists them, written out rather than read from the code.
const DOCUMENTED_DEFAULTS = [
  "STOP",
  "STOP ALL",
  "STOPALL",
  "UNSUBSCRIBE",
  "CANCEL",
  "END",
  "QUIT",
  "OPT OUT",
  "OPTOUT",
  "REVOKE",
  "إيقاف",
  "توقف",
  "ستوب",
  "الغاء",
  "إلغاء الاشتراك",
  "الغاء الاشتراك",
  "إيقاف الاشتراك",
  "ايقاف الرسائل",
  "الغاء الرسائل",
  "لا ترسل",
  "لا ترسل لي",
  "لا ترسلوا",
];
// What messages are matched against: the same, less each word equal to an earlier one once
// normalised (alef forms make no difference, a space between words does): الغاء الاشتراك.
const EFFECTIVE_DEFAULTS = DOCUMENTED_DEFAULTS.filter((w) => w !== "الغاء الاشتراك");

// Contacts and consent end to end: opting numbers out and in over REST and GraphQL and what that
// does to sends, suppression-list imports, contact listing, search and names, the stop-word
// settings, and tenant isolation. Runs on PGlite, and on PostgreSQL with TEST_DATABASE=postgres.

const server = useServer();
let check: Awaited<ReturnType<typeof openApiChecker>>;
beforeAll(async () => {
  check = await openApiChecker(server().url);
});
const conforms = (...args: Parameters<typeof check.conforms>) => check.conforms(...args);

const OptOut = graphql(`
  mutation ContactsOptOut($numbers: [String!]!) {
    optOutContacts(numbers: $numbers) { optedOut already cancelled inFlight invalid { index value } }
  }
`);

const OptIn = graphql(`
  mutation ContactsOptIn($numbers: [String!]!) {
    optInContacts(numbers: $numbers) { optedIn invalid { index value } }
  }
`);

const Import = graphql(`
  mutation ContactsImport($numbers: [String!]!) {
    importSuppressionList(numbers: $numbers) { optedOut already cancelled inFlight invalid { index value } }
  }
`);

const Contacts = graphql(`
  query ContactsList($search: String, $optedOut: Boolean, $first: Int, $after: String) {
    contacts(search: $search, optedOut: $optedOut, first: $first, after: $after) {
      edges { node { phone name optedOut optOutReason } }
      pageInfo { hasNextPage endCursor }
    }
  }
`);

const ContactByPhone = graphql(`
  query ContactsOne($phone: String!) {
    contact(phone: $phone) { id phone lid name firstSeenAt lastSeenAt lastInboundAt lastOutboundAt optedOut optedOutAt optOutReason }
  }
`);

const SetName = graphql(`
  mutation ContactsSetName($phone: String!, $name: String) {
    setContactName(phone: $phone, name: $name) { phone name optedOut }
  }
`);

const Settings = graphql(`
  query ContactsSettings {
    consentSettings { useDefaultStopWords stopWords confirmationText defaultStopWords effectiveStopWords }
  }
`);

const SetSettings = graphql(`
  mutation ContactsSetSettings($useDefaultStopWords: Boolean, $stopWords: [String!], $confirmationText: String) {
    setConsentSettings(useDefaultStopWords: $useDefaultStopWords, stopWords: $stopWords, confirmationText: $confirmationText) {
      useDefaultStopWords stopWords confirmationText effectiveStopWords
    }
  }
`);

const newTenant = async () => {
  const t = await server().seed.tenant().account().create();
  return { ...t, api: server().client(t.key) };
};
const used = async (api: Client) => (await api.get("/balance")).body.messages.used as number;

describe("opting numbers out and in", () => {
  it("refuses sends to a number opted out over REST, until it is opted in again", async () => {
    const { api } = await newTenant();
    const before = await used(api);
    const out = conforms("POST", "/contacts/opt-out", await api.post("/contacts/opt-out", { numbers: ["0501110001", "+966 50 111 0002", "not a number"] }));
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, opted_out: 2, already: 0, cancelled: 0, in_flight: 0, invalid: [{ index: 2, value: "not a number" }] });
    // Again: nothing new, and the first opt-out keeps its time.
    const first = (await api.get("/contacts/0501110001")).body.contact;
    expect((await api.post("/contacts/opt-out", { numbers: ["966501110001"] })).body).toMatchObject({ opted_out: 0, already: 1 });
    expect((await api.get("/contacts/0501110001")).body.contact.opted_out_at).toBe(first.opted_out_at);

    const refused = conforms("POST", "/send", await api.post("/send", { to: "0501110001", message: "hello" }));
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe("RECIPIENT_OPTED_OUT");
    expect(await used(api)).toBe(before);

    const contact = conforms("GET", "/contacts/{phone}", await api.get("/contacts/0501110001"));
    expect(contact.body).toEqual({
      success: true,
      contact: {
        id: expect.any(Number),
        phone: "966501110001",
        lid: null,
        name: null,
        first_seen_at: expect.stringMatching(/\+03:00$/),
        last_seen_at: expect.stringMatching(/\+03:00$/),
        last_inbound_at: null,
        last_outbound_at: null,
        opted_out: true,
        opted_out_at: expect.stringMatching(/\+03:00$/),
        reason: "suppressed",
        windows: [],
      },
    });

    const optIn = conforms("POST", "/contacts/opt-in", await api.post("/contacts/opt-in", { numbers: ["0501110001", "0501110009", "x"] }));
    expect(optIn.body).toEqual({ success: true, opted_in: 1, invalid: [{ index: 2, value: "x" }] });
    expect((await api.get("/contacts/0501110001")).body.contact).toMatchObject({ opted_out: false, opted_out_at: null, reason: null });
    const sent = await api.post("/send", { to: "0501110001", message: "hello again" });
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe("sent");
    expect(await used(api)).toBe(before + 1);
    // The other number is still opted out.
    expect((await api.post("/send", { to: "0501110002", message: "hello" })).body.error.code).toBe("RECIPIENT_OPTED_OUT");
  });

  it("cancels what is queued to a number when it is opted out, and gives the allowance back", async () => {
    const { api } = await newTenant();
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const queued = await api.post("/send", { to: "0501110101", message: "later", send_at: at });
    expect(queued.body.status).toBe("pending");
    expect(await used(api)).toBe(1);
    const out = await api.post("/contacts/opt-out", { numbers: ["0501110101"] });
    expect(out.body).toMatchObject({ opted_out: 1, cancelled: 1, in_flight: 0 });
    expect((await api.get(`/messages/${queued.body.message_id}`)).body).toMatchObject({ status: "failed", error: "opted_out" });
    expect(await used(api)).toBe(0);
  });

  it("imports a suppression list, reporting entries that are not numbers", async () => {
    const { api } = await newTenant();
    const imported = conforms("POST", "/suppression-list", await api.post("/suppression-list", { numbers: ["0501110201", "0501110202", "12345", "0501110203"] }));
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({ success: true, opted_out: 3, already: 0, cancelled: 0, in_flight: 0, invalid: [{ index: 2, value: "12345" }] });
    expect((await api.get("/contacts/0501110202")).body.contact).toMatchObject({ opted_out: true, reason: "suppressed" });
    expect((await api.post("/send", { to: "0501110203", message: "x" })).body.error.code).toBe("RECIPIENT_OPTED_OUT");

    const tooMany = conforms("POST", "/suppression-list", await api.post("/suppression-list", { numbers: Array.from({ length: 10_001 }, () => "0501110204") }));
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error).toMatchObject({ code: "VALIDATION_ERROR", fields: { numbers: expect.stringContaining("10000") } });
    const none = conforms("POST", "/suppression-list", await api.post("/suppression-list", { numbers: ["12", "abc"] }));
    expect(none.status).toBe(422);
    expect(none.body.error.fields).toEqual({ "numbers[0]": expect.any(String) });
    for (const body of [{ numbers: [] }, {}, { numbers: [5] }, { numbers: ["0501110205"], extra: 1 }]) {
      const bad = conforms("POST", "/contacts/opt-out", await api.post("/contacts/opt-out", body));
      expect(bad.status, JSON.stringify(body)).toBe(422);
      expect(bad.body.error.code).toBe("VALIDATION_ERROR");
    }
    expect((await api.get("/contacts?opted_out=true")).body.contacts.map((c: { phone: string }) => c.phone)).toEqual(["966501110203", "966501110202", "966501110201"]);
  });

  it("does the same over GraphQL", async () => {
    const { api } = await newTenant();
    const out = await api.graphql(OptOut, { numbers: ["0501110301", "bad"] });
    expect(out.errors).toBeUndefined();
    expect(out.data?.optOutContacts).toEqual({ optedOut: 1, already: 0, cancelled: 0, inFlight: 0, invalid: [{ index: 1, value: "bad" }] });
    const imported = await api.graphql(Import, { numbers: ["0501110301", "0501110302"] });
    expect(imported.data?.importSuppressionList).toMatchObject({ optedOut: 1, already: 1 });
    // The first opt-out's reason stays; both are the tenant's doing.
    expect((await api.graphql(ContactByPhone, { phone: "966501110302" })).data?.contact).toMatchObject({ optedOut: true, optOutReason: "suppressed" });
    const listed = await api.graphql(Contacts, { optedOut: true });
    expect(listed.data?.contacts.edges.map((e) => e.node.phone)).toEqual(["966501110302", "966501110301"]);

    const tooMany = await api.graphql(Import, { numbers: Array.from({ length: 10_001 }, () => "0501110303") });
    expect(tooMany.status).toBe(422);
    expect(tooMany.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION_ERROR", fields: { numbers: expect.stringContaining("10000") } });
    expect((await api.graphql(OptOut, { numbers: [] })).errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION_ERROR", fields: { numbers: expect.any(String) } });

    const optIn = await api.graphql(OptIn, { numbers: ["0501110301", "0501110302", "?"] });
    expect(optIn.data?.optInContacts).toEqual({ optedIn: 2, invalid: [{ index: 2, value: "?" }] });
    expect((await api.graphql(Contacts, { optedOut: true })).data?.contacts.edges).toEqual([]);
    expect((await api.post("/send", { to: "0501110302", message: "back" })).status).toBe(200);
  });
});

describe("contacts", () => {
  it("names, lists, pages and searches contacts", async () => {
    const { api } = await newTenant();
    const named = conforms("PUT", "/contacts/{phone}", await api.put("/contacts/0501110401", { name: "  Fatimah Al-Harbi  " }));
    expect(named.status).toBe(200);
    expect(named.body.contact).toMatchObject({ phone: "966501110401", name: "Fatimah Al-Harbi", opted_out: false });
    await api.put(`/contacts/${encodeURIComponent("+966 55 111 0402")}`, { name: "Omar 100%" });
    await api.put("/contacts/966501110403", { name: "فاطمة" });
    await api.post("/contacts/opt-out", { numbers: ["0501110404"] });

    const all = conforms("GET", "/contacts", await api.get("/contacts"));
    expect(all.body.contacts.map((c: { phone: string }) => c.phone)).toEqual(["966501110404", "966501110403", "966551110402", "966501110401"]);
    expect(all.body.next_cursor).toBeNull();
    const page1 = conforms("GET", "/contacts", await api.get("/contacts?limit=3"));
    expect(page1.body.contacts).toHaveLength(3);
    const page2 = await api.get(`/contacts?limit=3&cursor=${page1.body.next_cursor}`);
    expect(page2.body).toEqual({ contacts: [all.body.contacts[3]], next_cursor: null });

    const phones = async (query: string) => ((await api.get(`/contacts?${query}`)).body.contacts as Array<{ phone: string }>).map((c) => c.phone);
    expect(await phones("search=fatimah")).toEqual(["966501110401"]);
    expect(await phones(`search=${encodeURIComponent("فاطمة")}`)).toEqual(["966501110403"]);
    // A local spelling finds the international number; letters are a name, not a number.
    expect(await phones("search=0551")).toEqual(["966551110402"]);
    expect(await phones(`search=${encodeURIComponent("+966 50 111 040")}`)).toEqual(["966501110404", "966501110403", "966501110401"]);
    expect(await phones("search=Room%205")).toEqual([]);
    // Pattern characters mean themselves.
    expect(await phones("search=%25")).toEqual(["966551110402"]);
    expect(await phones("search=_")).toEqual([]);
    expect(await phones("search=0501110&opted_out=false")).toEqual(["966501110403", "966501110401"]);
    expect(await phones("search=%20%20")).toHaveLength(4);

    const gql = await api.graphql(Contacts, { search: "OMAR", first: 5 });
    expect(gql.data?.contacts.edges).toEqual([{ node: { phone: "966551110402", name: "Omar 100%", optedOut: false, optOutReason: null } }]);

    // Renaming keeps the contact; null and blank clear the name.
    const renamed = await api.put("/contacts/966501110401", { name: "Fatimah" });
    expect(renamed.body.contact).toMatchObject({ id: named.body.contact.id, name: "Fatimah", first_seen_at: named.body.contact.first_seen_at });
    expect((await api.put("/contacts/0501110401", { name: null })).body.contact.name).toBeNull();
    expect((await api.put("/contacts/0501110401", { name: "   " })).body.contact.name).toBeNull();
    // Naming an opted-out contact leaves it opted out.
    expect((await api.put("/contacts/0501110404", { name: "Quiet" })).body.contact).toMatchObject({ name: "Quiet", opted_out: true });
    expect((await api.graphql(SetName, { phone: "0501110405", name: "Via GraphQL" })).data?.setContactName).toEqual({
      phone: "966501110405",
      name: "Via GraphQL",
      optedOut: false,
    });
    const one = await api.graphql(ContactByPhone, { phone: "+966501110405" });
    expect(one.data?.contact).toMatchObject({ phone: "966501110405", name: "Via GraphQL", lid: null, lastInboundAt: null, optedOutAt: null, optOutReason: null });
  });

  it("refuses bad names, numbers, searches and cursors with the field named", async () => {
    const { api } = await newTenant();
    const cases: Array<[Promise<{ status: number; body: any }>, string, string]> = [
      [api.put("/contacts/0501110501", { name: "x".repeat(257) }), "PUT", "name"],
      [api.put("/contacts/0501110501", { name: "a\u0000b" }), "PUT", "name"],
      [api.put("/contacts/0501110501", {}), "PUT", "name"],
      [api.put("/contacts/12345", { name: "Nobody" }), "PUT", "phone"],
      [api.put("/contacts/0501110501", { name: "x", phone: "1" }), "PUT", "phone"],
      [api.get(`/contacts?search=${"a".repeat(101)}`), "GET", "search"],
      [api.get("/contacts?search=a%00b"), "GET", "search"],
      [api.get("/contacts?opted_out=yes"), "GET", "opted_out"],
      [api.get("/contacts?limit=101"), "GET", "limit"],
      [api.get("/contacts?cursor=abc"), "GET", "cursor"],
      [api.get("/contacts?sort=name"), "GET", "sort"],
    ];
    for (const [pending, method, field] of cases) {
      const answer = await pending;
      conforms(method, method === "PUT" ? "/contacts/{phone}" : "/contacts", answer as never);
      expect(answer.status, field).toBe(422);
      expect(Object.keys(answer.body.error.fields), field).toEqual([field]);
    }
    // 256 characters, counted as a person does, is fine.
    expect((await api.put("/contacts/0501110501", { name: "ف".repeat(256) })).status).toBe(200);
    const gqlSearch = await api.graphql(Contacts, { search: "a".repeat(101) });
    expect(gqlSearch.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION_ERROR", fields: { search: expect.any(String) } });
    // A cursor past every id is simply the end of the list.
    expect((await api.get("/contacts?cursor=9223372036854775807")).body.contacts).toHaveLength(1);

    expect(conforms("GET", "/contacts/{phone}", await api.get("/contacts/0501110599")).status).toBe(404);
    expect((await api.get("/contacts/not-a-number")).status).toBe(404);
    expect((await api.graphql(ContactByPhone, { phone: "0501110599" })).errors?.[0]?.extensions).toMatchObject({ code: "NOT_FOUND" });
    // The action routes are not contacts.
    expect((await api.get("/contacts/opt-out")).status).toBe(404);
  });

  it("keeps each tenant's contacts to itself", async () => {
    const owner = await newTenant();
    const other = await newTenant();
    await owner.api.put("/contacts/0501110601", { name: "Secret customer" });
    await owner.api.post("/contacts/opt-out", { numbers: ["0501110602"] });

    expect((await other.api.get("/contacts")).body).toEqual({ contacts: [], next_cursor: null });
    expect((await other.api.get("/contacts?search=secret")).body.contacts).toEqual([]);
    expect((await other.api.get("/contacts/0501110601")).status).toBe(404);
    expect((await other.api.graphql(ContactByPhone, { phone: "0501110602" })).errors?.[0]?.extensions).toMatchObject({ code: "NOT_FOUND" });
    expect((await other.api.graphql(Contacts, {})).data?.contacts.edges).toEqual([]);

    // Opting in what only the owner opted out changes nothing of the owner's.
    expect((await other.api.post("/contacts/opt-in", { numbers: ["0501110602"] })).body).toMatchObject({ opted_in: 0 });
    expect((await owner.api.get("/contacts/0501110602")).body.contact.opted_out).toBe(true);
    expect((await owner.api.post("/send", { to: "0501110602", message: "x" })).body.error.code).toBe("RECIPIENT_OPTED_OUT");
    // The other tenant may still write to the number, and naming it makes a contact of its own.
    expect((await other.api.post("/send", { to: "0501110602", message: "x" })).status).toBe(200);
    expect((await other.api.put("/contacts/0501110601", { name: "Mine" })).body.contact.name).toBe("Mine");
    expect((await owner.api.get("/contacts/0501110601")).body.contact.name).toBe("Secret customer");
    // An opt-out by the other tenant stays its own.
    await other.api.post("/contacts/opt-out", { numbers: ["0501110601"] });
    expect((await owner.api.get("/contacts/0501110601")).body.contact.opted_out).toBe(false);
  });
});

describe("consent settings", () => {
  it("reads and changes the stop words and the confirmation over REST", async () => {
    const { api } = await newTenant();
    const initial = conforms("GET", "/consent-settings", await api.get("/consent-settings"));
    expect(initial.body).toEqual({
      consent_settings: {
        use_default_stop_words: true,
        stop_words: [],
        confirmation_text: null,
        default_stop_words: DOCUMENTED_DEFAULTS,
        effective_stop_words: EFFECTIVE_DEFAULTS,
      },
    });

    const set = conforms(
      "PUT",
      "/consent-settings",
      await api.put("/consent-settings", { use_default_stop_words: false, stop_words: [" Halt ", "HALT!", "بس"], confirmation_text: "  You will get no more messages.  " }),
    );
    expect(set.status).toBe(200);
    expect(set.body.consent_settings).toMatchObject({
      use_default_stop_words: false,
      stop_words: ["Halt", "بس"],
      confirmation_text: "You will get no more messages.",
      effective_stop_words: ["Halt", "بس"],
    });
    // Fields left out are unchanged; null removes the confirmation.
    expect((await api.put("/consent-settings", {})).body).toEqual(set.body);
    const cleared = await api.put("/consent-settings", { confirmation_text: null, use_default_stop_words: true });
    expect(cleared.body.consent_settings).toMatchObject({ stop_words: ["Halt", "بس"], confirmation_text: null, effective_stop_words: [...EFFECTIVE_DEFAULTS, "Halt", "بس"] });
    expect((await api.get("/consent-settings")).body).toEqual(cleared.body);
  });

  it("refuses bad settings with the field named", async () => {
    const { api } = await newTenant();
    for (const [body, field] of [
      [{ stop_words: ["ok", "  "] }, "stop_words"],
      [{ stop_words: ["!!!"] }, "stop_words"],
      [{ stop_words: ["x".repeat(41)] }, "stop_words"],
      [{ stop_words: Array.from({ length: 51 }, (_, i) => `word${i}`) }, "stop_words"],
      [{ stop_words: [1] }, "stop_words[0]"],
      [{ confirmation_text: "x".repeat(1001) }, "confirmation_text"],
      [{ confirmation_text: "9%\u0000HXRQ" }, "confirmation_text"],
      [{ stop_words: ["st\u0000op"] }, "stop_words"],
      [{ use_default_stop_words: "yes" }, "use_default_stop_words"],
      [{ stopWords: ["x"] }, "stopWords"],
    ] as const) {
      const answer = conforms("PUT", "/consent-settings", await api.put("/consent-settings", body));
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(answer.body.error.fields), JSON.stringify(body)).toEqual([field]);
    }
    expect((await api.put("/consent-settings", { stop_words: ["!!!"] })).body.error.fields.stop_words).toMatch(/punctuation/);
    // Nothing was stored.
    expect((await api.get("/consent-settings")).body.consent_settings).toMatchObject({ use_default_stop_words: true, stop_words: [] });
  });

  it("does the same over GraphQL", async () => {
    const { api } = await newTenant();
    expect((await api.graphql(Settings)).data?.consentSettings).toMatchObject({
      useDefaultStopWords: true,
      stopWords: [],
      confirmationText: null,
      defaultStopWords: DOCUMENTED_DEFAULTS,
    });
    const set = await api.graphql(SetSettings, { stopWords: ["Enough"], confirmationText: "Done." });
    expect(set.errors).toBeUndefined();
    expect(set.data?.setConsentSettings).toEqual({
      useDefaultStopWords: true,
      stopWords: ["Enough"],
      confirmationText: "Done.",
      effectiveStopWords: [...EFFECTIVE_DEFAULTS, "Enough"],
    });
    const bad = await api.graphql(SetSettings, { stopWords: ["?!"] });
    expect(bad.status).toBe(422);
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION_ERROR", fields: { stopWords: expect.stringMatching(/punctuation/) } });
    expect((await api.graphql(SetSettings, { confirmationText: null })).data?.setConsentSettings).toMatchObject({ stopWords: ["Enough"], confirmationText: null });
  });
});
