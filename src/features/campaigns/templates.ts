import type { Principal } from "../../core/principal.js";
import type { ServiceDeps } from "../../core/deps.js";
import { ServiceError, notFound, validationError } from "../../core/errors.js";
import { placeholdersOf } from "./placeholders.js";
import { MAX_VARIABLES, templateName } from "../../core/input/send-input.js";
import type { NewTemplate, TemplateChange } from "./template-input.js";
import { refuseInwardLink } from "../../core/input/public-address.js";
import { deleteTemplateById, insertTemplateUnderCap, lockTenantForTemplates, omitTenant, updateTemplateContent, type TemplateView } from "./template-sql.js";
import { audited, authorIn } from "../../core/audit/audited.js";

// A tenant's message templates: named texts with {{placeholders}} that sends refer to by name
// (content.ts renders them). Every read and change is scoped to the caller's tenant, and another
// tenant's template is answered exactly like an unknown one. A message stores the text it was
// rendered with, so changing or deleting a template never changes a message already accepted.

/** Generous for real use; a bound so one tenant cannot grow the table without limit. */
export const MAX_TEMPLATES_PER_TENANT = 1000;

export type { TemplateView } from "./template-sql.js";

/**
 * The placeholders `text` uses, in order of first use, checked against the names the caller
 * listed (if any): a mismatch is more likely a typo in the text than a wish, so it is refused.
 */
function variablesOf(text: string, listed: readonly string[] | null | undefined): string[] {
  const used = placeholdersOf(text);
  if (used.length > MAX_VARIABLES) {
    // A send takes at most MAX_VARIABLES values, so such a template could never be filled in.
    throw validationError({ text: `uses ${used.length} placeholders; at most ${MAX_VARIABLES} are allowed` });
  }
  if (listed == null) return used;
  const missing = listed.filter((name) => !used.includes(name));
  const unlisted = used.filter((name) => !listed.includes(name));
  if (missing.length || unlisted.length) {
    const problems = [
      ...(missing.length ? [`${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} not used by the text`] : []),
      ...(unlisted.length ? [`the text also uses ${unlisted.map((n) => `{{${n}}}`).join(", ")}`] : []),
    ];
    throw validationError({ variables: `must name exactly the text's placeholders: ${problems.join("; ")}` });
  }
  return used;
}

/** A template's image goes wherever the sends that use it go: the same rule as a send's own image_url. */
async function checkImage(deps: ServiceDeps, link: string | null | undefined): Promise<void> {
  if (link) await refuseInwardLink(link, "imageUrl", deps.config.channel.mediaAllowPrivateAddresses);
}

/** A name that cannot be a template's is simply unknown. */
async function findTemplate(deps: ServiceDeps, principal: Principal, name: string): Promise<TemplateView> {
  const template = templateName.safeParse(name).success
    ? await deps.db.template.findUnique({ where: { tenantId_name: { tenantId: principal.tenantId, name } }, omit: omitTenant })
    : null;
  if (!template) throw notFound("Template");
  return template;
}

export async function listTemplates(deps: ServiceDeps, principal: Principal): Promise<TemplateView[]> {
  return deps.db.template.findMany({ where: { tenantId: principal.tenantId }, omit: omitTenant, orderBy: { name: "asc" } });
}

export async function getTemplate(deps: ServiceDeps, principal: Principal, name: string): Promise<TemplateView> {
  return findTemplate(deps, principal, name);
}

/**
 * Creates a template. Both the cap and the unique name hold under concurrent creations without a
 * 500: the first statement locks the tenant's row, so creations of one tenant take turns, and the
 * insert is a statement of its own, so under READ COMMITTED it sees every template committed by
 * the turns before it (see createWebhookEndpoint for the same pattern). ON CONFLICT covers a
 * name taken anyway, so a duplicate never surfaces as a unique-violation error.
 */
export async function createTemplate(deps: ServiceDeps, principal: Principal, input: NewTemplate): Promise<TemplateView> {
  const variables = variablesOf(input.text, input.variables);
  await checkImage(deps, input.imageUrl);
  const { tenantId } = principal;
  const now = deps.clock.now();
  const inserted = await audited(
    deps.db,
    authorIn(deps, principal),
    async (tx) => {
      await lockTenantForTemplates(tx, tenantId);
      return insertTemplateUnderCap(tx, { tenantId, name: input.name, text: input.text, imageUrl: input.imageUrl, variables, now }, MAX_TEMPLATES_PER_TENANT);
    },
    ([made]) => (made ? { tenantId, action: "template.created", target: `template:${made.name}`, after: made } : null),
    // The fresh snapshot per statement that the cap relies on, whatever the server's default.
    { isolationLevel: "ReadCommitted" },
  );
  const template = inserted[0];
  if (template) return template;
  const taken = await deps.db.template.count({ where: { tenantId, name: input.name } });
  if (taken) throw new ServiceError("TEMPLATE_EXISTS", `You already have a template named ${input.name}; update it or choose another name.`);
  throw validationError({ name: `you may have at most ${MAX_TEMPLATES_PER_TENANT} templates; delete one first` });
}

/**
 * Changes a template's text, image or both; messages already accepted keep the text they were
 * rendered with. Variables listed without a new text are checked against the current text.
 */
export async function updateTemplate(deps: ServiceDeps, principal: Principal, name: string, input: TemplateChange): Promise<TemplateView> {
  await checkImage(deps, input.imageUrl);
  const current = await findTemplate(deps, principal, name);
  const text = input.text ?? current.body;
  const variables = variablesOf(text, input.variables);
  const [updated] = await audited(
    deps.db,
    authorIn(deps, principal),
    (tx) => updateTemplateContent(tx, principal.tenantId, current.id, { body: text, variables, imageUrl: input.imageUrl, updatedAt: deps.clock.now() }),
    ([after]) => (after ? { tenantId: principal.tenantId, action: "template.updated", target: `template:${current.name}`, before: current, after } : null),
  );
  // Deleted between the read and the update.
  if (!updated) throw notFound("Template");
  return updated;
}

export interface DeletedTemplate {
  template: TemplateView;
  /** Queued (pending or sending, scheduled included) messages rendered from it; they are still sent. */
  queuedMessages: number;
}

/**
 * Deletes a template. While queued messages were rendered from it, the caller must say `force`:
 * they keep their stored text and are still sent (the foreign key only clears their template_id),
 * but the caller probably did not mean to delete a template a campaign is using.
 */
export async function deleteTemplate(deps: ServiceDeps, principal: Principal, name: string, force: boolean): Promise<DeletedTemplate> {
  const template = await findTemplate(deps, principal, name);
  const queuedMessages = await deps.db.message.count({
    where: { tenantId: principal.tenantId, templateId: template.id, status: { in: ["pending", "sending"] } },
  });
  if (queuedMessages > 0 && !force) {
    throw new ServiceError(
      "TEMPLATE_IN_USE",
      `${queuedMessages} queued ${queuedMessages === 1 ? "message uses" : "messages use"} it; they keep the text they were rendered with. Delete with force to delete it anyway.`,
      undefined,
      { queuedMessages },
    );
  }
  const { count } = await audited(
    deps.db,
    authorIn(deps, principal),
    (tx) => deleteTemplateById(tx, principal.tenantId, template.id),
    (deleted) =>
      deleted.count
        ? { tenantId: principal.tenantId, action: "template.deleted", target: `template:${template.name}`, before: template, after: { queued_messages: queuedMessages } }
        : null,
  );
  if (count === 0) throw notFound("Template");
  return { template, queuedMessages };
}
