// Which of a tenant's auto-reply rules answers an inbound message. Pure: the rules and what is
// known of the message come in, a rule (or none) goes out; storage, cooldowns and sending are the
// caller's. Rules are tried in the tenant's order and the first that applies wins, so a business
// puts its specific rules first and its fallback last.
//
// Tenants write the patterns, so they are RE2 (re2js), never JavaScript RegExp: RE2 matches in time
// linear in the text whatever the pattern, where a backtracking engine can be made to run for
// minutes by a pattern such as (a+)+$ and would stall every tenant's inbound messages with it.

import { RE2JS, RE2JSException, RE2JSSyntaxException, RE2Set } from "re2js";
import { STORABLE_TEXT_PROBLEM, storableText } from "../../core/input/validation.js";
import { normaliseForMatching } from "../contacts/index.js";

export const TRIGGER_KINDS = ["keyword", "pattern", "first_message", "outside_hours", "reply_id", "fallback"] as const;
export type TriggerKind = (typeof TRIGGER_KINDS)[number];

/** Bound on a pattern's source length, in characters (code points). */
export const MAX_PATTERN_LENGTH = 200;
export const MAX_KEYWORD_LENGTH = 100;
/** WhatsApp's own bound on a button's id. */
const MAX_REPLY_ID_LENGTH = 256;

// Bound on a pattern's compiled size (re2js's programSize(), about one step per character it
// matches). The source bound alone lets "\w{1000}\w{1000}…" through in 40 characters; its
// thousands of steps cost tens of milliseconds to compile on each cache miss and make the shared
// automaton below large enough to fall back to the slower NFA for every message. Ordinary patterns
// (alternations of words, \d{3,}, order\s*#?\d+) compile to well under a hundred steps.
const MAX_PATTERN_PROGRAM_SIZE = 1000;

// The memory the combined automaton of one tenant's patterns may cache (re2js's default is 8 MiB).
// Compiled lists are cached per tenant, so this bounds what each one holds; past it re2js empties
// its cache and goes on, or falls back to the NFA, and matches the same.
const PATTERN_SET_MEMORY = 1 << 20;

// Case-insensitive, as the keyword matching is; patterns see the text with NFKC applied only, so
// that a pattern can still tell ة from ه or a tashkeel from none when its author wants to.
const PATTERN_FLAGS = RE2JS.CASE_INSENSITIVE;

/** A rule as the matcher sees it, in the tenant's order (lowest position first). */
export interface MatchableRule {
  id: number;
  trigger: TriggerKind;
  value: string | null;
  /** The numbers it answers on; empty: every number. */
  accountIds: number[];
}

/** What is known of one inbound message when it is matched. */
export interface InboundFacts {
  /** The number it was sent to. */
  accountId: number;
  /** Its words (text, a caption, a button's title), null for none. */
  text: string | null;
  /** The id of the button or list row the contact chose, if it was one. */
  replyId: string | null;
  /** The contact's first message to this business. */
  firstMessage: boolean;
  /** Received while the business's send window is closed. */
  outsideHours: boolean;
}

/** A rule list made ready for matching by compileRules; read only by firstMatch. */
export interface CompiledRules {
  readonly rules: readonly MatchableRule[];
  /** Per rule, its keyword normalised and padded with a space each side; null for other rules. */
  readonly paddedKeywords: ReadonlyArray<string | null>;
  /** The indexes in `rules` of the pattern rules whose pattern matches a text (NFKC applied). */
  readonly matchingPatterns: (text: string) => ReadonlySet<number>;
}

const codePoints = (s: string): number => [...s].length;

/** Checks a trigger's value at save time: null when fine, else the message to show. */
export function triggerValueError(trigger: TriggerKind, value: string | null): string | null {
  switch (trigger) {
    case "keyword":
      return keywordError(value);
    case "pattern":
      return patternError(value);
    case "reply_id":
      return textValueError("the reply id", value, MAX_REPLY_ID_LENGTH);
    case "first_message":
    case "outside_hours":
    case "fallback":
      return value === null ? null : `a ${trigger} rule takes no value`;
    default:
      // Reached by a trigger from parsed JSON that the type did not hold to.
      return `the trigger must be one of ${TRIGGER_KINDS.join(", ")}`;
  }
}

/** The checks every stored text value passes: present, storable, not too long. */
function textValueError(what: string, value: string | null, maxLength: number): string | null {
  if (value === null || value === "") return `${what} is required`;
  if (!storableText(value)) return `${what} ${STORABLE_TEXT_PROBLEM}`;
  if (codePoints(value) > maxLength) return `${what} is longer than ${maxLength} characters`;
  return null;
}

function keywordError(value: string | null): string | null {
  const error = textValueError("the keyword", value, MAX_KEYWORD_LENGTH);
  if (error !== null || value === null) return error;
  // A keyword of only punctuation or emoji would normalise to nothing and never match.
  if (normaliseForMatching(value) === "") return "the keyword is empty once punctuation and diacritics are removed";
  return null;
}

function patternError(value: string | null): string | null {
  const error = textValueError("the pattern", value, MAX_PATTERN_LENGTH);
  if (error !== null || value === null) return error;
  let compiled: RE2JS;
  try {
    // Compiled as it will be matched, flags included, so what passes here compiles there.
    compiled = RE2JS.compile(value, PATTERN_FLAGS);
  } catch (e) {
    if (e instanceof RE2JSException) return `the pattern is not valid RE2 syntax: ${describeSyntaxError(e, value)}`;
    // Whatever else the engine throws on a pattern, the pattern is refused, never the request failed.
    return "the pattern cannot be compiled";
  }
  const size = compiled.programSize();
  if (size > MAX_PATTERN_PROGRAM_SIZE) {
    return `the pattern is too complex: it compiles to ${size} steps, more than ${MAX_PATTERN_PROGRAM_SIZE}; use smaller repetition counts`;
  }
  return null;
}

