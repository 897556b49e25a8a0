import { AccountStatus } from "../../generated/prisma/enums.js";
import { builder } from "../../core/graphql/builder.js";
import { accountSentCounts, listAccounts } from "./reads.js";
import { ContentKindEnum } from "../../core/graphql/content-kind.js";

const CapabilitiesRef = builder.simpleObject("AccountCapabilities", {
  description: "What the number's channel can send (docs/rich-messages.md, the capability matrix).",
  fields: (t) => ({
    channel: t.string({ description: "simulator, whatsapp-cloud or waha." }),
    kinds: t.field({ type: [ContentKindEnum], description: "The content kinds it carries." }),
    customerWindow: t.boolean({ description: "True: free-form messages only within 24 hours of the contact's last message to it (Meta's rule); template messages any time." }),
  }),
});

const AccountStatusEnum = builder.enumType(AccountStatus, { name: "AccountStatus" });

builder.prismaObject("Account", {
  description: "A connected sender number.",
  select: { id: true, usage: true, channel: true },
  fields: (t) => ({
    id: t.exposeInt("id"),
    name: t.exposeString("name"),
    phoneNumber: t.exposeString("phoneNumber"),
    status: t.expose("status", { type: AccountStatusEnum }),
    dailyLimit: t.exposeInt("dailyLimit"),
    monthlyLimit: t.exposeInt("monthlyLimit"),
    todaySent: t.int({ resolve: (a, _, ctx) => accountSentCounts(ctx.deps, a.usage).today }),
    monthSent: t.int({ resolve: (a, _, ctx) => accountSentCounts(ctx.deps, a.usage).month }),
    capabilities: t.field({
      type: CapabilitiesRef,
      resolve: (a, _, ctx) => {
        const channel = a.channel ?? ctx.deps.channels.defaultName;
        const c = ctx.deps.channels.capabilities(channel);
        return { channel, kinds: [...c.kinds], customerWindow: c.customerWindow };
      },
    }),
  }),
});

builder.queryFields((t) => ({
  accounts: t.prismaField({
    type: ["Account"],
    resolve: async (_query, _, __, ctx) => listAccounts(ctx.deps, await ctx.principal()),
  }),
}));
