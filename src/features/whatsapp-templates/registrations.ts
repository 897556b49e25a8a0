import type { WhatsAppTemplate } from "../../generated/prisma/client.js";
import type { Prisma } from "../../generated/prisma/client.js";
import type { Principal } from "../../core/principal.js";
import type { ServiceDeps } from "../../core/deps.js";
import { ServiceError, notFound, validationError } from "../../core/errors.js";
import type { NewRegistration, TemplateShape } from "./registration-input.js";
import { parseId } from "../../core/input/ids.js";
import { deleteRegistration, insertRegistration } from "./registration-sql.js";
import { audited, authorIn } from "../../core/audit/audited.js";

// A tenant's WhatsApp template registrations: the Meta-approved templates it may send, with what
// each component takes (templates are approved in the tenant's WhatsApp Manager; the gateway is
// told their shape so that a send is checked before anything is charged). One per name and
// language per tenant; for one number (account) or for every number of the tenant.

/** A bound so one tenant cannot grow the table without limit; Meta allows 250 (6,000 when verified) per business account. */
export const MAX_REGISTRATIONS_PER_TENANT = 6000;

export type RegistrationView = Omit<WhatsAppTemplate, "tenantId" | "components"> & { components: TemplateShape };

const view = (r: WhatsAppTemplate): RegistrationView => {
  const { tenantId: _t, ...rest } = r;
  return { ...rest, components: r.components as unknown as TemplateShape };
};

/** Registers a template the tenant may send (refused with TEMPLATE_EXISTS when its name and language are taken). */
export async function registerWhatsAppTemplate(deps: ServiceDeps, principal: Principal, input: NewRegistration): Promise<RegistrationView> {
  const { tenantId } = principal;
  if (input.accountId != null) {
    const account = await deps.db.account.findFirst({ where: { id: input.accountId, tenantId }, select: { id: true } });
    if (!account) throw validationError({ accountId: "must name one of your numbers" });
  }
  if ((await deps.db.whatsAppTemplate.count({ where: { tenantId } })) >= MAX_REGISTRATIONS_PER_TENANT) {
    throw validationError({ name: `you have ${MAX_REGISTRATIONS_PER_TENANT} registered templates, the most allowed; delete one first` });
  }
  const components = input.components as unknown as Prisma.InputJsonObject;
  const created = await audited(
    deps.db,
    authorIn(deps, principal),
    (tx) => insertRegistration(tx, { tenantId, accountId: input.accountId, name: input.name, language: input.language, category: input.category, components }),
    (made) => (made ? { tenantId, action: "whatsapp_template.registered", target: `whatsapp_template:${made.id}`, after: view(made) } : null),
  );
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
  await audited(
    deps.db,
    authorIn(deps, principal),
    (tx) => deleteRegistration(tx, found.id),
    (deleted) => (deleted.count ? { tenantId: principal.tenantId, action: "whatsapp_template.deleted", target: `whatsapp_template:${found.id}`, before: view(found) } : null),
  );
  return view(found);
}
