import { z } from "zod";
import type { WhatsAppTemplate } from "../../generated/prisma/client.js";
import type { Prisma } from "../../generated/prisma/client.js";
import type { Principal } from "../../core/principal.js";
import type { ServiceDeps } from "../../core/deps.js";
import { ServiceError, notFound, validationError } from "../../core/errors.js";
import { parseInput } from "../../core/input/validation.js";
import { TEMPLATE_LIMITS, whatsappLanguage, whatsappTemplateName } from "../../core/content/content-input.js";
import { parseId } from "../../core/input/ids.js";
import { deleteRegistration, insertRegistration } from "./registration-sql.js";

// A tenant's WhatsApp template registrations: the Meta-approved templates it may send, with what
// each component takes (templates are approved in the tenant's WhatsApp Manager; the gateway is
// told their shape so that a send is checked before anything is charged). One per name and
// language per tenant; for one number (account) or for every number of the tenant.

/** A bound so one tenant cannot grow the table without limit; Meta allows 250 (6,000 when verified) per business account. */
export const MAX_REGISTRATIONS_PER_TENANT = 6000;

export const HEADER_FORMATS = ["none", "text", "image", "video", "document"] as const;
export const BUTTON_TYPES = ["quick_reply", "url", "copy_code", "phone_number"] as const;

/** What a registered template takes, stored as `whatsapp_template.components`. */
export interface TemplateShape {
  header: { format: (typeof HEADER_FORMATS)[number]; parameters: number };
  body: { parameters: number };
  buttons: Array<{ type: (typeof BUTTON_TYPES)[number]; parameters: number }>;
}

/** A text header's parameter count is the only header count a caller gives: a media header always takes its media. */
export const headerParametersRule = (format: string, parameters: string) =>
  z.superRefine<Record<string, unknown>>(
    (r, ctx) => {
      if (r[parameters] != null && (r[format] ?? "none") !== "text")
        ctx.addIssue({ code: "custom", path: [parameters], message: "is only for a text header (a media header always takes its media)", input: r[parameters] });
    },
    { when: () => true },
  );

const registrationSchema = z
  .object({
    name: whatsappTemplateName,
    language: whatsappLanguage,
    category: z.enum(["marketing", "utility", "authentication"]),
    accountId: z.number().int().positive().max(2_147_483_647).nullish(),
    headerFormat: z.enum(HEADER_FORMATS).nullish(),
    headerParameters: z.number().int().min(0).max(1).nullish(),
    bodyParameters: z.number().int().min(0).max(TEMPLATE_LIMITS.bodyParameters).nullish(),
    buttons: z
      .array(z.object({ type: z.enum(BUTTON_TYPES), parameters: z.number().int().min(0).max(1).nullish() }))
      .max(TEMPLATE_LIMITS.buttons)
      .nullish(),
  })
  .check(headerParametersRule("headerFormat", "headerParameters"))
  .superRefine((r, ctx) => {
    (r.buttons ?? []).forEach((b, i) => {
      if ((b.parameters ?? 0) > 0 && b.type === "phone_number") {
        ctx.addIssue({ code: "custom", path: ["buttons", i, "parameters"], message: "a phone-number button takes no parameter" });
      }
    });
  });

export type RegistrationView = Omit<WhatsAppTemplate, "tenantId" | "components"> & { components: TemplateShape };

const view = (r: WhatsAppTemplate): RegistrationView => {
  const { tenantId: _t, ...rest } = r;
  return { ...rest, components: r.components as unknown as TemplateShape };
};

function shapeOf(r: z.output<typeof registrationSchema>): TemplateShape {
  const format = r.headerFormat ?? "none";
  const headerParameters = format === "none" ? 0 : format === "text" ? (r.headerParameters ?? 0) : 1;
  return {
    header: { format, parameters: headerParameters },
    body: { parameters: r.bodyParameters ?? 0 },
    // Quick replies always carry a payload parameter when sent; URL and copy-code buttons only when dynamic.
    buttons: (r.buttons ?? []).map((b) => ({ type: b.type, parameters: b.type === "phone_number" ? 0 : (b.parameters ?? 0) })),
  };
}

/** Registers a template the tenant may send (refused with TEMPLATE_EXISTS when its name and language are taken). */
export async function registerWhatsAppTemplate(deps: ServiceDeps, principal: Principal, raw: unknown): Promise<RegistrationView> {
  const input = parseInput(registrationSchema, raw);
  const { tenantId } = principal;
  if (input.accountId != null) {
    const account = await deps.db.account.findFirst({ where: { id: input.accountId, tenantId }, select: { id: true } });
    if (!account) throw validationError({ accountId: "must name one of your numbers" });
  }
  if ((await deps.db.whatsAppTemplate.count({ where: { tenantId } })) >= MAX_REGISTRATIONS_PER_TENANT) {
    throw validationError({ name: `you have ${MAX_REGISTRATIONS_PER_TENANT} registered templates, the most allowed; delete one first` });
  }
  const components = shapeOf(input) as unknown as Prisma.InputJsonObject;
  const created = await insertRegistration(deps.db, {
    tenantId,
    accountId: input.accountId ?? null,
    name: input.name,
    language: input.language,
    category: input.category,
    components,
  });
  if (!created) throw new ServiceError("TEMPLATE_EXISTS", `A WhatsApp template named ${input.name} in ${input.language} is already registered.`);
  return view(created);
}

export async function listWhatsAppTemplates(deps: ServiceDeps, principal: Principal): Promise<RegistrationView[]> {
  const rows = await deps.db.whatsAppTemplate.findMany({ where: { tenantId: principal.tenantId }, orderBy: [{ name: "asc" }, { language: "asc" }] });
  return rows.map(view);
}

/** Removes a registration; messages already accepted with it are still sent. Another tenant's id is not found. */
export async function deleteWhatsAppTemplate(deps: ServiceDeps, principal: Principal, rawId: string): Promise<RegistrationView> {
  const id = parseId(rawId);
  const found = id === undefined || id > 2_147_483_647n ? null : await deps.db.whatsAppTemplate.findFirst({ where: { id: Number(id), tenantId: principal.tenantId } });
  if (!found) throw notFound("WhatsApp template");
  await deleteRegistration(deps.db, found.id);
  return view(found);
}
