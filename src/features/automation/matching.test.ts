import { describe, expect, it } from "vitest";
import {
  MAX_KEYWORD_LENGTH,
  MAX_PATTERN_LENGTH,
  TRIGGER_KINDS,
  compileRules,
  firstMatch,
  triggerValueError,
  type InboundFacts,
  type MatchableRule,
  type TriggerKind,
} from "./matching.js";

const rule = (id: number, trigger: TriggerKind, value: string | null = null, accountIds: number[] = []): MatchableRule => ({ id, trigger, value, accountIds });

const facts = (over: Partial<InboundFacts> = {}): InboundFacts => ({ accountId: 1, text: null, replyId: null, firstMessage: false, outsideHours: false, ...over });

const never = () => false;

/** The id of the rule that answers `text` (or the given facts), null for none. */
function answer(rules: MatchableRule[], over: Partial<InboundFacts> | string, cooling: (id: number) => boolean = never): number | null {
  const inbound = facts(typeof over === "string" ? { text: over } : over);
  return firstMatch(compileRules(rules), inbound, cooling)?.id ?? null;
}

describe("triggerValueError", () => {
  it("lists the six trigger kinds", () => {
    expect(TRIGGER_KINDS).toEqual(["keyword", "pattern", "first_message", "outside_hours", "reply_id", "fallback"]);
  });

  it("takes keywords of 1 to MAX_KEYWORD_LENGTH characters that leave words once normalised", () => {
    expect(triggerValueError("keyword", "السعر")).toBeNull();
    expect(triggerValueError("keyword", "opening hours")).toBeNull();
    expect(triggerValueError("keyword", "a".repeat(MAX_KEYWORD_LENGTH))).toBeNull();
    expect(triggerValueError("keyword", "😀".repeat(MAX_KEYWORD_LENGTH - 1) + "a")).toBeNull(); // counted in characters
    expect(triggerValueError("keyword", "a".repeat(MAX_KEYWORD_LENGTH + 1))).toBe("the keyword is longer than 100 characters");
    expect(triggerValueError("keyword", null)).toBe("the keyword is required");
    expect(triggerValueError("keyword", "")).toBe("the keyword is required");
    expect(triggerValueError("keyword", "؟!! 🙏")).toBe("the keyword is empty once punctuation and diacritics are removed");
    expect(triggerValueError("keyword", "   ")).toBe("the keyword is empty once punctuation and diacritics are removed");
    expect(triggerValueError("keyword", "a\u0000b")).toBe("the keyword must be valid Unicode text without NUL characters");
  });

  it("takes RE2 patterns up to MAX_PATTERN_LENGTH characters", () => {
    expect(triggerValueError("pattern", "price|سعر")).toBeNull();
    expect(triggerValueError("pattern", "\\border\\s*#?\\d{4,}")).toBeNull();
    expect(triggerValueError("pattern", "^\\s*(price|how much|كم السعر)\\s*[?؟]?\\s*$")).toBeNull();
    expect(triggerValueError("pattern", "a".repeat(MAX_PATTERN_LENGTH))).toBeNull();
    expect(triggerValueError("pattern", "a".repeat(MAX_PATTERN_LENGTH + 1))).toBe("the pattern is longer than 200 characters");
    expect(triggerValueError("pattern", null)).toBe("the pattern is required");
    expect(triggerValueError("pattern", "")).toBe("the pattern is required");
  });

  it("refuses what RE2 does not support or cannot parse, saying why", () => {
    expect(triggerValueError("pattern", "(a)\\1")).toBe("the pattern is not valid RE2 syntax: invalid escape sequence: `\\1`");
    expect(triggerValueError("pattern", "(?=x)")).toBe("the pattern is not valid RE2 syntax: invalid or unsupported Perl syntax: `(?=`");
    expect(triggerValueError("pattern", "price(?!s)")).toBe("the pattern is not valid RE2 syntax: invalid or unsupported Perl syntax: `(?!`");
    expect(triggerValueError("pattern", "[a")).toBe("the pattern is not valid RE2 syntax: missing closing ]: `[a`");
    // The offending part is the whole pattern here: shown as typed, without the flags re2js adds.
    expect(triggerValueError("pattern", "(price")).toBe("the pattern is not valid RE2 syntax: missing closing ): `(price`");
    expect(triggerValueError("pattern", "a**")).toBe("the pattern is not valid RE2 syntax: invalid nested repetition operator: `**`");
    expect(triggerValueError("pattern", "a{1001}")).toBe("the pattern is not valid RE2 syntax: invalid repeat count: `{1001}`");
  });

  it("refuses a short pattern that compiles to too many steps", () => {
    expect(triggerValueError("pattern", "\\w{1000}")).toBe("the pattern is too complex: it compiles to 1002 steps, more than 1000; use smaller repetition counts");
    expect(triggerValueError("pattern", "[a-z0-9]{1,100}")).toBeNull();
  });

  it("takes a reply id of 1 to 256 characters as it is", () => {
    expect(triggerValueError("reply_id", "btn_yes")).toBeNull();
    expect(triggerValueError("reply_id", " Yes! ")).toBeNull();
    expect(triggerValueError("reply_id", "x".repeat(256))).toBeNull();
    expect(triggerValueError("reply_id", "x".repeat(257))).toBe("the reply id is longer than 256 characters");
    expect(triggerValueError("reply_id", null)).toBe("the reply id is required");
    expect(triggerValueError("reply_id", "")).toBe("the reply id is required");
  });

  it("wants no value for first_message, outside_hours and fallback", () => {
    for (const trigger of ["first_message", "outside_hours", "fallback"] as const) {
      expect(triggerValueError(trigger, null)).toBeNull();
      expect(triggerValueError(trigger, "")).toBe(`a ${trigger} rule takes no value`);
      expect(triggerValueError(trigger, "hi")).toBe(`a ${trigger} rule takes no value`);
    }
  });

  it("names the triggers for one it does not know", () => {
    expect(triggerValueError("greeting" as TriggerKind, null)).toBe("the trigger must be one of keyword, pattern, first_message, outside_hours, reply_id, fallback");
  });
});

