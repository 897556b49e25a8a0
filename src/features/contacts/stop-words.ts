// Stop words: an inbound message that is, as a whole, one of a tenant's stop words opts the
// contact out. Matching is on a normalised form so that the many ways people type the same word
// (capitals, trailing "!", Arabic with or without hamza, tashkeel or kashida, Arabic-Indic digits,
// a stray bidi mark from the keyboard) all count, while a sentence that merely contains the word
// ("please don't stop") does not: opting someone out by mistake loses the business a customer.

import { STORABLE_TEXT_PROBLEM, storableText } from "../../core/input/validation.js";

/**
 * Defaults, Arabic and English, as a person would type them (not pre-normalised). The English
 * ones are the carrier-standard keywords; none is a word a normal reply consists of ("no", "ok",
 * "لا"), since a whole-message match on those would opt out people who were answering a question.
 */
export const DEFAULT_STOP_WORDS: readonly string[] = Object.freeze([
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
]);

/** Limits for a tenant's own list. */
export const MAX_STOP_WORDS = 50;
export const MAX_STOP_WORD_LENGTH = 40;

// Removed outright (not turned into spaces), since they sit inside words:
// - Latin combining diacritics, exposed by NFD (é → e + U+0301);
// - Arabic tashkeel and Quranic marks, U+0670 superscript alef, and tatweel, which is only
//   stretching. NFD also splits أ إ آ ؤ ئ into a carrier plus U+0653..U+0655, which fall in the
//   tashkeel range, so hamza on a carrier goes here too (FOLD below says the same explicitly);
// - enclosing marks and variation selectors, which emoji leave behind (❤️ is U+2764 U+FE0F, 1️⃣
//   ends in U+20E3) and which would otherwise keep an emoji-only message from being empty;
// - format characters (\p{Cf}): zero-width spaces and joiners, LRM/RLM, the bidi embeddings and
//   isolates, U+061C Arabic letter mark, BOM, soft hyphen and emoji tag characters.
// Marks come first in the class: a mark right after a non-mark there would read as one combined
// character (eslint no-misleading-character-class).
const DROPPED = /[\u0300-\u036F\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\uFE00-\uFE0F\u0640\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF\p{Me}\p{Cf}]/gu;

// Letters people use interchangeably when typing Arabic. The standalone hamza ء is kept: it is a
// letter of its own, and people write إلغاء and الغاء with it far more often than without, so
// dropping it would only merge words that are otherwise distinct. Hamza on a carrier (أ إ ؤ ئ) is
// routinely left off, so it becomes its carrier. Persian yeh and keheh come from Persian and Urdu
// keyboard layouts that some Arabic speakers use.
const FOLD = new Map<string, string>([
  ["\u0622", "\u0627"], // آ → ا
  ["\u0623", "\u0627"], // أ → ا
  ["\u0625", "\u0627"], // إ → ا
  ["\u0671", "\u0627"], // ٱ → ا
  ["\u0624", "\u0648"], // ؤ → و
  ["\u0626", "\u064A"], // ئ → ي
  ["\u0649", "\u064A"], // ى → ي
  ["\u06CC", "\u064A"], // ی → ي
  ["\u0629", "\u0647"], // ة → ه
  ["\u06A9", "\u0643"], // ک → ك
]);
for (let d = 0; d <= 9; d++) {
  FOLD.set(String.fromCharCode(0x0660 + d), String(d));
  FOLD.set(String.fromCharCode(0x06f0 + d), String(d));
}
const FOLDED = /[\u0622\u0623\u0625\u0671\u0624\u0626\u0649\u06CC\u0629\u06A9\u0660-\u0669\u06F0-\u06F9]/gu;

const SEPARATORS = /[\p{P}\p{S}]+/gu;
const SPACES = /\s+/gu;

