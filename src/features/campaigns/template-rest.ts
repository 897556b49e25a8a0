import type { z } from "zod";
import type { RestTemplateFieldsFragment } from "../../gql/graphql.js";
import { renamed, route } from "../../core/rest/route.js";
import * as shapes from "./template-schemas.js";
import { newTemplateFromRest, templateChangeFromRest } from "./template-input.js";
import { CreateTemplateOperation, DeleteTemplateOperation, TemplateOperation, TemplatesOperation, UpdateTemplateOperation } from "./template-operations.js";

// Message templates on the REST facade, over the same GraphQL operations as /graphql. A template
// is addressed by its name, which is unique among the caller's templates.

const templateFields = { name: "name", message: "text", image_url: "imageUrl", variables: "variables" };

const template = (t: RestTemplateFieldsFragment): z.input<typeof shapes.templateShape> => ({
  id: Number(t.id),
  name: t.name,
  message: t.text,
  image_url: t.imageUrl ?? null,
  variables: t.variables,
  created_at: t.createdAt,
  updated_at: t.updatedAt,
});

export const templateRoutes = [
  route({
    method: "GET",
    path: /^\/templates$/,
    doc: { path: "/templates", operationId: "listTemplates", summary: "Your message templates, by name", tag: "Templates", errors: [] },
    answer: shapes.templatesResponse,
    operation: TemplatesOperation,
    variables: () => ({}),
    respond: ({ templates }) => ({ templates: templates.map(template) }),
  }),
  route({
    method: "POST",
    path: /^\/templates$/,
    doc: {
      path: "/templates",
      operationId: "createTemplate",
      summary: "Add a message template",
      description: "Send it with `template` and each recipient's `variables`. At most 1000 templates per account.",
      tag: "Templates",
      body: shapes.templateCreateBody,
      errors: ["TEMPLATE_EXISTS"],
    },
    answer: shapes.templateResponse,
    operation: CreateTemplateOperation,
    variables: (_, body) => ({ input: renamed(body, templateFields) as never }),
    checked: ({ input }) => newTemplateFromRest(input),
    respond: ({ createTemplate: c }) => ({ success: true as const, template: template(c.template) }),
  }),
  route({
    method: "GET",
    path: /^\/templates\/([^/]+)$/,
    doc: { path: "/templates/{name}", operationId: "getTemplate", summary: "One message template", tag: "Templates", errors: ["NOT_FOUND"] },
    answer: shapes.templateResponse,
    operation: TemplateOperation,
    variables: ([name]) => ({ name: name ?? "" }),
    respond: ({ template: t }) => ({ success: true as const, template: template(t) }),
  }),
  route({
    method: "PUT",
    path: /^\/templates\/([^/]+)$/,
    doc: {
      path: "/templates/{name}",
      operationId: "updateTemplate",
      summary: "Change a message template",
      description: "Fields left out are unchanged; `image_url: null` removes the image. Messages already accepted keep the text they were rendered with.",
      tag: "Templates",
      body: shapes.templateUpdateBody,
      errors: ["NOT_FOUND"],
    },
    answer: shapes.templateResponse,
    operation: UpdateTemplateOperation,
    variables: ([name], body) => ({ name: name ?? "", input: renamed(body, templateFields) as never }),
    checked: ({ input }) => templateChangeFromRest(input),
    respond: ({ updateTemplate: u }) => ({ success: true as const, template: template(u.template) }),
  }),
  route({
    method: "DELETE",
    path: /^\/templates\/([^/]+)$/,
    doc: {
      path: "/templates/{name}",
      operationId: "deleteTemplate",
      summary: "Delete a message template",
      description:
        "Refused with TEMPLATE_IN_USE while queued (or scheduled) messages were rendered from it, unless `force=true`; those messages keep their text and are still sent.",
      tag: "Templates",
      query: shapes.templateDeleteQuery,
      errors: ["NOT_FOUND", "TEMPLATE_IN_USE"],
    },
    answer: shapes.templateDeletedResponse,
    operation: DeleteTemplateOperation,
    variables: ([name], __, query) => ({ name: name ?? "", force: (query as z.output<typeof shapes.templateDeleteQuery>).force ?? false }),
    respond: ({ deleteTemplate: d }) => ({ success: true as const, template: template(d.template), queued_messages: d.queuedMessages }),
  }),
];
