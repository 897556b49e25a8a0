import { z } from "zod";
import type { ServiceDeps } from "../../core/deps.js";
import type { Principal } from "../../core/principal.js";
import { ServiceError, validationError } from "../../core/errors.js";
import { graphApiOf, GraphError } from "../../core/channels/graph-api.js";
import { businessAccountsOf, metaComponent, shapeOf } from "./template-sync.js";
import { upsertSyncedTemplates } from "./registration-sql.js";
import { positional, type Submission } from "./submission-input.js";
import { listWhatsAppTemplates, type RegistrationView } from "./registrations.js";
import { audited, authorIn } from "../../core/audit/audited.js";

// A new template sent to Meta for review (POST /{WABA-ID}/message_templates; reference B.3): it
// is registered at once with Meta's answer (PENDING), and Meta's status webhooks follow its review
// (template-status.ts). Hand registration stays for templates approved elsewhere.

const created = z.looseObject({ id: z.string(), status: z.string(), category: z.string().optional() });

/** Meta's components for the submission (the reference's example: HEADER, BODY, FOOTER, BUTTONS). */
export function metaComponents(s: Submission): Array<z.input<typeof metaComponent> & Record<string, unknown>> {
  const components: Array<Record<string, unknown> & { type: string }> = [];
  if (s.headerText) components.push({ type: "HEADER", format: "TEXT", text: s.headerText, ...(s.headerExample ? { example: { header_text: [s.headerExample] } } : {}) });
  components.push({ type: "BODY", text: s.body, ...(positional(s.body).length ? { example: { body_text: [s.bodyExamples ?? []] } } : {}) });
  if (s.footer) components.push({ type: "FOOTER", text: s.footer });
  if (s.buttons?.length) components.push({ type: "BUTTONS", buttons: s.buttons.map(metaButton) });
  return components;
}

function metaButton(b: NonNullable<Submission["buttons"]>[number]): Record<string, unknown> {
  if (b.type === "url") return { type: "URL", text: b.text, url: b.url, ...(b.urlExample ? { example: [b.urlExample] } : {}) };
  if (b.type === "phone_number") return { type: "PHONE_NUMBER", text: b.text, phone_number: b.phoneNumber };
  return { type: "QUICK_REPLY", text: b.text };
}

/** Submits the template to the business account of the named number (or of the tenant's one Cloud number); registers it as Meta answered. */
export async function submitWhatsAppTemplate(deps: ServiceDeps, principal: Principal, s: Submission): Promise<RegistrationView> {
  const source = await businessAccountOf(deps, principal, s.accountId ?? null);
  const components = metaComponents(s);
  const graph = graphApiOf(deps.config.channel);
  const body = { name: s.name, language: s.language, category: s.category.toUpperCase(), components };
  const answer = await graph.post(source.token, `/${encodeURIComponent(source.wabaId)}/message_templates`, body, created).catch((err: unknown) => {
    if (err instanceof GraphError && err.status >= 400 && err.status < 500) throw validationError({ name: `Meta refused the template: ${err.message}` });
    throw new ServiceError("CHANNEL_ERROR", `Could not submit the template to Meta: ${err instanceof Error ? err.message : String(err)}`);
  });
  const shape = shapeOf(components.map((c) => metaComponent.parse(c)));
  if (!shape) throw new Error("a submitted template has a shape this gateway cannot send");
  const template = { name: s.name, language: s.language, category: s.category, components: shape, status: answer.status.toUpperCase(), statusReason: null, quality: null };
  await audited(
    deps.db,
    authorIn(deps, principal),
    (tx) => upsertSyncedTemplates(tx, principal.tenantId, [template], deps.clock.now()),
    () => ({
      tenantId: principal.tenantId,
      action: "whatsapp_template.submitted",
      target: `waba:${source.wabaId}`,
      after: { name: s.name, language: s.language, category: s.category, status: template.status },
    }),
  );
  const registered = (await listWhatsAppTemplates(deps, principal)).find((r) => r.name === s.name && r.language === s.language);
  if (!registered) throw new Error("the submitted template was not stored");
  return registered;
}

async function businessAccountOf(deps: ServiceDeps, principal: Principal, accountId: number | null): Promise<{ wabaId: string; token: string }> {
  const sources = await businessAccountsOf(deps, principal.tenantId, accountId);
  if (sources.size === 0)
    throw validationError({
      accountId: accountId === null ? "none of your numbers is a Cloud API number with a WhatsApp Business Account" : "must name one of your Cloud API numbers",
    });
  if (sources.size > 1) throw validationError({ accountId: "your numbers are in several WhatsApp Business Accounts: name the number whose account reviews it" });
  const [wabaId, token] = [...sources][0]!;
  return { wabaId, token };
}
