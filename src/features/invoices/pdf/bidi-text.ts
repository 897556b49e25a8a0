import bidiModule from "bidi-js";

// A line of mixed Arabic and Latin text as the PDF draws it. The Unicode bidirectional algorithm
// (bidi-js) gives each character its level; the line is cut into runs of one level and the runs
// put in visual order (UAX #9, rule L2). fontkit, under pdfkit, shapes each Arabic run (joining
// forms, ligatures) and lays out its glyphs right to left itself, so each Arabic word is handed
// over in logical order, the words of a run placed right to left here; a right-to-left run with no
// Arabic letter in it (punctuation, spaces) is reversed here, its brackets swapped for their mirror
// images (in an Arabic word, the font's own right-to-left forms do that). One piece per word also
// gives a text extractor (pdftotext) the gaps it reads as spaces.

// bidi-js is a CommonJS module whose exports are the factory itself; its types describe an ES
// module with a default export, so the import is typed as what Node hands over.
const bidiFactory = bidiModule as unknown as typeof bidiModule.default;
const bidi = bidiFactory();

export interface TextPiece {
  text: string;
  /** Where it starts in the line's logical order: pieces are drawn in that order, so a text extractor reads them so. */
  offset: number;
  /** Whether it holds Arabic letters (drawn with the Arabic font). */
  arabic: boolean;
}

const ARABIC_CHARS = "\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF";
const ARABIC = new RegExp(`[${ARABIC_CHARS}]`);
/** Spaces, a stretch of Arabic, or any other single character (a bracket the Arabic font lacks). */
const TOKENS = new RegExp(`\\s+|[${ARABIC_CHARS}]+|[^\\s${ARABIC_CHARS}]`, "g");

interface LevelRun {
  text: string;
  level: number;
  offset: number;
}

function levelRuns(text: string, base: "rtl" | "ltr" | undefined): LevelRun[] {
  const { levels } = bidi.getEmbeddingLevels(text, base);
  const chars = text.split("");
  const runs: LevelRun[] = [];
  let start = 0;
  for (let i = 1; i <= chars.length; i++) {
    if (i === chars.length || levels[i] !== levels[start]) {
      runs.push({ text: chars.slice(start, i).join(""), level: levels[start] ?? 0, offset: start });
      start = i;
    }
  }
  return runs;
}

/** Reverses every stretch of runs at `level` or above, from the highest level down to the lowest odd one (rule L2). */
function visualOrder(runs: LevelRun[]): LevelRun[] {
  const out = [...runs];
  const highest = Math.max(0, ...out.map((r) => r.level));
  const lowestOdd = Math.min(...out.map((r) => (r.level % 2 === 1 ? r.level : Number.POSITIVE_INFINITY)));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < out.length; ) {
      if ((out[i]?.level ?? 0) < level) {
        i++;
        continue;
      }
      let end = i;
      while (end < out.length && (out[end]?.level ?? 0) >= level) end++;
      out.splice(i, end - i, ...out.slice(i, end).reverse());
      i = end;
    }
  }
  return out;
}

/** A right-to-left run's brackets and the like, swapped for their mirror images. */
const mirror = (text: string): string =>
  text
    .split("")
    .map((c) => bidi.getMirroredCharacter(c) ?? c)
    .join("");

/**
 * A right-to-left run with Arabic in it, cut into its words, the spaces between and the other
 * characters (punctuation, drawn with the Latin font and mirrored), placed right to left.
 */
function arabicWords(run: LevelRun): TextPiece[] {
  return [...run.text.matchAll(TOKENS)]
    .map((m) => {
      const arabic = ARABIC.test(m[0]);
      return { text: arabic ? m[0] : mirror(m[0]), offset: run.offset + m.index, arabic };
    })
    .reverse();
}

/**
 * A left-to-right run in Arabic script (Arabic-Indic digits): fontkit lays any Arabic-script text
 * out right to left, so it is handed over reversed to come out in its own order.
 */
const leftToRightArabic = (run: LevelRun): TextPiece => ({ text: run.text.split("").reverse().join(""), offset: run.offset, arabic: true });

/** The pieces of one line, left to right as drawn, each in the order its font's layout wants it; without `base`, the line takes the direction of its first letter (UAX #9, P2). */
export function visualPieces(text: string, base?: "rtl" | "ltr"): TextPiece[] {
  return visualOrder(levelRuns(text, base)).flatMap((r): TextPiece[] => {
    if (r.level % 2 === 0) return [ARABIC.test(r.text) ? leftToRightArabic(r) : { text: r.text, offset: r.offset, arabic: false }];
    if (ARABIC.test(r.text)) return arabicWords(r);
    return [{ text: mirror(r.text).split("").reverse().join(""), offset: r.offset, arabic: false }];
  });
}
