import { builder } from "../../core/graphql/builder.js";
import { createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate, type TemplateView } from "./templates.js";
import { parseNewTemplate, parseTemplateChange } from "./template-input.js";
import { checkedInput } from "../../core/graphql/checked-input.js";

const TemplateRef = builder.objectRef<TemplateView>("Template").implement({
  description: "A named message text with {{placeholders}}; send it with `template` and each recipient's `variables`.",
  fields: (t) => ({
    id: t.id({ resolve: (tpl) => String(tpl.id) }),
    name: t.exposeString("name"),
    text: t.exposeString("body"),
    imageUrl: t.exposeString("imageUrl", { nullable: true, description: "Sent with the text unless a send gives its own image." }),
    variables: t.exposeStringList("variables", { description: "The text's placeholder names, in order of first use." }),
    createdAt: t.string({ resolve: (tpl, _, ctx) => ctx.deps.clock.timestamp(tpl.createdAt) }),
    updatedAt: t.string({ resolve: (tpl, _, ctx) => ctx.deps.clock.timestamp(tpl.updatedAt) }),
  }),
});

const CreateTemplateInput = builder.inputType("CreateTemplateInput", {
  fields: (t) => ({
    name: t.string({ required: true, description: "Lowercase letters, digits, _ and - (at most 64); unique among your templates." }),
    text: t.string({ required: true, description: "1 to 4000 characters, with optional {{placeholders}}." }),
    imageUrl: t.string({ description: "Absolute http(s) URL of an image to send with the text." }),
    variables: t.stringList({ description: "The placeholder names, as a check: if given, they must be exactly the text's." }),
  }),
});

const UpdateTemplateInput = builder.inputType("UpdateTemplateInput", {
  fields: (t) => ({
    text: t.string({ description: "The new text; omitted: unchanged." }),
    imageUrl: t.string({ description: "The new image; null removes it, omitted keeps it." }),
    variables: t.stringList({ description: "The placeholder names, as a check: if given, they must be exactly the (new) text's." }),
  }),
});

const TemplatePayload = builder.simpleObject("TemplatePayload", {
  fields: (t) => ({ template: t.field({ type: TemplateRef }) }),
});

const DeleteTemplatePayload = builder.simpleObject("DeleteTemplatePayload", {
  fields: (t) => ({
    template: t.field({ type: TemplateRef, description: "The template as it was." }),
    queuedMessages: t.int({ description: "Queued messages rendered from it; they keep their text and are still sent." }),
  }),
});

builder.queryFields((t) => ({
  templates: t.field({
    authScopes: { scope: "messages:read" },
    type: [TemplateRef],
    description: "Your templates, by name.",
    resolve: async (_, __, ctx) => listTemplates(ctx.deps, await ctx.principal()),
  }),
  template: t.field({
    authScopes: { scope: "messages:read" },
    type: TemplateRef,
    args: { name: t.arg.string({ required: true }) },
    resolve: async (_, args, ctx) => getTemplate(ctx.deps, await ctx.principal(), args.name),
  }),
}));

builder.mutationFields((t) => ({
  createTemplate: t.field({
    authScopes: { scope: "campaigns:manage" },
    type: TemplatePayload,
    description: "Adds a template (at most 1000); its name must be new among yours.",
    args: { input: t.arg({ type: CreateTemplateInput, required: true }) },
    resolve: async (_, { input }, ctx) => ({ template: await createTemplate(ctx.deps, await ctx.principal(), checkedInput(ctx, parseNewTemplate, input)) }),
  }),
  updateTemplate: t.field({
    authScopes: { scope: "campaigns:manage" },
    type: TemplatePayload,
    description: "Changes a template's text or image; messages already accepted keep the text they were rendered with.",
    args: { name: t.arg.string({ required: true }), input: t.arg({ type: UpdateTemplateInput, required: true }) },
    resolve: async (_, args, ctx) => ({ template: await updateTemplate(ctx.deps, await ctx.principal(), args.name, checkedInput(ctx, parseTemplateChange, args.input)) }),
  }),
  deleteTemplate: t.field({
    authScopes: { scope: "campaigns:manage" },
    type: DeleteTemplatePayload,
    description: "Deletes a template. Refused with TEMPLATE_IN_USE while queued messages use it, unless `force`; those messages are still sent with their text.",
    args: { name: t.arg.string({ required: true }), force: t.arg.boolean({ description: "Delete even while queued messages use it (default false)." }) },
    resolve: async (_, args, ctx) => deleteTemplate(ctx.deps, await ctx.principal(), args.name, args.force ?? false),
  }),
}));
