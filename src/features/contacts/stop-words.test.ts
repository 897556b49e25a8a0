import { describe, expect, it } from "vitest";
import { DEFAULT_STOP_WORDS, MAX_STOP_WORDS, cleanStopWords, effectiveStopWords, isStopMessage, normaliseForMatching } from "./stop-words.js";

const n = normaliseForMatching;

describe("normaliseForMatching", () => {
  it("applies NFKC, lower-cases and strips Latin diacritics", () => {
    expect(n("  STOP!! ")).toBe("stop");
    expect(n("Unsubscribe.")).toBe("unsubscribe");
    expect(n("ＳＴＯＰ")).toBe("stop"); // full-width, folded by NFKC
    expect(n("ﬁn")).toBe("fin"); // ligature
    expect(n("Désabonner")).toBe("desabonner");
    expect(n("De\u0301sabonner")).toBe("desabonner"); // already decomposed
    expect(n("İPTAL")).toBe("iptal"); // the combining dot from lower-casing İ goes too
    // Arabic presentation forms, as some keyboards and copy-paste produce them.
    expect(n("ﻻ ﺗﺮﺳﻞ")).toBe("لا ترسل");
  });

  it("removes tashkeel, Quranic marks, superscript alef and tatweel", () => {
    for (const typed of ["إيقاف", "ايقاف", "إيـــقاف", "إِيقَاف", "اِيْقَافٌ", "ايـقـاف"]) expect(n(typed)).toBe("ايقاف");
    expect(n("هٰذا")).toBe("هذا");
    expect(n("توقفۖ")).toBe("توقف"); // U+06D6, a Quranic pause mark
  });

  it("unifies alef forms and hamza on a carrier, but keeps the standalone hamza", () => {
    expect(n("أ إ آ ٱ")).toBe("ا ا ا ا");
    expect(n("مسؤول")).toBe("مسوول");
    expect(n("رئيس")).toBe("رييس");
    expect(n("إلغاء")).toBe("الغاء");
    expect(n("الغاء")).not.toBe(n("الغا")); // ء is a letter of its own
    // A hamza typed as a separate combining mark is dropped the same way.
    expect(n("ا\u0654لغاء")).toBe("الغاء");
  });

  it("maps alef maqsura to yeh, teh marbuta to heh, and Persian yeh and keheh to Arabic ones", () => {
    expect(n("على")).toBe("علي");
    expect(n("رسالة")).toBe(n("رساله"));
    expect(n("رسالة")).toBe("رساله");
    expect(n("لا ترسل لی")).toBe("لا ترسل لي");
    expect(n("کلمة")).toBe("كلمه");
  });

  it("turns Arabic-Indic and Eastern Arabic-Indic digits into ASCII ones", () => {
    expect(n("٠١٢٣٤٥٦٧٨٩")).toBe("0123456789");
    expect(n("۰۱۲۳۴۵۶۷۸۹")).toBe("0123456789");
    expect(n("stop ١")).toBe(n("stop 1"));
  });

  it("turns punctuation and symbols, Arabic ones and emoji included, into spaces", () => {
    expect(n("opt-out")).toBe("opt out");
    expect(n("stop,all")).toBe("stop all");
    expect(n("الغاء،الاشتراك")).toBe("الغاء الاشتراك");
    expect(n("توقف؟")).toBe("توقف");
    expect(n("توقف؛ ")).toBe("توقف");
    expect(n("«إيقاف»")).toBe("ايقاف");
    expect(n("stop🛑please")).toBe("stop please");
    expect(n("🛑 STOP 🙏🏽")).toBe("stop");
  });

  it("leaves nothing of a text made only of emoji, punctuation or spaces", () => {
    for (const empty of ["", "   ", "!!!", "؟؟", "❤️", "👍🏽", "🇸🇦", "🏴󠁧󠁢󠁥󠁮󠁧󠁿", "\u200F\u200B", "👨‍👩‍👧"]) {
      expect(n(empty)).toBe("");
    }
    expect(n("1️⃣")).toBe("1"); // a keycap emoji is its digit
  });

  it("removes zero-width and bidi marks without splitting the word", () => {
    expect(n("st\u200Bop")).toBe("stop");
    expect(n("\u200Fإيقاف\u200E")).toBe("ايقاف");
    expect(n("\u202Bالغاء\u202C")).toBe("الغاء");
    expect(n("\u2067توقف\u2069")).toBe("توقف");
    expect(n("\uFEFFstop")).toBe("stop");
    expect(n("ال\u200Cغاء")).toBe("الغاء");
    expect(n("\u061Cتوقف")).toBe("توقف"); // Arabic letter mark
  });

  it("collapses whitespace of any kind and trims", () => {
    expect(n("الغاء  الاشتراك")).toBe("الغاء الاشتراك");
    expect(n("\tstop\u00A0\u3000all\n")).toBe("stop all");
  });

  it("makes the common spellings of one phrase equal", () => {
    const forms = ["الغاء الاشتراك", "إلغاء الإشتراك", "الغاء  الاشتراك؟", "إلغـــاء الاشتراك!", "إِلْغَاء الِاشْتِرَاك"];
    for (const form of forms) expect(n(form)).toBe("الغاء الاشتراك");
  });
});

