import { describe, expect, it } from "vitest";
import { cloud, cloudText } from "../../../../test/kit/provider-payloads.js";
import { cloudHealthChanges, healthChanges, MAX_HEALTH_CHANGES, wahaHealthChanges, type CloudHealthChange } from "./health-payloads.js";

// What providers' webhooks say about a number's health (see health-payloads.ts).

const WABA = "102290129340398";
const webhook = (...changes: unknown[]) => ({ object: "whatsapp_business_account", entry: [{ id: WABA, time: 1749416383, changes }] });
const quality = (value: Record<string, unknown>) => ({ field: "phone_number_quality_update", value: { display_phone_number: "966550000001", ...value } });
const account = (value: Record<string, unknown>) => ({ field: "account_update", value });
const base = { driver: "whatsapp-cloud", phone: "966550000001", wabaId: WABA } as const;

describe("cloudHealthChanges: phone_number_quality_update", () => {
  it("Meta's documented FLAGGED update: quality_red and the tier it reports, no rating inferred", () => {
    expect(cloudHealthChanges(webhook(quality({ event: "FLAGGED", current_limit: "TIER_10K" })))).toEqual<CloudHealthChange[]>([
      { ...base, event: "FLAGGED", signal: "quality_red", tier: 10_000 },
    ]);
  });

  it.each([
    ["FLAGGED", "quality_red"],
    ["DOWNGRADE", "quality_yellow"],
    ["UNFLAGGED", "quality_green"],
    ["UPGRADE", "quality_green"],
  ] as const)("event %s gives %s", (event, signal) => {
    expect(cloudHealthChanges(webhook(quality({ event })))).toEqual([{ ...base, event, signal }]);
  });

  it.each([
    ["RED", "quality_red"],
    ["YELLOW", "quality_yellow"],
    ["GREEN", "quality_green"],
  ] as const)("rating %s gives %s and is kept", (rating, signal) => {
    expect(cloudHealthChanges(webhook(quality({ quality_rating: rating })))).toEqual([{ ...base, event: rating, signal, quality: rating }]);
  });

  it("the rating wins over the event; current_quality_rating is read too", () => {
    expect(cloudHealthChanges(webhook(quality({ event: "FLAGGED", quality_rating: "GREEN" })))[0]).toMatchObject({ signal: "quality_green", quality: "GREEN" });
    expect(cloudHealthChanges(webhook(quality({ event: "UPGRADE", current_quality_rating: "YELLOW" })))[0]).toMatchObject({ signal: "quality_yellow", quality: "YELLOW" });
    expect(cloudHealthChanges(webhook(quality({ event: "DOWNGRADE", quality_rating: "UNKNOWN" })))[0]).toMatchObject({ signal: "quality_yellow" });
  });

  it.each([
    ["TIER_50", 50],
    ["TIER_250", 250],
    ["TIER_1K", 1000],
    ["TIER_2K", 2000],
    ["TIER_10K", 10_000],
    ["TIER_100K", 100_000],
    ["TIER_UNLIMITED", null],
  ] as const)("current_limit %s is a tier of %s", (limit, tier) => {
    expect(cloudHealthChanges(webhook(quality({ event: "UPGRADE", current_limit: limit })))[0]?.tier).toBe(tier);
  });

  it("reads Meta's current payload: the business's max_daily_conversations_per_business, with no current_limit", () => {
    const current = (limit: string) => cloudHealthChanges(webhook(quality({ event: "THROUGHPUT_UPGRADE", max_daily_conversations_per_business: limit })))[0];
    expect(current("TIER_2K")).toMatchObject({ event: "THROUGHPUT_UPGRADE", tier: 2000 });
    expect(current("TIER_UNLIMITED")?.tier).toBeNull();
    expect(current("TIER_NOT_SET")).toBeUndefined();
    // Both given (before February 2026): the business's limit is the one that applies.
    expect(cloudHealthChanges(webhook(quality({ event: "ONBOARDING", current_limit: "TIER_250", max_daily_conversations_per_business: "TIER_10K" })))[0]?.tier).toBe(10_000);
  });

  it("a numeric max_daily_conversation_per_phone is the tier when current_limit is not one; an unknown limit is not reported", () => {
    expect(cloudHealthChanges(webhook(quality({ event: "UPGRADE", max_daily_conversation_per_phone: 2000 })))[0]?.tier).toBe(2000);
    expect(cloudHealthChanges(webhook(quality({ event: "UPGRADE", current_limit: "TIER_X", max_daily_conversation_per_phone: "250" })))[0]?.tier).toBe(250);
    expect(cloudHealthChanges(webhook(quality({ event: "UPGRADE", current_limit: "TIER_NOT_SET" })))[0]).not.toHaveProperty("tier");
  });

  it("a tier-only update (no known event or rating) has no signal but is kept for its tier", () => {
    expect(cloudHealthChanges(webhook(quality({ event: "ONBOARDING", current_limit: "TIER_250" })))).toEqual([{ ...base, event: "ONBOARDING", tier: 250 }]);
  });

  it("the display form of the number is read as digits; an update without a usable number is skipped", () => {
    expect(cloudHealthChanges(webhook(quality({ display_phone_number: "+1 555-010-0123", event: "FLAGGED" })))[0]?.phone).toBe("15550100123");
    expect(cloudHealthChanges(webhook(quality({ display_phone_number: undefined, event: "FLAGGED" })))).toEqual([]);
    expect(cloudHealthChanges(webhook(quality({ display_phone_number: "12", event: "FLAGGED" })))).toEqual([]);
  });
});

