import { builder } from "../../core/graphql/builder.js";
import type { AccountStatusEvent } from "../../core/live/events.js";
import { NumberStateEnum } from "../accounts/graphql.js";
import type { NumberState } from "../accounts/index.js";
import { liveTenantStream } from "./live.js";
import { mayUseNumber } from "../../core/auth/number-scope.js";

// account.status_changed live: each change of a number's state (docs/number-health.md), the same
// event a webhook delivers, with the same id.

const AccountStatusEventRef = builder.objectRef<AccountStatusEvent>("AccountStatusEvent").implement({
  description: "A number's state changed. Select `account` for its fields as they are when the event arrives.",
  fields: (t) => ({
    id: t.exposeString("id", { description: "Event id, the same a webhook delivery of this event carries." }),
    accountId: t.exposeInt("accountId"),
    fromState: t.field({ type: NumberStateEnum, resolve: (e) => e.fromState as NumberState }),
    state: t.field({ type: NumberStateEnum, resolve: (e) => e.state as NumberState }),
    reason: t.exposeString("reason"),
    signal: t.exposeString("signal"),
    until: t.exposeString("until", { nullable: true }),
    at: t.exposeString("at"),
    account: t.prismaField({ type: "Account", resolve: (query, e, _, ctx) => ctx.deps.db.account.findUniqueOrThrow({ ...query, where: { id: e.accountId } }) }),
  }),
});

builder.subscriptionFields((t) => ({
  accountStatusChanges: t.field({
    authScopes: { scope: "accounts:read" },
    type: AccountStatusEventRef,
    description: "Each change of your numbers' states from now on (paused, resumed, warming up, disconnected…), optionally of one number.",
    args: { accountId: t.arg.int() },
    subscribe: async (_, args, ctx) => {
      const principal = await ctx.principal();
      const only = args.accountId ?? null;
      return liveTenantStream(
        ctx.deps,
        principal,
        () => ctx.deps.events.subscribeAccount(principal.tenantId),
        () => ctx.deps.events.ready(principal.tenantId, "account-events"),
        (e: AccountStatusEvent) => mayUseNumber(principal, e.accountId) && (only === null || e.accountId === only),
      );
    },
    resolve: (event) => event,
  }),
}));