describe("isStopMessage", () => {
  const words = effectiveStopWords(true, []);

  it("matches a whole message that is a stop word however it is typed", () => {
    for (const text of ["STOP!", " stop ", "Stop.", "stop all", "OPT-OUT", "Opt Out", "optout", "Unsubscribe."]) {
      expect(isStopMessage(text, words), text).toBe(true);
    }
    for (const text of ["ايقاف", "إيقاف!", "إيـــقاف", "إِيقَاف", "الغاء الاشتراك", "إلغاء الإشتراك", "الغاء  الاشتراك؟", "لا ترسل", "ﻻ ﺗﺮﺳﻞ", "🛑 توقف 🛑"]) {
      expect(isStopMessage(text, words), text).toBe(true);
    }
  });

  it("does not match a message that only contains a stop word", () => {
    for (const text of [
      "please don't stop",
      "stop by tomorrow",
      "STOP 2",
      "I want to cancel my order",
      "the end?",
      "لا شكرا",
      "لا",
      "no",
      "ok",
      "thanks",
      "شكرا",
      "لا ترسل الفاتورة",
      "متى توقف الخصم؟",
    ]) {
      expect(isStopMessage(text, words), text).toBe(false);
    }
  });

  it("never matches an empty or emoji-only message", () => {
    for (const text of ["", "  ", "👍", "❤️", "🙏🏽", "!!!", "\u200F"]) expect(isStopMessage(text, words), text).toBe(false);
    // Not even against a list with a word that normalises to nothing.
    expect(isStopMessage("👍", ["👍", "!!"])).toBe(false);
    expect(isStopMessage("stop", [])).toBe(false);
  });

  it("matches digits across scripts", () => {
    expect(isStopMessage("stop ١", ["STOP 1"])).toBe(true);
    expect(isStopMessage("۰", ["0"])).toBe(true);
  });

  it("uses the words of the list it is given, a tenant's own included", () => {
    const own = ["Basta", "كفاية"];
    expect(isStopMessage("basta!", own)).toBe(true);
    expect(isStopMessage("كفايه", own)).toBe(true);
    expect(isStopMessage("stop", own)).toBe(false);
    expect(isStopMessage("stop", DEFAULT_STOP_WORDS)).toBe(true);
  });

  it("builds the normalised set once per list: a list changed in place keeps its first words", () => {
    const list = ["halt"];
    expect(isStopMessage("HALT", list)).toBe(true);
    list[0] = "pause";
    expect(isStopMessage("halt", list)).toBe(true);
    expect(isStopMessage("pause", list)).toBe(false);
    expect(isStopMessage("pause", [...list])).toBe(true);
  });
});

