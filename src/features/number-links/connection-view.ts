import type { ServiceDeps } from "../../core/deps.js";
import type { AccountChannelSettings } from "../../core/channels/channel.js";
import type { LinkedAccount } from "./links.js";

// What a tenant sees of a number's connection, over GraphQL, REST and the console alike.

export const LINK_STATES = ["CREATING", "STARTING", "SCAN_QR_CODE", "PASSKEY_REQUIRED", "PASSKEY_CONFIRMATION_REQUIRED", "WORKING", "FAILED", "STOPPED", "OPERATOR"] as const;
export type LinkState = (typeof LINK_STATES)[number];

export interface ConnectionView {
  accountId: number;
  name: string;
  channel: string;
  /** The session's state; OPERATOR for a number the operator added (no session of ours). */
  state: LinkState;
  /** The number's status (accounts): `connected` once linked. */
  status: string;
  phoneNumber: string | null;
  qr: string | null;
  qrChangedAt: string | null;
  pairingCode: string | null;
  pairingPhone: string | null;
  /** Why the last attempt failed: number_taken, other_phone, not_started, or the session's own FAILED. */
  error: string | null;
  verifiedName: string | null;
  quality: string | null;
  messagingTier: number | null;
}

export function connectionView(deps: Pick<ServiceDeps, "clock" | "config">, { account, link }: LinkedAccount): ConnectionView {
  const waiting = link?.state === "SCAN_QR_CODE";
  return {
    accountId: account.id,
    name: account.name,
    channel: account.channel ?? deps.config.channel.driver,
    // A Cloud API number has no session: once connected by its credentials it works.
    state: (link?.state ?? (account.channel === "whatsapp-cloud" ? "WORKING" : "OPERATOR")) as LinkState,
    status: account.status,
    phoneNumber: account.phoneNumber,
    qr: waiting ? link.qr : null,
    qrChangedAt: waiting && link.qrChangedAt ? deps.clock.timestamp(link.qrChangedAt) : null,
    pairingCode: waiting ? link.pairingCode : null,
    pairingPhone: waiting ? link.pairingPhone : null,
    error: link?.error ?? null,
    verifiedName: (account.settings as AccountChannelSettings).whatsappCloud?.verifiedName ?? null,
    quality: account.quality,
    messagingTier: account.messagingTier,
  };
}
