import type { Readable } from "node:stream";
import type { AccountChannelSettings } from "../../core/channels/channel.js";
import type { ServiceDeps } from "../../core/deps.js";
import type { Principal } from "../../core/principal.js";
import { notFound, ServiceError } from "../../core/errors.js";
import { parseId } from "../../core/input/ids.js";
import type { InboundKind } from "./payloads/inbound-payloads.js";
import { fetchMediaJson, openMediaBody, tooLarge, type MediaLimits, type MediaRequest } from "./media-fetch.js";
import { ownNumbersWhere } from "../../core/auth/number-scope.js";

// The file of an inbound image, document, audio, video or sticker, fetched from the provider that
// holds it with the receiving number's credentials, for the caller to read as it arrives: the
// gateway keeps no copy. WhatsApp Cloud gives a media id, looked up for a short-lived download
// link (both requests with the number's token); WAHA gives a link on its own server, fetched with
// the WAHA key only when it is on the configured WAHA server.

const MEDIA_KINDS = new Set<InboundKind>(["image", "document", "audio", "video", "sticker"]);

interface MediaFields {
  id: bigint | string;
  kind: InboundKind;
  mediaId: string | null;
  mediaUrl: string | null;
}

export const hasMedia = (m: Omit<MediaFields, "id">) => MEDIA_KINDS.has(m.kind) && (m.mediaId !== null || m.mediaUrl !== null);

/** Where the REST facade serves the message's media (under /api/v1), or null when it has none. */
export const mediaPathOf = (m: MediaFields) => (hasMedia(m) ? `/inbound-messages/${m.id}/media` : null);

export interface InboundMedia {
  body: Readable;
  /** The provider's, else the one stored with the message, else application/octet-stream. */
  contentType: string;
  contentLength: number | undefined;
  fileName: string | null;
}

export interface StoredMedia extends Omit<MediaFields, "id"> {
  mimeType: string | null;
  fileName: string | null;
  account: { channel: string | null; settings: unknown };
}

/**
 * The Graph API's answer for a media id: a download link valid for a few minutes. The token goes
 * with it, so the link must be https (Meta's own CDN) or on the configured Graph API's origin.
 */
async function cloudRequest(deps: ServiceDeps, m: StoredMedia, limits: MediaLimits): Promise<MediaRequest> {
  const credentials = (m.account.settings as AccountChannelSettings | null)?.whatsappCloud;
  if (!m.mediaId) throw new ServiceError("NOT_FOUND", "This message has no WhatsApp Cloud media id, so its media cannot be fetched.");
  if (!credentials?.accessToken) throw new ServiceError("CHANNEL_ERROR", "The receiving number has no WhatsApp Cloud access token to fetch the media with.");
  const { baseUrl, apiVersion } = deps.config.channel.whatsappCloud;
  const base = baseUrl.replace(/\/+$/, "");
  const headers = { authorization: `Bearer ${credentials.accessToken}` };
  const media = await fetchMediaJson({ provider: "WhatsApp Cloud", url: `${base}/${apiVersion}/${encodeURIComponent(m.mediaId)}`, headers }, limits);
  const link = typeof media.url === "string" && URL.canParse(media.url) ? new URL(media.url) : undefined;
  if (!link || (link.protocol !== "https:" && link.origin !== new URL(base).origin)) {
    throw new ServiceError("CHANNEL_ERROR", "WhatsApp Cloud answered the media lookup without a usable download link.");
  }
  // Meta states the size up front: a file over the limit is refused before its download starts.
  const size = Number(media.file_size);
  if (Number.isSafeInteger(size) && size > limits.maxBytes) throw tooLarge(size, limits);
  return { provider: "WhatsApp Cloud", url: link.href, headers };
}

/** WAHA's link, only on the configured WAHA server: the WAHA key must never go to another host. */
function wahaRequest(deps: ServiceDeps, m: StoredMedia): MediaRequest {
  const { baseUrl, apiKey } = deps.config.channel.waha;
  const link = m.mediaUrl && URL.canParse(m.mediaUrl) ? new URL(m.mediaUrl) : undefined;
  if (!link || link.origin !== new URL(baseUrl).origin) {
    throw new ServiceError("NOT_FOUND", "The media link of this message is not on this gateway's WAHA server, so the media is not fetched.");
  }
  return { provider: "WAHA", url: link.href, headers: apiKey ? { "x-api-key": apiKey } : {} };
}

/**
 * Opens the media of the caller's inbound message `rawId`. Another tenant's message is not found,
 * as a missing one is; a message without media, or on a channel that keeps none (the simulator),
 * is NOT_FOUND too; what the provider refuses or fails to send in time is CHANNEL_ERROR.
 */
export async function openInboundMedia(deps: ServiceDeps, principal: Principal, rawId: string): Promise<InboundMedia> {
  const id = parseId(rawId);
  const m = id
    ? await deps.db.inboundMessage.findFirst({
        where: { id, tenantId: principal.tenantId, ...ownNumbersWhere(principal) },
        select: { kind: true, mediaId: true, mediaUrl: true, mimeType: true, fileName: true, account: { select: { channel: true, settings: true } } },
      })
    : null;
  if (!m) throw notFound("Inbound message");
  return openStoredMedia(deps, m);
}

/** Opens the media of a stored inbound message already read (with its number's channel settings). */
export async function openStoredMedia(deps: ServiceDeps, m: StoredMedia): Promise<InboundMedia> {
  if (!hasMedia(m)) throw new ServiceError("NOT_FOUND", "This inbound message has no media.");
  const limits = deps.config.inboundMedia;
  const channel = m.account.channel ?? deps.config.channel.driver;
  let request: MediaRequest;
  if (channel === "whatsapp-cloud") request = await cloudRequest(deps, m, limits);
  else if (channel === "waha") request = wahaRequest(deps, m);
  else throw new ServiceError("NOT_FOUND", `The media of this message cannot be fetched: its number's channel (${channel}) keeps none.`);
  const opened = await openMediaBody(request, limits);
  return { ...opened, contentType: opened.contentType ?? m.mimeType ?? "application/octet-stream", fileName: m.fileName };
}
