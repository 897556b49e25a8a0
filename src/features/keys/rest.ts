import type { z } from "zod";
import type { RestApiKeysQuery } from "../../gql/graphql.js";
import { route } from "../../core/rest/route.js";
import * as keyShapes from "./rest-schemas.js";
import { newKey } from "./key-input.js";
import { ApiKeysOperation, CreateApiKeyOperation, RevokeApiKeyOperation, RotateApiKeyOperation } from "./operations.js";
import type { Scope } from "../../core/auth/scopes.js";

// API keys on the REST facade, over the same GraphQL operations as /graphql.

type KeyData = RestApiKeysQuery["apiKeys"][number];

const key = (k: KeyData) => ({
  id: Number(k.id),
  prefix: k.prefix,
  label: k.label,
  scopes: k.scopes as Scope[],
  account_ids: k.accountIds?.map(Number) ?? null,
  state: k.state,
  created_at: k.createdAt,
  last_used_at: k.lastUsedAt ?? null,
  expires_at: k.expiresAt ?? null,
  revoked_at: k.revokedAt ?? null,
  rotated_from_id: k.rotatedFromId == null ? null : Number(k.rotatedFromId),
});

export const keyRoutes = [
  route({
    method: "GET",
    path: /^\/keys$/,
    doc: { path: "/keys", operationId: "listKeys", summary: "Your API keys, newest first (never their secrets)", tag: "Keys", errors: [] },
    answer: keyShapes.keysResponse,
    operation: ApiKeysOperation,
    variables: () => ({}),
    respond: ({ apiKeys }) => ({ keys: apiKeys.map(key) }),
  }),
  route({
    method: "POST",
    path: /^\/keys$/,
    doc: {
      path: "/keys",
      operationId: "createKey",
      summary: "Make an API key with chosen scopes, numbers and expiry",
      description:
        "The answer carries the whole key, shown only this once. A key can never be made with more than the caller has: scopes it lacks, numbers it may not use, or an expiry after its own are 422 naming the field. At most 100 active keys per account (422 `KEY_LIMIT_REACHED`).",
      tag: "Keys",
      body: keyShapes.keyCreateBody,
      errors: ["KEY_LIMIT_REACHED"],
    },
    answer: keyShapes.keyCreatedResponse,
    operation: CreateApiKeyOperation,
    variables: (_, body) => {
      const b = body as z.output<typeof keyShapes.keyCreateBody>;
      return { input: { label: b.label, scopes: b.scopes, accountIds: b.account_ids?.map(String), expiresAt: b.expires_at } };
    },
    checked: ({ input }) => newKey({ label: input.label, scopes: input.scopes, accountIds: input.accountIds?.map(Number), expiresAt: input.expiresAt }),
    respond: ({ createApiKey: c }) => ({ success: true as const, key: key(c.key), secret: c.secret }),
  }),
  route({
    method: "DELETE",
    path: /^\/keys\/([^/]+)$/,
    doc: {
      path: "/keys/{id}",
      operationId: "revokeKey",
      summary: "Revoke an API key",
      description:
        "It stops passing at once; its open live streams end within the live-auth bound. Revoking a revoked key changes nothing. A key with more than the caller has cannot be revoked by it (403).",
      tag: "Keys",
      errors: ["NOT_FOUND"],
    },
    answer: keyShapes.keyResponse,
    operation: RevokeApiKeyOperation,
    variables: ([id]) => ({ id: id ?? "" }),
    respond: ({ revokeApiKey: { key: k } }) => ({ success: true as const, key: key(k) }),
  }),
  route({
    method: "POST",
    path: /^\/keys\/([^/]+)\/rotate$/,
    doc: {
      path: "/keys/{id}/rotate",
      operationId: "rotateKey",
      summary: "Give an API key a new secret, the old one passing for an overlap",
      description: "The new key has the old one's scopes, numbers, label and expiry; the old secret passes for `overlap_seconds` more (default a day, at most 7 days).",
      tag: "Keys",
      body: keyShapes.keyRotateBody,
      errors: ["NOT_FOUND"],
    },
    answer: keyShapes.keyRotatedResponse,
    operation: RotateApiKeyOperation,
    variables: ([id], body) => ({ id: id ?? "", overlapSeconds: (body as z.output<typeof keyShapes.keyRotateBody>).overlap_seconds }),
    respond: ({ rotateApiKey: r }) => ({ success: true as const, key: key(r.key), secret: r.secret, previous: key(r.previous) }),
  }),
];
