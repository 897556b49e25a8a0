import { z } from "zod";
import type { ServiceDeps } from "../../../core/deps.js";
import { validationError } from "../../../core/errors.js";
import { parseInput } from "../../../core/input/validation.js";
import { contentFields, contentRules, REST_CONTENT_NAMES } from "../../../core/content/content-input.js";
import { kindOf, type ContentKind } from "../../../core/content/message-content.js";
import { resolveRichContent, type ResolvedRich } from "../../messages/index.js";
import type { ContentKinds } from "../../../core/input/send-input.js";

// A rule's rich answer: one of POST /send's content kinds beside its text, with the send's field
// names, shapes and checks (core/content/content-input.ts), stored as given and turned into what a
// message carries by the messages feature's own converter (resolveRichContent), when the rule is
// saved (to check it) and each time it answers. A reaction is no answer (it is a mark on another
// message), and a fallback template has no use (the contact just wrote: the window is open).

/** The kinds a rule's answer may carry, in GraphQL's names. */
export const RULE_KINDS = ["media", "location", "contacts", "interactive", "whatsappTemplate"] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

export const ruleContentFields = {
  media: contentFields.media,
  location: contentFields.location,
  contacts: contentFields.contacts,
  interactive: contentFields.interactive,
  whatsappTemplate: contentFields.whatsappTemplate,
};

/** The same fields in the REST body's names (a bot's answer is written in them too). */
export const restRuleContentFields = {
  media: contentFields.media,
  location: contentFields.location,
  contacts: contentFields.contacts,
  interactive: contentFields.interactive,
  whatsapp_template: contentFields.whatsappTemplate,
};

/** A rule's content kind as given, under its GraphQL name: one field at most. */
export type RuleContent = Omit<ContentKinds, "reaction">;

/**
 * A send's rules of one kind per message and of the text each kind takes, but a rule's own answer
 * may say nothing (a handover, a bot's rule) or be an image alone.
 */
export const ruleContentRules = contentRules({}, { textRequired: false });
export const restRuleContentRules = contentRules(REST_CONTENT_NAMES, { textRequired: false });

/** The kind given among `input`'s fields; null: none. */
export function contentOf(input: RuleContent): RuleContent | null {
  const given = RULE_KINDS.filter((k) => input[k] != null);
  return given.length === 0 ? null : Object.fromEntries(given.map((k) => [k, input[k]]));
}

/** A change's kind: undefined when it names no kind field (the rule's stays), null when it names them only as null (cleared). */
export const contentChangeOf = (input: RuleContent): RuleContent | null | undefined => (RULE_KINDS.some((k) => input[k] !== undefined) ? contentOf(input) : undefined);

/** A stored `automation_rule.content` (written by the gateway itself, so trusted to have this shape). */
export const storedRuleContent = (value: unknown): RuleContent | null => (value !== null && typeof value === "object" ? value : null);

/** The field the content is given in. */
export const kindField = (content: RuleContent): RuleKind => RULE_KINDS.find((k) => content[k] != null) ?? "media";

/** The rule's text, image and content kind checked together, as a send's are (a change may meet what the rule had). */
export function checkRuleMessage(rule: { text: string | null; imageUrl: string | null; content: RuleContent | null }): void {
  parseInput(z.looseObject({}).check(ruleContentRules), { text: rule.text, imageUrl: rule.imageUrl, ...rule.content });
}

/** What the content is as a message carries it, checked as a send's is (links, a template's registration); throws VALIDATION_ERROR naming the field. */
export const resolveRuleContent = (deps: ServiceDeps, tenantId: number, content: RuleContent): Promise<ResolvedRich> =>
  resolveRichContent(deps, tenantId, { kinds: content, fallbackTemplate: null }, null);

const kindWords = (kind: ContentKind) => (kind === "template" ? "WhatsApp template" : kind);

/** Whether the number's channel carries a kind (WAHA's carries no buttons or lists): menus and Typebot choose lists or numbered text by it. */
export async function numberCarries(deps: ServiceDeps, accountId: number, kind: ContentKind): Promise<boolean> {
  const account = await deps.db.account.findUnique({ where: { id: accountId }, select: { channel: true } });
  return deps.channels.capabilities(account?.channel ?? null).kinds.includes(kind);
}

/** Why the resolved content cannot go from `account`; null: it can. */
export function unfitNumber(deps: ServiceDeps, account: { id: number; channel: string | null }, resolved: ResolvedRich): string | null {
  const kind = kindOf(resolved.content);
  if (!deps.channels.capabilities(account.channel).kinds.includes(kind))
    return `cannot be sent from number ${account.id}, whose channel does not carry ${kindWords(kind)} messages (GET /accounts shows what each number can send)`;
  if (resolved.accountId !== null && resolved.accountId !== account.id) return `is registered for number ${resolved.accountId} only, not number ${account.id}`;
  return null;
}

/**
 * A rule's content kind, checked when it is saved: as a send's, and against every number the rule
 * is limited to (a rule for all the business's numbers is checked as it answers, on the number
 * written to, since numbers come and go).
 */
export async function checkRuleContent(
  deps: ServiceDeps,
  tenantId: number,
  rule: { action: string; text: string | null; imageUrl: string | null; content: RuleContent | null; accountIds: number[] },
): Promise<void> {
  // A menu says what its options say.
  if (rule.content && rule.action === "menu") throw validationError({ [kindField(rule.content)]: "is not taken by the action menu" });
  checkRuleMessage(rule);
  if (!rule.content) return;
  const resolved = await resolveRuleContent(deps, tenantId, rule.content);
  if (rule.accountIds.length === 0) return;
  const accounts = await deps.db.account.findMany({ where: { tenantId, id: { in: rule.accountIds } }, select: { id: true, channel: true }, orderBy: { id: "asc" } });
  for (const account of accounts) {
    const problem = unfitNumber(deps, account, resolved);
    if (problem) throw validationError({ [kindField(rule.content)]: problem });
  }
}
