import { builder } from "../../core/graphql/builder.js";
import { checkedInput } from "../../core/graphql/checked-input.js";
import { createKey, listKeys, revokeKey, rotateKey } from "./keys.js";
import { parseNewKey, parseRotationOverlap } from "./key-input.js";
import type { KeyView } from "./keys-sql.js";

const ApiKeyStateEnum = builder.enumType("ApiKeyState", {
  values: ["active", "expired", "revoked"] as const,
  description: "active: it passes; expired: its expiry (or a rotation's overlap) has passed; revoked.",
});

const stamp = (at: Date | null, ctx: { deps: { clock: { timestamp(d: Date): string } } }) => (at ? ctx.deps.clock.timestamp(at) : null);

const ApiKeyRef = builder.objectRef<KeyView>("ApiKey").implement({
  description: "An API key of the tenant: its visible prefix, never its secret.",
  fields: (t) => ({
    id: t.id({ resolve: (k) => String(k.id) }),
    prefix: t.exposeString("prefix", { description: "The key's visible start (gw_XXXXXXXX), which the audit log names it by." }),
    label: t.exposeString("label"),
    scopes: t.exposeStringList("scopes", { description: "What it may do (resource:action)." }),
    accountIds: t.idList({ nullable: true, description: "The sender numbers it may use and see; null: every number.", resolve: (k) => k.accountIds?.map(String) ?? null }),
    state: t.field({ type: ApiKeyStateEnum, resolve: (k) => k.state }),
    createdAt: t.string({ resolve: (k, _, ctx) => ctx.deps.clock.timestamp(k.createdAt) }),
    lastUsedAt: t.string({ nullable: true, description: "To the minute.", resolve: (k, _, ctx) => stamp(k.lastUsedAt, ctx) }),
    expiresAt: t.string({ nullable: true, resolve: (k, _, ctx) => stamp(k.expiresAt, ctx) }),
    revokedAt: t.string({ nullable: true, resolve: (k, _, ctx) => stamp(k.revokedAt, ctx) }),
    rotatedFromId: t.id({ nullable: true, description: "The key this one replaced by rotation.", resolve: (k) => (k.rotatedFromId === null ? null : String(k.rotatedFromId)) }),
  }),
});

const CreateApiKeyInput = builder.inputType("CreateApiKeyInput", {
  fields: (t) => ({
    label: t.string({ required: true, description: "What the key is for (1–100 characters)." }),
    scopes: t.stringList({ required: true, description: "What it may do: scopes the caller has itself (resource:action)." }),
    accountIds: t.idList({ description: "Only these sender numbers (the caller's own); omitted: every number the caller may use." }),
    expiresAt: t.string({ description: "When it stops passing (ISO 8601 with its offset); omitted: never, or the caller's own expiry." }),
  }),
});

const CreatedApiKeyPayload = builder.simpleObject("CreatedApiKeyPayload", {
  fields: (t) => ({
    key: t.field({ type: ApiKeyRef }),
    secret: t.string({ description: "The whole key. Shown only now: store it." }),
  }),
});

const RotatedApiKeyPayload = builder.simpleObject("RotatedApiKeyPayload", {
  fields: (t) => ({
    key: t.field({ type: ApiKeyRef, description: "The new key, with the old one's scopes, numbers, label and expiry." }),
    secret: t.string({ description: "The new key's whole secret. Shown only now." }),
    previous: t.field({ type: ApiKeyRef, description: "The old key, passing until its expiresAt (the overlap)." }),
  }),
});

const RevokedApiKeyPayload = builder.simpleObject("RevokedApiKeyPayload", {
  fields: (t) => ({ key: t.field({ type: ApiKeyRef }) }),
});

/** GraphQL's ids are strings; the rules take the numbers they stand for. */
const asNumbers = (ids: readonly (string | number)[] | null | undefined) => ids?.map((id) => (/^\d{1,10}$/.test(String(id)) ? Number(id) : Number.NaN));

builder.queryFields((t) => ({
  apiKeys: t.field({
    authScopes: { scope: "keys:manage" },
    type: [ApiKeyRef],
    description: "The tenant's API keys, newest first, revoked and expired ones included.",
    resolve: async (_, __, ctx) => listKeys(ctx.deps, await ctx.principal()),
  }),
}));

builder.mutationFields((t) => ({
  createApiKey: t.field({
    authScopes: { scope: "keys:manage" },
    type: CreatedApiKeyPayload,
    description: "Makes a key with chosen scopes, numbers and expiry, never more than the caller has; at most 100 active keys.",
    args: { input: t.arg({ type: CreateApiKeyInput, required: true }) },
    resolve: async (_, { input }, ctx) => createKey(ctx.deps, await ctx.principal(), checkedInput(ctx, parseNewKey, { ...input, accountIds: asNumbers(input.accountIds) })),
  }),
  revokeApiKey: t.field({
    authScopes: { scope: "keys:manage" },
    type: RevokedApiKeyPayload,
    description: "Revokes a key at once (its open streams end within the live-auth bound). A key with more than the caller has cannot be revoked by it.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_, args, ctx) => ({ key: await revokeKey(ctx.deps, await ctx.principal(), String(args.id)) }),
  }),
  rotateApiKey: t.field({
    authScopes: { scope: "keys:manage" },
    type: RotatedApiKeyPayload,
    description: "Gives a key a new secret with the same powers; the old secret passes for `overlapSeconds` more (default a day, at most 7 days, 0: stops now).",
    args: { id: t.arg.id({ required: true }), overlapSeconds: t.arg.int() },
    resolve: async (_, args, ctx) => rotateKey(ctx.deps, await ctx.principal(), String(args.id), parseRotationOverlap(args.overlapSeconds)),
  }),
}));