describe("keyword rules", () => {
  it("match Arabic whatever the tashkeel, alef, hamza, teh marbuta or digits typed", () => {
    expect(answer([rule(1, "keyword", "السعر")], "كم السِّعر؟")).toBe(1);
    expect(answer([rule(1, "keyword", "السعر")], "كم ألسعر")).toBe(1);
    expect(answer([rule(1, "keyword", "السعر")], "كم الســعر")).toBe(1); // tatweel
    expect(answer([rule(1, "keyword", "عرض ١")], "عرض 1")).toBe(1);
    expect(answer([rule(1, "keyword", "عرض 1")], "أريد عرض ١ من فضلك")).toBe(1);
    expect(answer([rule(1, "keyword", "إلغاء الطلب")], "ابغى الغاء الطلب")).toBe(1);
    expect(answer([rule(1, "keyword", "رسالة")], "وصلتني رساله")).toBe(1);
    expect(answer([rule(1, "keyword", "السعر")], "ﺍﻟﺴﻌﺮ")).toBe(1); // presentation forms
  });

  it("match whole words only", () => {
    expect(answer([rule(1, "keyword", "سعر")], "كم السعر")).toBeNull();
    expect(answer([rule(1, "keyword", "عرض 1")], "عرض 12")).toBeNull();
    expect(answer([rule(1, "keyword", "price")], "prices please")).toBeNull();
    expect(answer([rule(1, "keyword", "price")], "overpriced")).toBeNull();
    expect(answer([rule(1, "keyword", "price")], "price")).toBe(1);
  });

  it("match English regardless of case and punctuation", () => {
    expect(answer([rule(1, "keyword", "Price")], "What's the PRICE?!")).toBe(1);
    expect(answer([rule(1, "keyword", "opening hours")], "Your opening   hours, please")).toBe(1);
    expect(answer([rule(1, "keyword", "opening hours")], "opening late? hours?")).toBeNull();
    expect(answer([rule(1, "keyword", "café")], "CAFE open?")).toBe(1);
  });

  it("never match a message without text", () => {
    expect(answer([rule(1, "keyword", "price")], { text: null, replyId: "price" })).toBeNull();
  });
});

