import type { ServiceDeps } from "../../../core/deps.js";
import { validationError } from "../../../core/errors.js";
import type { SendOptions } from "../../../core/input/send-input.js";
import { extensionOf, MEDIA_TYPES } from "../../../core/content/content-input.js";
import { linkFileName } from "../../../core/content/link-file-name.js";
import { inwardAddressProblem, refuseInwardLink } from "../../../core/input/public-address.js";
import type { MediaContent, ReactionContent, RichContent, TemplateContent } from "../../../core/content/message-content.js";
import { parseId } from "../../../core/input/ids.js";
import { checkTemplateMessage } from "../../whatsapp-templates/index.js";

// The content kind of a send, from its validated fields to what is stored and handed to the
// driver: media links checked for where they lead, a reaction's target found among the tenant's
// messages, a template message checked against its registration.

export interface ResolvedRich {
  content: RichContent | null;
  /** The number it must go from; null: any. */
  accountId: number | null;
  fallback: { content: TemplateContent; accountId: number | null } | null;
}

/** A link the provider fetches must lead to a public address (refuseInwardLink). */
export const checkMediaLink = (deps: ServiceDeps, url: string, field: string) => refuseInwardLink(url, field, deps.config.channel.mediaAllowPrivateAddresses);

/** Why a stored link may not be fetched by the provider, or undefined. */
export const mediaLinkProblem = (deps: ServiceDeps, url: string) => inwardAddressProblem(new URL(url), deps.config.channel.mediaAllowPrivateAddresses);

function mediaContent(m: NonNullable<SendOptions["kinds"]["media"]>): MediaContent {
  const byExtension = MEDIA_TYPES[m.type][extensionOf(m.url)] ?? null;
  return {
    kind: m.type,
    url: m.url,
    mimeType: m.mimetype?.toLowerCase() ?? byExtension,
    filename: m.type === "document" ? (m.filename ?? (linkFileName(m.url) || "document")) : null,
    voice: m.type === "audio" && (m.voice ?? false),
  };
}

/**
 * A reaction goes to the message's own chat from the number that sent or received it: the target
 * must be the tenant's, be to or from `to`, and be known to the provider (an id it gave).
 */
async function reactionContent(
  deps: ServiceDeps,
  tenantId: number,
  r: NonNullable<SendOptions["kinds"]["reaction"]>,
  to: string | null,
): Promise<{ content: ReactionContent; accountId: number }> {
  if (to === null) throw validationError({ reaction: "is for a single send to the message's own chat" });
  const field = r.message != null ? "reaction[message]" : "reaction[inbound]";
  const id = parseId(r.message ?? r.inbound ?? "");
  const target =
    id === undefined
      ? null
      : r.message != null
        ? await deps.db.message.findFirst({ where: { id, tenantId }, select: { to: true, accountId: true, providerMessageId: true } })
        : await deps.db.inboundMessage
            .findFirst({ where: { id, tenantId }, select: { fromNumber: true, accountId: true, providerMessageId: true } })
            .then((m) => m && { to: m.fromNumber, accountId: m.accountId, providerMessageId: m.providerMessageId });
  if (!target) throw validationError({ [field]: "is not a message of yours" });
  if (target.to !== to) throw validationError({ [field]: `is a message of another chat than ${to}` });
  if (!target.providerMessageId || target.accountId === null)
    throw validationError({ [field]: "has not reached the provider yet: only a sent or received message takes a reaction" });
  return { content: { kind: "reaction", emoji: r.emoji, providerMessageId: target.providerMessageId }, accountId: target.accountId };
}

async function templateContent(deps: ServiceDeps, tenantId: number, t: NonNullable<SendOptions["fallbackTemplate"]>, field: string) {
  if (t.header && t.header.type !== "text" && t.header.url) await checkMediaLink(deps, t.header.url, `${field}[header][url]`);
  return checkTemplateMessage(deps.db, tenantId, t, field);
}

/** The content kind a send names (at most one, see contentRules), resolved; `to` is a single send's recipient. */
export async function resolveRichContent(deps: ServiceDeps, tenantId: number, o: Pick<SendOptions, "kinds" | "fallbackTemplate">, to: string | null): Promise<ResolvedRich> {
  const { media, location, contacts, reaction, interactive, whatsappTemplate } = o.kinds;
  const fallback = o.fallbackTemplate ? await templateContent(deps, tenantId, o.fallbackTemplate, "fallbackTemplate") : null;
  const plain = (content: RichContent | null): ResolvedRich => ({ content, accountId: null, fallback });
  if (media) {
    await checkMediaLink(deps, media.url, "media[url]");
    return plain(mediaContent(media));
  }
  if (location) return plain({ kind: "location", latitude: location.latitude, longitude: location.longitude, name: location.name ?? null, address: location.address ?? null });
  if (contacts)
    return plain({ kind: "contacts", contacts: contacts.map((c) => ({ name: c.name, phones: c.phones, emails: c.emails ?? [], organization: c.organization ?? null })) });
  if (reaction) return { ...(await reactionContent(deps, tenantId, reaction, to)), fallback };
  if (interactive) {
    const common = { kind: "interactive" as const, header: interactive.header ?? null, footer: interactive.footer ?? null };
    return plain(
      interactive.buttons
        ? { ...common, type: "buttons", buttons: interactive.buttons }
        : {
            ...common,
            type: "list",
            button: interactive.list!.button,
            sections: interactive.list!.sections.map((s) => ({ title: s.title ?? null, rows: s.rows.map((r) => ({ ...r, description: r.description ?? null })) })),
          },
    );
  }
  if (whatsappTemplate) return { ...(await templateContent(deps, tenantId, whatsappTemplate, "whatsappTemplate")), fallback: null };
  return plain(null);
}