// re2js names the offending part of the pattern; when that is the whole pattern it carries the
// "(?i)" re2js put in front for the flags, which the person never wrote.
function describeSyntaxError(e: RE2JSException, value: string): string {
  if (!(e instanceof RE2JSSyntaxException)) return e.message;
  const part = e.getPattern();
  if (part === null || part === "") return e.getDescription();
  return `${e.getDescription()}: \`${part === `(?i)${value}` ? value : part}\``;
}

/** Compiled once per tenant's rule list (patterns compiled, keywords normalised); cache it keyed by the list. */
export function compileRules(rules: readonly MatchableRule[]): CompiledRules {
  const paddedKeywords = rules.map((rule) => {
    if (rule.trigger !== "keyword" || rule.value === null) return null;
    const keyword = normaliseForMatching(rule.value);
    // An empty keyword (a value saved before the check, or changed by a new normalisation) never
    // matches; padded, it would match every message.
    return keyword === "" ? null : ` ${keyword} `;
  });
  const patterns: { index: number; source: string }[] = [];
  for (const [index, rule] of rules.entries()) {
    // An empty pattern matches every message; refused at save, it is left out here too.
    if (rule.trigger === "pattern" && rule.value) patterns.push({ index, source: rule.value });
  }
  return { rules, paddedKeywords, matchingPatterns: patternMatcher(patterns) };
}

const NONE: ReadonlySet<number> = new Set();

// All of a list's patterns go into one RE2Set, so a message is read once for all of them rather
// than once per pattern: with a hundred patterns that is about 0.5 µs a message instead of 40.
function patternMatcher(patterns: readonly { index: number; source: string }[]): (text: string) => ReadonlySet<number> {
  if (patterns.length === 0) return () => NONE;
  const set = new RE2Set(RE2Set.UNANCHORED, PATTERN_FLAGS, PATTERN_SET_MEMORY);
  const indexOfId: number[] = [];
  for (const { index, source } of patterns) {
    // A stored pattern that no longer compiles (a newer re2js, a row written around the checks)
    // leaves its rule matching nothing instead of the whole list failing.
    try {
      indexOfId[set.add(source)] = index;
    } catch (e) {
      if (!(e instanceof RE2JSException)) throw e;
    }
  }
  if (indexOfId.length === 0) return () => NONE;
  try {
    set.compile();
  } catch (e) {
    // The set as a whole can exceed re2js's size limit where each pattern alone does not.
    if (!(e instanceof RE2JSException)) throw e;
    return onePatternAtATime(patterns);
  }
  return (text) => new Set(set.match(text).map((id) => indexOfId[id]!));
}

function onePatternAtATime(patterns: readonly { index: number; source: string }[]): (text: string) => ReadonlySet<number> {
  const compiled: { index: number; pattern: RE2JS }[] = [];
  for (const { index, source } of patterns) {
    try {
      compiled.push({ index, pattern: RE2JS.compile(source, PATTERN_FLAGS) });
    } catch (e) {
      if (!(e instanceof RE2JSException)) throw e;
    }
  }
  return (text) => new Set(compiled.filter(({ pattern }) => pattern.test(text)).map(({ index }) => index));
}

/**
 * The text of one message in the forms the rules compare, each worked out the first time a rule
 * needs it, so a message is normalised once whatever the number of rules, and not at all when
 * the rule that answers comes before any keyword or pattern rule.
 */
class MessageText {
  #paddedWords: string | undefined;
  #matchingPatterns: ReadonlySet<number> | undefined;

  constructor(
    private readonly text: string,
    private readonly compiled: CompiledRules,
  ) {}

  containsKeyword(paddedKeyword: string): boolean {
    this.#paddedWords ??= ` ${normaliseForMatching(this.text)} `;
    return this.#paddedWords.includes(paddedKeyword);
  }

  matchesPattern(ruleIndex: number): boolean {
    this.#matchingPatterns ??= this.compiled.matchingPatterns(this.text.normalize("NFKC"));
    return this.#matchingPatterns.has(ruleIndex);
  }
}

function applies(compiled: CompiledRules, index: number, facts: InboundFacts, text: MessageText | null): boolean {
  const rule = compiled.rules[index]!;
  if (rule.accountIds.length > 0 && !rule.accountIds.includes(facts.accountId)) return false;
  switch (rule.trigger) {
    case "keyword": {
      const keyword = compiled.paddedKeywords[index];
      return text !== null && keyword != null && text.containsKeyword(keyword);
    }
    case "pattern":
      return text !== null && text.matchesPattern(index);
    case "first_message":
      return facts.firstMessage;
    case "outside_hours":
      return facts.outsideHours;
    case "reply_id":
      return facts.replyId !== null && facts.replyId === rule.value;
    case "fallback":
      return true;
    default:
      return false;
  }
}

/** The first rule, in order, that applies to the message and is not cooling down for this contact (`cooling(ruleId)` true: skip it, go on to the next). */
export function firstMatch(compiled: CompiledRules, facts: InboundFacts, cooling: (ruleId: number) => boolean): MatchableRule | null {
  const text = facts.text === null ? null : new MessageText(facts.text, compiled);
  for (let index = 0; index < compiled.rules.length; index++) {
    // Cooling is asked last and only of rules that apply: it may cost the caller a lookup.
    if (applies(compiled, index, facts, text) && !cooling(compiled.rules[index]!.id)) return compiled.rules[index]!;
  }
  return null;
}
