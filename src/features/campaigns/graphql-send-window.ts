import { builder } from "../../core/graphql/builder.js";
import { parseSendWindow, setSendWindow, tenantSendWindow, WEEK_DAYS, type SendWindowView } from "./send-window.js";
import { checkedInput } from "../../core/graphql/checked-input.js";
import { authorIn } from "../../core/audit/audited.js";

const WeekDayEnum = builder.enumType("WeekDay", { values: WEEK_DAYS });

const SendWindowRef = builder.objectRef<SendWindowView>("SendWindow").implement({
  description: "When your queued messages may go out: these days, from `start` to `end`, in `timeZone`. Outside it they wait for the next opening.",
  fields: (t) => ({
    timeZone: t.exposeString("timeZone", { description: "IANA time zone, e.g. Asia/Riyadh." }),
    days: t.field({ type: [WeekDayEnum], resolve: (w) => w.days }),
    start: t.exposeString("start", { description: "HH:MM local time the window opens." }),
    end: t.exposeString("end", { description: "HH:MM local time it closes (24:00: midnight)." }),
  }),
});

const SendWindowInput = builder.inputType("SendWindowInput", {
  fields: (t) => ({
    timeZone: t.string({ required: true, description: "IANA time zone, e.g. Asia/Riyadh." }),
    days: t.field({ type: [WeekDayEnum], required: true, description: "At least one day." }),
    start: t.string({ required: true, description: "HH:MM, 00:00 to 23:59." }),
    end: t.string({ required: true, description: "HH:MM after start, up to 24:00." }),
  }),
});

const SendWindowPayload = builder.simpleObject("SendWindowPayload", {
  fields: (t) => ({ sendWindow: t.field({ type: SendWindowRef, nullable: true, description: "Null: no window (any time)." }) }),
});

builder.queryFields((t) => ({
  sendWindow: t.field({
    authScopes: { scope: "messages:read" },
    type: SendWindowRef,
    nullable: true,
    description: "Your send window; null when you have none (messages go out at any time).",
    resolve: async (_, __, ctx) => tenantSendWindow(ctx.deps, await ctx.principal()),
  }),
}));

builder.mutationFields((t) => ({
  setSendWindow: t.field({
    authScopes: { scope: "campaigns:manage" },
    type: SendWindowPayload,
    description: "Sets your send window; `null` removes it. Queued messages follow it from their next attempt.",
    args: { input: t.arg({ type: SendWindowInput }) },
    resolve: async (_, args, ctx) => {
      const principal = await ctx.principal();
      return { sendWindow: await setSendWindow(ctx.deps.db, principal.tenantId, checkedInput(ctx, parseSendWindow, args.input ?? null), authorIn(ctx.deps, principal)) };
    },
  }),
}));
