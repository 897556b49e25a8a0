import { builder } from "../../core/graphql/builder.js";
import { currentBalance } from "./reads.js";

const MessageAllowance = builder.simpleObject("MessageAllowance", {
  fields: (t) => ({
    limit: t.int({ description: "Monthly message allowance of the plan." }),
    used: t.int({ description: "Accepted this month, less those that failed." }),
    remaining: t.int(),
  }),
});

const AccountAllowance = builder.simpleObject("AccountAllowance", {
  fields: (t) => ({
    limit: t.int({ description: "Maximum connected sender numbers in the plan." }),
    connected: t.int(),
  }),
});

const Balance = builder.simpleObject("Balance", {
  fields: (t) => ({
    plan: t.string(),
    subscriptionEnds: t.string({ description: "Last day of the subscription, YYYY-MM-DD." }),
    messages: t.field({ type: MessageAllowance }),
    accounts: t.field({ type: AccountAllowance }),
  }),
});

builder.queryFields((t) => ({
  balance: t.field({
    authScopes: { scope: "accounts:read" },
    type: Balance,
    resolve: async (_, __, ctx) => currentBalance(ctx.deps, await ctx.principal()),
  }),
}));