describe("pattern rules", () => {
  it("match anywhere in the text, case-insensitively", () => {
    expect(answer([rule(1, "pattern", "\\border\\s*#?\\d{4,}")], "Where is ORDER #12345?")).toBe(1);
    expect(answer([rule(1, "pattern", "\\border\\s*#?\\d{4,}")], "order 12")).toBeNull();
    expect(answer([rule(1, "pattern", "سعر|price")], "كم السعر")).toBe(1);
    expect(answer([rule(1, "pattern", "^hi\\b")], "Hi there")).toBe(1);
    expect(answer([rule(1, "pattern", "^hi\\b")], "oh hi")).toBeNull();
  });

  it("see the text with NFKC applied and nothing else", () => {
    expect(answer([rule(1, "pattern", "price")], "ＰＲＩＣＥ")).toBe(1); // full-width
    expect(answer([rule(1, "pattern", "^لا")], "ﻻ شكرا")).toBe(1); // the lam-alef ligature
    expect(answer([rule(1, "pattern", "سعر")], "كم السِّعر")).toBeNull(); // tashkeel stays
    // Arabic-Indic digits are not folded, and RE2's \d is ASCII only: \p{Nd} takes both.
    expect(answer([rule(1, "pattern", "\\d")], "١٢٣")).toBeNull();
    expect(answer([rule(1, "pattern", "^\\p{Nd}+$")], "١٢٣")).toBe(1);
  });

  it("answer with the right rule among several patterns and keywords", () => {
    const rules = [rule(1, "pattern", "^never"), rule(2, "keyword", "nothing"), rule(3, "pattern", "\\d{3}"), rule(4, "pattern", "1")];
    expect(answer(rules, "call 123")).toBe(3);
    expect(answer(rules, "1 more")).toBe(4);
    expect(answer(rules, "never 123")).toBe(1);
  });

  it("leave a stored pattern that does not compile matching nothing, and the others working", () => {
    const rules = [rule(1, "pattern", "(?=x)"), rule(2, "pattern", ""), rule(3, "pattern", "x")];
    expect(answer(rules, "xyz")).toBe(3);
    expect(answer(rules, "abc")).toBeNull();
  });

  it("never match a message without text", () => {
    expect(answer([rule(1, "pattern", ".*")], { text: null })).toBeNull();
  });
});

describe("other triggers", () => {
  it("reply_id compares the chosen button's id exactly", () => {
    const rules = [rule(1, "reply_id", "btn_yes")];
    expect(answer(rules, { replyId: "btn_yes", text: "Yes" })).toBe(1);
    expect(answer(rules, { replyId: "BTN_YES" })).toBeNull();
    expect(answer(rules, { replyId: "btn_yes " })).toBeNull();
    expect(answer(rules, { replyId: null, text: "btn_yes" })).toBeNull();
  });

  it("first_message, outside_hours and fallback", () => {
    expect(answer([rule(1, "first_message")], { firstMessage: true })).toBe(1);
    expect(answer([rule(1, "first_message")], { firstMessage: false, text: "hi" })).toBeNull();
    expect(answer([rule(1, "outside_hours")], { outsideHours: true })).toBe(1);
    expect(answer([rule(1, "outside_hours")], { outsideHours: false, text: "hi" })).toBeNull();
    expect(answer([rule(1, "fallback")], "anything")).toBe(1);
    expect(answer([rule(1, "fallback")], { text: null })).toBe(1);
  });
});

describe("firstMatch", () => {
  it("answers with the first rule in the list's order", () => {
    expect(answer([rule(1, "fallback"), rule(2, "keyword", "price")], "price")).toBe(1);
    expect(answer([rule(2, "keyword", "price"), rule(1, "fallback")], "price")).toBe(2);
    expect(answer([rule(2, "keyword", "price"), rule(1, "fallback")], "hello")).toBe(1);
    expect(answer([], "price")).toBeNull();
  });

  it("skips a rule cooling down for the contact and goes on to the next", () => {
    const rules = [rule(1, "keyword", "price"), rule(2, "pattern", "pri"), rule(3, "fallback")];
    expect(answer(rules, "price", (id) => id === 1)).toBe(2);
    expect(answer(rules, "price", (id) => id !== 3)).toBe(3);
    expect(answer(rules, "price", () => true)).toBeNull();
  });

  it("asks about cooling only for rules that apply", () => {
    const asked: number[] = [];
    const rules = [rule(1, "keyword", "hours"), rule(2, "keyword", "price"), rule(3, "fallback")];
    expect(answer(rules, "price", (id) => (asked.push(id), false))).toBe(2);
    expect(asked).toEqual([2]);
  });

  it("applies a rule limited to some numbers only to messages sent to them", () => {
    const rules = [rule(1, "keyword", "price", [7, 9]), rule(2, "fallback", null, [8]), rule(3, "fallback")];
    expect(answer(rules, { accountId: 7, text: "price" })).toBe(1);
    expect(answer(rules, { accountId: 9, text: "price" })).toBe(1);
    expect(answer(rules, { accountId: 8, text: "price" })).toBe(2);
    expect(answer(rules, { accountId: 5, text: "price" })).toBe(3);
  });

  it("gives the same answers from one compiled list used for many messages", () => {
    const compiled = compileRules([rule(1, "keyword", "السعر"), rule(2, "pattern", "order\\s*\\d+"), rule(3, "first_message")]);
    const match = (over: Partial<InboundFacts>) => firstMatch(compiled, facts(over), never)?.id ?? null;
    for (let i = 0; i < 3; i++) {
      expect(match({ text: "كم السعر" })).toBe(1);
      expect(match({ text: "Order 55" })).toBe(2);
      expect(match({ text: "hello", firstMessage: true })).toBe(3);
      expect(match({ text: "hello" })).toBeNull();
    }
  });
});
