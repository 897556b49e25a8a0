import { z } from "zod";
import { SCOPES } from "../../core/auth/scopes.js";
import { timestamp } from "../../core/rest/schemas.js";
import { DEFAULT_ROTATION_OVERLAP_SECONDS, keyAccountIds, keyExpiry, keyLabel, keyScopes, rotationOverlap } from "./key-input.js";

// The key routes' bodies and answers (see core/rest/schemas.ts for how they are used), built from
// the service's own field rules (key-input.ts).

const scope = z.enum(SCOPES).meta({ id: "Scope", description: "What a key or role may do (docs/access.md)." });

export const keyCreateBody = z
  .strictObject({
    label: keyLabel.meta({ description: "What the key is for (1–100 characters).", examples: ["CRM sync"] }),
    scopes: keyScopes.meta({ description: "What it may do: scopes the caller has itself.", examples: [["messages:send", "messages:read"]] }),
    account_ids: keyAccountIds.optional().meta({ description: "Only these sender numbers (the caller's own); omitted: every number the caller may use." }),
    expires_at: keyExpiry.optional().meta({ description: "When it stops passing; omitted: never, or the caller's own expiry." }),
  })
  .meta({ id: "CreateKeyRequest" });

export const keyRotateBody = z
  .strictObject({
    overlap_seconds: rotationOverlap
      .optional()
      .meta({ description: `How long the old secret keeps passing (default ${DEFAULT_ROTATION_OVERLAP_SECONDS}; 0: stops now).`, examples: [3600] }),
  })
  .meta({ id: "RotateKeyRequest" });

const apiKey = z
  .object({
    id: z.number().int().positive(),
    prefix: z.string().meta({ description: "The key's visible start, which the audit log names it by." }),
    label: z.string(),
    scopes: z.array(scope),
    account_ids: z.array(z.number().int().positive()).nullable().meta({ description: "The sender numbers it may use and see; null: every number." }),
    state: z.enum(["active", "expired", "revoked"]),
    created_at: timestamp,
    last_used_at: timestamp.nullable(),
    expires_at: timestamp.nullable(),
    revoked_at: timestamp.nullable(),
    rotated_from_id: z.number().int().positive().nullable().meta({ description: "The key this one replaced by rotation." }),
  })
  .meta({ id: "ApiKey" });

const secret = z.string().regex(/^gw_/).meta({ description: "The whole key, shown only in this answer: store it." });

export const keysResponse = z.object({ keys: z.array(apiKey) }).meta({ id: "ApiKeys" });
export const keyResponse = z.object({ success: z.literal(true), key: apiKey }).meta({ id: "ApiKeyResponse" });
export const keyCreatedResponse = z.object({ success: z.literal(true), key: apiKey, secret }).meta({ id: "ApiKeyCreated" });
export const keyRotatedResponse = z.object({ success: z.literal(true), key: apiKey, secret, previous: apiKey }).meta({ id: "ApiKeyRotated" });
