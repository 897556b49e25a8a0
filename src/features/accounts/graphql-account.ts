import { AccountStatus } from "../../generated/prisma/enums.js";
import { builder } from "../../core/graphql/builder.js";
import { accountSentCounts, listAccounts } from "./reads.js";

const AccountStatusEnum = builder.enumType(AccountStatus, { name: "AccountStatus" });

builder.prismaObject("Account", {
  description: "A connected sender number.",
  select: { id: true, usage: true },
  fields: (t) => ({
    id: t.exposeInt("id"),
    name: t.exposeString("name"),
    phoneNumber: t.exposeString("phoneNumber"),
    status: t.expose("status", { type: AccountStatusEnum }),
    dailyLimit: t.exposeInt("dailyLimit"),
    monthlyLimit: t.exposeInt("monthlyLimit"),
    todaySent: t.int({ resolve: (a, _, ctx) => accountSentCounts(ctx.deps, a.usage).today }),
    monthSent: t.int({ resolve: (a, _, ctx) => accountSentCounts(ctx.deps, a.usage).month }),
  }),
});

builder.queryFields((t) => ({
  accounts: t.prismaField({
    type: ["Account"],
    resolve: async (_query, _, __, ctx) => listAccounts(ctx.deps, await ctx.principal()),
  }),
}));