describe("cloudHealthChanges: account_update", () => {
  it("ACCOUNT_RESTRICTION restricts the WABA's numbers until the latest expiration", () => {
    const restriction = account({
      event: "ACCOUNT_RESTRICTION",
      restriction_info: [
        { restriction_type: "RESTRICTED_ADD_PHONE_NUMBER_ACTION", expiration: 1749500000 },
        { restriction_type: "RESTRICTED_BIZ_INITIATED_MESSAGING", expiration: "1749600000" },
      ],
    });
    expect(cloudHealthChanges(webhook(restriction))).toEqual<CloudHealthChange[]>([
      { driver: "whatsapp-cloud", wabaId: WABA, event: "ACCOUNT_RESTRICTION", signal: "account_restricted", until: new Date(1749600000 * 1000) },
    ]);
  });

  it("a restriction without an expiration lasts until lifted; one with nothing restricted is the all-clear", () => {
    expect(
      cloudHealthChanges(webhook(account({ event: "ACCOUNT_RESTRICTION", restriction_info: [{ restriction_type: "RESTRICTED_CUSTOMER_INITIATED_MESSAGING" }] })))[0],
    ).not.toHaveProperty("until");
    expect(cloudHealthChanges(webhook(account({ event: "ACCOUNT_RESTRICTION", restriction_info: [] })))[0]?.signal).toBe("account_reinstated");
    expect(cloudHealthChanges(webhook(account({ event: "ACCOUNT_RESTRICTION" })))[0]?.signal).toBe("account_reinstated");
  });

  it.each([
    [{ event: "DISABLED_UPDATE", ban_info: { waba_ban_state: "DISABLE", waba_ban_date: "2025-06-09" } }, "account_banned"],
    [{ event: "ACCOUNT_VIOLATION" }, "account_banned"],
    [{ event: "ACCOUNT_DELETED" }, "account_banned"],
    [{ event: "DISABLED_UPDATE", ban_info: { waba_ban_state: "REINSTATE" } }, "account_reinstated"],
  ] as const)("%j gives %s", (value, signal) => {
    expect(cloudHealthChanges(webhook(account(value)))).toEqual([{ driver: "whatsapp-cloud", wabaId: WABA, event: value.event, signal }]);
  });

  it("applies to the phone_number it names; events that say nothing about health are skipped", () => {
    expect(cloudHealthChanges(webhook(account({ event: "ACCOUNT_VIOLATION", phone_number: "+966550000002" })))).toEqual([
      { driver: "whatsapp-cloud", phone: "966550000002", wabaId: WABA, event: "ACCOUNT_VIOLATION", signal: "account_banned" },
    ]);
    expect(
      cloudHealthChanges(webhook(account({ event: "VERIFIED_ACCOUNT" }), account({ event: "DISABLED_UPDATE", ban_info: { waba_ban_state: "SCHEDULE_FOR_DISABLE" } }))),
    ).toEqual([]);
  });
});

