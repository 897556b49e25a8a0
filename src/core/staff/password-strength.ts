import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

// Whether a new password is too easy to guess: zxcvbn's estimate (the `@zxcvbn-ts` port, kept up
// to date), which knows the passwords leaked most often, keyboard walks, repeats, sequences, dates
// and the person's own email. Its modules are loaded on first use only (their dictionaries are
// decompressed as they load: about 25 ms and 20 MB), so a process that never sees a new password,
// and every process's start-up, never pays for them.

/** zxcvbn's score a password must reach: 3 is "safely unguessable" against an online attack that is throttled (ours is). */
const MIN_SCORE = 3;

let factory: Promise<ZxcvbnFactory> | undefined;

/**
 * A package's exports from a dynamic import, whichever build was picked: the packages have no
 * `exports` map, so the server's bundle takes their CommonJS build, whose exports a dynamic import
 * then holds under `default` (their ES build, which the tests load, has no default export).
 */
const exportsOf = <T extends object>(loaded: T): T => ("default" in loaded && typeof loaded.default === "object" && loaded.default ? (loaded.default as T) : loaded);

async function loadEstimator(): Promise<ZxcvbnFactory> {
  const [core, common] = await Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common")]);
  const { ZxcvbnFactory } = exportsOf(core);
  const { adjacencyGraphs, dictionary } = exportsOf(common);
  return new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
}

/** Why `password` is too weak (in words a person can act on), or undefined when it is strong enough. */
export async function passwordWeakness(password: string, personal: readonly string[]): Promise<string | undefined> {
  const result = (await (factory ??= loadEstimator())).check(password, [...personal]);
  if (result.score >= MIN_SCORE) return undefined;
  const { warning, suggestions } = result.feedback;
  const why = warning ? (WARNINGS[warning] ?? "it is easy to guess") : "it is easy to guess";
  return `is too easy to guess: ${why}${suggestions.length ? "; use a few uncommon words, or a longer phrase" : ""}`;
}

/** zxcvbn's warning keys in plain words (its translations are a package of their own). */
const WARNINGS: Record<string, string> = {
  straightRow: "it is a row of keys",
  keyPattern: "it is a pattern of keys",
  simpleRepeat: "it repeats a character",
  extendedRepeat: "it repeats a group of characters",
  sequences: "it is a sequence",
  recentYears: "it holds a recent year",
  dates: "it holds a date",
  topTen: "it is among the ten most used passwords",
  topHundred: "it is among the hundred most used passwords",
  common: "it is a common password",
  similarToCommon: "it is a common password with small changes",
  wordByItself: "it is a single word",
  namesByThemselves: "it is a name",
  commonNames: "it is a common name",
  userInputs: "it holds your email or the gateway's name",
  pwned: "it has appeared in a data breach",
};

/** What a password must not lean on: the email, its local part and its words, and the gateway's own name. */
export function personalWords(email: string): string[] {
  const lower = email.toLowerCase();
  const words = lower.split(/[@.+_-]+/).filter((w) => w.length >= 3);
  return [lower, lower.split("@")[0] ?? "", ...words, "gateway", "whatsapp"];
}
