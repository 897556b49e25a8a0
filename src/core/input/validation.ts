import { z } from "zod";
import { validationError } from "../errors.js";

// Input validation with zod, in one style for every caller (REST bodies and queries, GraphQL
// inputs in the services): each bad field named as the caller wrote it, list entries as
// `numbers[3]`, with a short plain problem.

const article = (noun: string) => (/^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`);

/** zod's generic messages, said plainly; messages a schema gives itself win over these. */
export function plainIssueMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "is required";
      if (issue.expected === "int") return "must be an integer";
      if (issue.expected === "number" && typeof issue.input === "number") return "must be a finite number";
      return `must be ${article(issue.expected)}`;
    case "too_big":
      if (issue.origin === "array") return `must hold at most ${String(issue.maximum)} entries`;
      if (issue.origin === "string") return `must be at most ${String(issue.maximum)} characters`;
      return `must be at most ${String(issue.maximum)}`;
    case "too_small":
      if (issue.origin === "array") return `must hold at least ${String(issue.minimum)} ${issue.minimum === 1 ? "entry" : "entries"}`;
      if (issue.origin === "string") return issue.minimum === 1 ? "must not be empty" : `must be at least ${String(issue.minimum)} characters`;
      return `must be at least ${String(issue.minimum)}`;
    case "invalid_value": {
      const given = typeof issue.input === "string" ? `, not "${issue.input.length > 40 ? `${issue.input.slice(0, 40)}…` : issue.input}"` : "";
      return `must be one of ${issue.values.map(String).join(", ")}${given}`;
    }
    case "unrecognized_keys":
      return "is not a field of this request";
    case "invalid_format":
      return "is not in the expected format";
    case "invalid_key":
      // A record's key (a placeholder name): what its own rule says, not zod's "Invalid key in record".
      return issue.issues[0]?.message ?? "is not a valid name";
    default:
      return undefined;
  }
}

/** `numbers[3]`, `filter[statuses][0]`; the whole input is `input`. */
export const fieldPath = (path: readonly PropertyKey[]): string => {
  const [head, ...rest] = path.map(String);
  if (head === undefined) return "input";
  return rest.length ? `${head}[${rest.join("][")}]` : head;
};

/** Each bad field and what is wrong with it; an unknown field is reported under its own name. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  // Collected in a Map, so that a field named like an object's own (`constructor`, `__proto__`) is reported too.
  const fields = new Map<string, string>();
  const add = (path: readonly PropertyKey[], message: string) => {
    const name = fieldPath(path);
    if (!fields.has(name)) fields.set(name, message);
  };
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") for (const key of issue.keys) add([...issue.path, key], issue.message);
    else add(issue.path, issue.message);
  }
  return Object.fromEntries(fields);
}

/** Parses `input`, or throws VALIDATION_ERROR naming every bad field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, { error: plainIssueMessage });
  if (!result.success) throw validationError(fieldErrors(result.error));
  return result.data;
}

/**
 * Text PostgreSQL can store as it was sent: no NUL (refused by PostgreSQL) and no unpaired
 * surrogate (UTF-8 cannot encode one; the driver would silently store U+FFFD instead).
 */
export const storableText = (s: string): boolean => !s.includes("\u0000") && s.isWellFormed();
export const STORABLE_TEXT_PROBLEM = "must be valid Unicode text without NUL characters";
