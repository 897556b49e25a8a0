import type { ServiceDeps } from "../../core/deps.js";
import { ServiceError, validationError } from "../../core/errors.js";
import { isFreeForm, type ContentKind, type RichContent } from "../../core/content/message-content.js";
import { fitOfRecipients } from "../queue/index.js";
import { windowClosesAt } from "../queue/index.js";
import { fillTemplate, type Content, type Rendered } from "./content/content.js";
import { noConnectedNumber, notUsableAccountError } from "./send-errors.js";

// Which number a send may go from, beyond room and consent: a content kind its channel carries,
// and, on a channel with Meta's customer-service window, a free-form message only to a contact who
// wrote to that number within 24 hours (delivery/sender-fit.ts holds the rule itself). Here: the
// errors a caller gets when no number fits, and the per-recipient choices of a queued send.

/** The sender a send must use: the caller's, or the one its content requires (both: they must agree). */
export function requiredSender(accountId: number | null, content: Pick<Content, "requiredAccountId" | "kind">): number | null {
  const required = content.requiredAccountId;
  if (required === null || accountId === null) return accountId ?? required;
  if (required !== accountId) {
    throw validationError({
      accountId:
        content.kind === "reaction" ? `must be ${required}, the number the reacted message went through` : `must be ${required}, the only number the template is registered for`,
    });
  }
  return accountId;
}

const unsupported = (kind: ContentKind, named: boolean) =>
  new ServiceError(
    "UNSUPPORTED_BY_CHANNEL",
    `${named ? "The chosen number's channel cannot" : "None of your connected numbers can"} send ${kind === "template" ? "WhatsApp template" : kind} messages; GET /accounts shows what each number can send.`,
  );

/** The connected numbers a send may use (only `accountId` when given) whose channel carries `kind`, and how many there are in all. */
async function capableAccounts(deps: ServiceDeps, tenantId: number, accountId: number | null, kind: ContentKind) {
  const accounts = await deps.db.account.findMany({
    where: { tenantId, status: "connected", ...(accountId === null ? {} : { id: accountId }) },
    select: { id: true, channel: true },
  });
  return { connected: accounts.length, capable: accounts.filter((a) => deps.channels.capabilities(a.channel).kinds.includes(kind)) };
}

/** Why no number fits a send to `to`: the kind is carried by none of them, or the window is closed on each that carries it. */
export async function unfitError(deps: ServiceDeps, tenantId: number, accountId: number | null, kind: ContentKind, to: string): Promise<ServiceError> {
  const { connected, capable } = await capableAccounts(deps, tenantId, accountId, kind);
  if (connected === 0) return accountId === null ? noConnectedNumber() : notUsableAccountError(deps, tenantId, accountId);
  if (capable.length === 0) return unsupported(kind, accountId !== null);
  const closes = await windowClosesAt(
    deps.db,
    capable.map((a) => a.id),
    to,
  );
  const when = closes
    ? `closed at ${deps.clock.timestamp(closes)}, 24 hours after their last message to ${accountId === null ? "your numbers" : "this number"}`
    : `is closed: ${to} has never written to ${accountId === null ? "your numbers" : "this number"}`;
  return new ServiceError(
    "OUTSIDE_CUSTOMER_WINDOW",
    `The customer-service window with ${to} ${when}. Outside it only a WhatsApp template message can be sent: give whatsapp_template, or fallback_template to have it sent instead. Nothing was charged.`,
    undefined,
    { to, windowClosedAt: closes ? deps.clock.timestamp(closes) : null },
  );
}

/** One recipient of a queued send as it will be stored: its content, and the numbers it may go from (empty: any). */
export interface PlacedRecipient {
  to: string;
  text: string;
  rich: RichContent | null;
  choices: number[];
}

export interface Placement {
  placed: PlacedRecipient[];
  /** Recipients whose window is closed on every number that could send them the message, with no fallback. */
  outsideWindow: string[];
}

/**
 * Sorts a queued send's recipients by the numbers that fit each (fitOfRecipients): those some
 * number fits keep their content, with the fitting numbers as their choices unless every allowed
 * number fits; those none fits for want of a window get the fallback template when there is one,
 * or are left out. A kind no allowed number carries refuses the whole request.
 */
export async function placeRecipients(
  deps: ServiceDeps,
  o: { tenantId: number; accountId: number | null; content: Content; recipients: Array<{ to: string; variables: Record<string, string> } & Rendered>; at: Date },
): Promise<Placement> {
  const kind = o.content.kind;
  const rich = o.recipients[0]?.rich ?? null;
  const fits = await fitOfRecipients(deps.db, deps.channels, {
    tenantId: o.tenantId,
    accountIds: o.accountId === null ? null : [o.accountId],
    kind,
    freeForm: isFreeForm(rich),
    recipients: o.recipients.map((r) => r.to),
    at: o.at,
  });
  const anyCapable = [...fits.values()].some((f) => f.fitting.length > 0) || (await capableAccounts(deps, o.tenantId, o.accountId, kind)).capable.length > 0;
  if (!anyCapable) throw unsupported(kind, o.accountId !== null);
  const placed: PlacedRecipient[] = [];
  const closed: typeof o.recipients = [];
  for (const r of o.recipients) {
    const fit = fits.get(r.to);
    if (!fit || fit.fitting.length === 0) closed.push(r);
    else placed.push({ to: r.to, text: r.text, rich: r.rich, choices: fit.fitting.length === fit.allowed.length ? [] : fit.fitting });
  }
  const fallback = o.content.fallback;
  if (!fallback || closed.length === 0) return { placed, outsideWindow: closed.map((r) => r.to) };
  const accountId = o.accountId ?? fallback.accountId;
  const fallbackFits = await fitOfRecipients(deps.db, deps.channels, {
    tenantId: o.tenantId,
    accountIds: accountId === null ? null : [accountId],
    kind: "template",
    freeForm: false,
    recipients: closed.map((r) => r.to),
    at: o.at,
  });
  const outsideWindow: string[] = [];
  for (const r of closed) {
    const fit = fallbackFits.get(r.to);
    const missing = new Set<string>();
    const filled = fillTemplate(fallback.content, r.variables, missing);
    if (missing.size > 0) throw validationError({ fallbackTemplate: `uses ${[...missing].map((n) => `{{${n}}}`).join(", ")}, not given for ${r.to}` });
    if (!fit || fit.fitting.length === 0) outsideWindow.push(r.to);
    else placed.push({ to: r.to, text: "", rich: filled, choices: fit.fitting.length === fit.allowed.length && accountId === o.accountId ? [] : fit.fitting });
  }
  const order = new Map(o.recipients.map((r, i) => [r.to, i]));
  return { placed: placed.sort((a, b) => order.get(a.to)! - order.get(b.to)!), outsideWindow };
}