/**
 * The comparable form of a text: NFKC, lower case, without Latin diacritics, Arabic tashkeel or
 * tatweel, with Arabic letter variants and digits unified, punctuation and symbols (emoji
 * included) as spaces, invisible format characters removed, whitespace collapsed and trimmed.
 */
export function normaliseForMatching(text: string): string {
  return (
    text
      // NFKC first: it turns Arabic presentation forms (ﻻ) and full-width Latin into plain letters.
      .normalize("NFKC")
      .toLowerCase()
      .normalize("NFD")
      .replace(DROPPED, "")
      .replace(FOLDED, (c) => FOLD.get(c) ?? c)
      .replace(SEPARATORS, " ")
      .replace(SPACES, " ")
      .trim()
      // Back to composed form so the result is tidy to store or show; both sides of a comparison
      // go through the same steps, so this does not affect matching.
      .normalize("NFC")
  );
}

// The normalised set per list, keyed by the array itself: a tenant's list is built once (see
// effectiveStopWords) and then checked against every inbound message. Lists are therefore treated
// as immutable; a list changed in place after its first use would keep matching its old words.
const normalisedSets = new WeakMap<readonly string[], ReadonlySet<string>>();

function normalisedSet(words: readonly string[]): ReadonlySet<string> {
  let set = normalisedSets.get(words);
  if (!set) {
    set = new Set(words.map(normaliseForMatching).filter((w) => w !== ""));
    normalisedSets.set(words, set);
  }
  return set;
}

/**
 * True when the whole message, normalised, equals one of the words normalised: "STOP!" and
 * " stop " are opt-outs, "please don't stop" is not. A message with nothing left once normalised
 * (only emoji or punctuation) never is, whatever the list holds.
 */
export function isStopMessage(text: string, words: readonly string[]): boolean {
  const set = normalisedSet(words);
  if (set.size === 0) return false;
  const message = normaliseForMatching(text);
  return message !== "" && set.has(message);
}

/**
 * Which stop words apply: the defaults when useDefaults, then the tenant's own, without words
 * that repeat an earlier one once normalised. Returns a new array: keep it with the tenant's
 * settings and pass that same array to isStopMessage so the normalised set is built once.
 */
export function effectiveStopWords(useDefaults: boolean, own: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const word of useDefaults ? [...DEFAULT_STOP_WORDS, ...own] : own) {
    const key = normaliseForMatching(word);
    if (key === "" || seen.has(key)) continue;
    seen.add(key);
    result.push(word);
  }
  return result;
}

/**
 * Validates and cleans a tenant's own list: trims each word, drops words that repeat an earlier
 * one once normalised (the first spelling is kept), and enforces MAX_STOP_WORDS and
 * MAX_STOP_WORD_LENGTH. The error names the first offending entry by its index in `raw`.
 */
export function cleanStopWords(raw: readonly string[]): { words: string[] } | { error: string } {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const [i, entry] of raw.entries()) {
    // The REST facade hands over parsed JSON; a non-string must not reach .trim().
    if (typeof entry !== "string") return { error: `words[${i}] is not a string` };
    const word = entry.trim();
    if (word === "") return { error: `words[${i}] is empty` };
    if (!storableText(word)) return { error: `words[${i}] ${STORABLE_TEXT_PROBLEM}` };
    // Counted in code points so an emoji is one character, as the person typing it sees it.
    if ([...word].length > MAX_STOP_WORD_LENGTH) {
      return { error: `words[${i}] is longer than ${MAX_STOP_WORD_LENGTH} characters` };
    }
    const key = normaliseForMatching(word);
    if (key === "") return { error: `words[${i}] is empty once punctuation and diacritics are removed` };
    if (seen.has(key)) continue;
    // Counted after duplicates are dropped: the limit is on what is stored and matched.
    if (words.length === MAX_STOP_WORDS) {
      return { error: `words[${i}] is one too many: at most ${MAX_STOP_WORDS} stop words are allowed` };
    }
    seen.add(key);
    words.push(word);
  }
  return { words };
}