describe("DEFAULT_STOP_WORDS", () => {
  it("holds the required words, each meaningful once normalised, and no everyday replies", () => {
    const required = ["STOP", "STOP ALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "OPT OUT", "OPTOUT"];
    const arabic = ["إيقاف", "توقف", "الغاء", "إلغاء الاشتراك", "الغاء الاشتراك", "ايقاف الرسائل", "لا ترسل", "الغاء الرسائل"];
    for (const word of [...required, ...arabic]) expect(DEFAULT_STOP_WORDS).toContain(word);
    for (const word of DEFAULT_STOP_WORDS) expect(n(word), word).not.toBe("");
    for (const reply of ["no", "ok", "thanks", "yes", "لا", "نعم", "شكرا"]) {
      expect(DEFAULT_STOP_WORDS.map(n)).not.toContain(n(reply));
    }
    expect(Object.isFrozen(DEFAULT_STOP_WORDS)).toBe(true);
  });
});

describe("effectiveStopWords", () => {
  it("is the defaults then the tenant's own when useDefaults, only the own otherwise", () => {
    const all = effectiveStopWords(true, ["Basta"]);
    expect(all.slice(0, -1)).toEqual(effectiveStopWords(true, []));
    expect(all.at(-1)).toBe("Basta");
    expect(effectiveStopWords(false, ["Basta", "كفاية"])).toEqual(["Basta", "كفاية"]);
    expect(effectiveStopWords(false, [])).toEqual([]);
  });

  it("drops words that repeat an earlier one once normalised, keeping the first spelling", () => {
    const all = effectiveStopWords(true, ["stop!", "إيقاف الرسائل", "Basta"]);
    expect(all).toContain("STOP");
    expect(all).not.toContain("stop!");
    expect(all).not.toContain("إيقاف الرسائل");
    expect(all.filter((w) => n(w) === "الغاء الاشتراك")).toEqual(["إلغاء الاشتراك"]);
    expect(new Set(all.map(n)).size).toBe(all.length);
    expect(effectiveStopWords(false, ["Halt", "HALT", "🙂"])).toEqual(["Halt"]);
  });

  it("returns a new array the caller may keep or change", () => {
    const words = effectiveStopWords(true, []);
    words.push("Basta");
    expect(effectiveStopWords(true, [])).not.toContain("Basta");
  });
});

describe("cleanStopWords", () => {
  it("trims, and drops duplicates by normalised form keeping the first spelling", () => {
    expect(cleanStopWords(["  Basta ", "BASTA!", "إلغاء الإشتراك", "الغاء  الاشتراك؟", "كفاية", "كفايه"])).toEqual({
      words: ["Basta", "إلغاء الإشتراك", "كفاية"],
    });
    expect(cleanStopWords([])).toEqual({ words: [] });
  });

  it("names an entry that is empty, or empty once normalised", () => {
    expect(cleanStopWords(["stop", "  "])).toEqual({ error: "words[1] is empty" });
    expect(cleanStopWords(["a", "b", "c", "!!!"])).toEqual({
      error: "words[3] is empty once punctuation and diacritics are removed",
    });
    expect(cleanStopWords(["🛑"])).toEqual({ error: "words[0] is empty once punctuation and diacritics are removed" });
    expect(cleanStopWords(["ـــ"])).toEqual({ error: "words[0] is empty once punctuation and diacritics are removed" }); // tatweel only
  });

  it("limits each word to 40 characters after trimming, an emoji counting as one", () => {
    expect(cleanStopWords([` ${"a".repeat(40)} `])).toEqual({ words: ["a".repeat(40)] });
    expect(cleanStopWords(["ok", "a".repeat(41)])).toEqual({ error: "words[1] is longer than 40 characters" });
    expect(cleanStopWords([`stop${"🛑".repeat(36)}`])).toEqual({ words: [`stop${"🛑".repeat(36)}`] });
    expect(cleanStopWords(["ا".repeat(41)])).toEqual({ error: "words[0] is longer than 40 characters" });
  });

  it("allows at most 50 distinct words, duplicates not counted", () => {
    const fifty = Array.from({ length: MAX_STOP_WORDS }, (_, i) => `word ${i}`);
    expect(cleanStopWords(fifty)).toEqual({ words: fifty });
    expect(cleanStopWords([...fifty, "WORD 0!"])).toEqual({ words: fifty });
    expect(cleanStopWords([...fifty, "word 50"])).toEqual({
      error: "words[50] is one too many: at most 50 stop words are allowed",
    });
  });

  it("rejects an entry that is not a string, as untyped JSON may carry", () => {
    expect(cleanStopWords(["stop", 3] as unknown as string[])).toEqual({ error: "words[1] is not a string" });
  });
});