describe("cloudHealthChanges: business_capability_update", () => {
  const capability = (value: Record<string, unknown>) => ({ field: "business_capability_update", value });
  const portfolio = { driver: "whatsapp-cloud", wabaId: WABA, event: "BUSINESS_CAPABILITY_UPDATE" } as const;

  it("the portfolio's new limit, for every number of the business account: a count, -1 unlimited (webhooks v24.0 and later)", () => {
    // Meta's example value, word for word.
    expect(cloudHealthChanges(webhook(capability({ max_daily_conversations_per_business: 2000, max_phone_numbers_per_waba: 25 })))).toEqual([{ ...portfolio, tier: 2000 }]);
    expect(cloudHealthChanges(webhook(capability({ max_daily_conversations_per_business: -1 })))).toEqual([{ ...portfolio, tier: null }]);
    expect(cloudHealthChanges(webhook(capability({ max_daily_conversations_per_business: "TIER_10K" })))).toEqual([{ ...portfolio, tier: 10_000 }]);
  });

  it("reads max_daily_conversation_per_phone while Meta sends it (v23.0 and older), the business's limit first", () => {
    expect(cloudHealthChanges(webhook(capability({ max_daily_conversation_per_phone: 10_000 })))).toEqual([{ ...portfolio, tier: 10_000 }]);
    expect(cloudHealthChanges(webhook(capability({ max_daily_conversation_per_phone: 250, max_daily_conversations_per_business: 2000 })))[0]?.tier).toBe(2000);
  });

  it("a change of phone-number limits alone, or one with no business account, says nothing about the messaging limit", () => {
    expect(cloudHealthChanges(webhook(capability({ max_phone_numbers_per_business: 2 })))).toEqual([]);
    expect(cloudHealthChanges({ object: "whatsapp_business_account", entry: [{ changes: [capability({ max_daily_conversations_per_business: 2000 })] }] })).toEqual([]);
  });
});

describe("cloudHealthChanges: leniency and bounds", () => {
  it("other fields, messages and statuses carry no health change", () => {
    expect(cloudHealthChanges(cloud([cloudText()]))).toEqual([]);
    expect(cloudHealthChanges(webhook({ field: "message_template_status_update", value: { event: "APPROVED" } }))).toEqual([]);
  });

  it("a malformed part is skipped and the rest kept", () => {
    const changes = cloudHealthChanges(
      webhook(quality({ event: 42, quality_rating: ["RED"], current_limit: { x: 1 } }), { field: "account_update", value: "not an object" }, null, quality({ event: "FLAGGED" })),
    );
    expect(changes).toEqual([{ ...base, event: "FLAGGED", signal: "quality_red" }]);
  });

  it("what is not a Cloud body gives []", () => {
    for (const body of [null, 7, "x", [], {}, { entry: "x" }, { entry: [null] }]) expect(cloudHealthChanges(body)).toEqual([]);
  });

  it(`at most ${MAX_HEALTH_CHANGES} changes are read; a longer list is not read at all`, () => {
    const entry = (n: number) => ({ id: WABA, changes: Array.from({ length: n }, () => quality({ event: "FLAGGED" })) });
    expect(cloudHealthChanges({ entry: [entry(60), entry(60)] })).toHaveLength(MAX_HEALTH_CHANGES);
    expect(cloudHealthChanges({ entry: [entry(MAX_HEALTH_CHANGES + 1)] })).toEqual([]);
  });
});

describe("wahaHealthChanges", () => {
  const status = (s: unknown, session: unknown = "default") => ({ event: "session.status", session, payload: { status: s } });

  it.each([
    ["STOPPED", "session_lost"],
    ["FAILED", "session_lost"],
    ["SCAN_QR_CODE", "session_lost"],
    ["WORKING", "session_working"],
  ] as const)("%s gives %s", (s, signal) => {
    expect(wahaHealthChanges(status(s))).toEqual([{ driver: "waha", session: "default", signal, event: s }]);
  });

  it("STARTING, unknown statuses, other events and bodies without a session give nothing", () => {
    expect(wahaHealthChanges(status("STARTING"))).toEqual([]);
    expect(wahaHealthChanges(status("SLEEPING"))).toEqual([]);
    expect(wahaHealthChanges(status(null))).toEqual([]);
    expect(wahaHealthChanges({ ...status("FAILED"), event: "message.ack" })).toEqual([]);
    expect(wahaHealthChanges(status("FAILED", ""))).toEqual([]);
    expect(wahaHealthChanges(status("FAILED", 7))).toEqual([]);
    for (const body of [null, "x", [], { event: "session.status" }]) expect(wahaHealthChanges(body)).toEqual([]);
  });

  it("healthChanges picks the provider's parser", () => {
    expect(healthChanges("waha", status("WORKING"))).toHaveLength(1);
    expect(healthChanges("whatsapp-cloud", status("WORKING"))).toEqual([]);
    expect(healthChanges("whatsapp-cloud", webhook(quality({ event: "FLAGGED" })))).toHaveLength(1);
  });
});
