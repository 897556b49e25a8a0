import { z } from "zod";
import { parseInput, storableText, STORABLE_TEXT_PROBLEM } from "../../core/input/validation.js";
import { isScope, SCOPES, type Scope } from "../../core/auth/scopes.js";

// A new key's fields, with their rules written once: the keys service takes the typed input made
// here; over /graphql parseNewKey checks the arguments with these rules, the REST body
// (rest-schemas.ts) is built from the same rules, and the admin CLI's comma lists go through them too.

/** Numbers a restricted key may name: more is a key for every number. */
export const MAX_KEY_NUMBERS = 100;
/** How far ahead a key may be set to expire. */
export const MAX_KEY_LIFETIME_DAYS = 5 * 366;
/** How long a rotated key keeps passing beside its successor, at most (7 days) and by default (a day). */
export const MAX_ROTATION_OVERLAP_SECONDS = 7 * 86_400;
export const DEFAULT_ROTATION_OVERLAP_SECONDS = 86_400;

export const keyLabel = z.string().trim().min(1).max(100).refine(storableText, STORABLE_TEXT_PROBLEM);

export const keyScopes = z
  .array(z.string())
  .min(1, "name at least one scope")
  .max(SCOPES.length * 2)
  .superRefine((scopes, ctx) => {
    const unknown = scopes.filter((s) => !isScope(s));
    if (unknown.length) ctx.addIssue({ code: "custom", message: `unknown scope ${unknown.join(", ")}; use ${SCOPES.join(", ")}`, input: scopes });
  });

export const keyAccountIds = z.array(z.number().int().positive().max(2_147_483_647)).min(1, "name at least one number, or leave it out for every number").max(MAX_KEY_NUMBERS);

export const keyExpiry = z.iso.datetime({ offset: true, message: "must be an ISO 8601 time with its offset" });

export const rotationOverlap = z.number().int().min(0).max(MAX_ROTATION_OVERLAP_SECONDS);

export interface NewKey {
  label: string;
  /** Each once, in the documented order. */
  scopes: Scope[];
  /** null: every number the creator may use. */
  accountIds: number[] | null;
  expiresAt: Date | null;
}

const newKeySchema = z.object({ label: keyLabel, scopes: keyScopes, accountIds: keyAccountIds.nullish(), expiresAt: keyExpiry.nullish() });

/** A checked key, in the service's terms. */
export const newKey = (checked: {
  label: string;
  scopes: readonly string[];
  accountIds?: readonly number[] | null | undefined;
  expiresAt?: string | null | undefined;
}): NewKey => ({
  label: checked.label.trim(),
  scopes: SCOPES.filter((s) => checked.scopes.includes(s)),
  accountIds: checked.accountIds ? [...new Set(checked.accountIds)] : null,
  expiresAt: checked.expiresAt ? new Date(checked.expiresAt) : null,
});

/** GraphQL's arguments checked by the rules above; errors name `label`, `scopes`, `accountIds`, `expiresAt`. */
export const parseNewKey = (raw: unknown): NewKey => newKey(parseInput(newKeySchema, raw));

/** A rotation's overlap in seconds, by its rule; absent: the default. Errors name `overlapSeconds`. */
export const parseRotationOverlap = (raw: number | null | undefined): number =>
  parseInput(z.object({ overlapSeconds: rotationOverlap }), { overlapSeconds: raw ?? DEFAULT_ROTATION_OVERLAP_SECONDS }).overlapSeconds;
