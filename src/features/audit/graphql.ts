import { builder } from "../../core/graphql/builder.js";
import { newestFirstPage } from "../../core/graphql/pages.js";
import { listAuditEvents, parseAuditFilter, type AuditEventView } from "./audit-events.js";

const AuditActorRef = builder.simpleObject("AuditActor", {
  description:
    "Who made a change: an API key (its prefix and label), a staff user (email), the operator's admin CLI, or an operator by email (an operator's read-only look at the business).",
  fields: (t) => ({
    kind: t.string({ description: "key, user, admin or operator." }),
    name: t.string({ description: "The key's prefix, the user's email, or admin." }),
    label: t.string({ nullable: true, description: "The key's label." }),
  }),
});

const AuditEventRef = builder.objectRef<AuditEventView>("AuditEvent").implement({
  description: "One change or sign-in, chained to the one before it by its hash (admin audit:verify checks the chain).",
  fields: (t) => ({
    id: t.id({ resolve: (e) => String(e.id) }),
    at: t.string({ resolve: (e, _, ctx) => ctx.deps.clock.timestamp(e.at) }),
    actor: t.field({ type: AuditActorRef, resolve: (e) => ({ kind: e.actorKind, name: e.actorName, label: e.actorLabel }) }),
    action: t.exposeString("action", { description: "Such as webhook.created, contact.opted_in, batch.cancelled, key.revoked." }),
    target: t.exposeString("target", { nullable: true, description: "What changed, as kind:id." }),
    before: t.string({ nullable: true, description: "The changed thing before, as JSON, secrets redacted.", resolve: (e) => (e.before == null ? null : JSON.stringify(e.before)) }),
    after: t.string({ nullable: true, description: "The changed thing after, as JSON, secrets redacted.", resolve: (e) => (e.after == null ? null : JSON.stringify(e.after)) }),
    address: t.exposeString("address", { nullable: true }),
    userAgent: t.exposeString("userAgent", { nullable: true }),
    requestId: t.exposeString("requestId", { nullable: true }),
    hash: t.exposeString("hash"),
    prevHash: t.exposeString("prevHash", { nullable: true }),
  }),
});

builder.queryFields((t) => ({
  auditEvents: t.connection({
    authScopes: { scope: "audit:read" },
    type: AuditEventRef,
    description: "The tenant's audit log, newest first.",
    args: {
      actor: t.arg.string({ description: "A key's prefix, a user's email, or admin." }),
      action: t.arg.string({ description: "An action, or a kind and a dot for all of its actions (key.)." }),
      target: t.arg.string({ description: "kind:id, as events name it." }),
      since: t.arg.string({ description: "At or after this time (ISO 8601 with its offset)." }),
      until: t.arg.string({ description: "Before this time." }),
    },
    resolve: async (_, args, ctx) => {
      const principal = await ctx.principal();
      const filter = parseAuditFilter({ actor: args.actor, action: args.action, target: args.target, since: args.since, until: args.until });
      return newestFirstPage(
        args,
        (page) => listAuditEvents(ctx.deps, principal, filter, page),
        (e) => e.id,
      );
    },
  }),
}));
