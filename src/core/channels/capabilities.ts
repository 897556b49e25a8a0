import { CONTENT_KINDS, type ContentKind } from "../content/message-content.js";
import type { Config } from "../config.js";

export type ChannelName = Config["channel"]["driver"];

// What each channel can carry, in one table: acceptance refuses a kind the named number cannot
// carry (UNSUPPORTED_BY_CHANNEL), automatic sender choice picks only numbers that can, and
// GET /accounts shows each number's row. The drivers implement exactly these kinds.

export interface ChannelCapabilities {
  kinds: readonly ContentKind[];
  /**
   * Free-form messages only within 24 hours of the contact's last message to the number (Meta's
   * customer-service window); outside it, only template messages.
   */
  customerWindow: boolean;
}

export const CUSTOMER_WINDOW_HOURS = 24;

const ALL: readonly ContentKind[] = CONTENT_KINDS;

export const CHANNEL_CAPABILITIES: Record<ChannelName, ChannelCapabilities> = {
  // Meta's Cloud API: every kind, templates and interactive messages; the 24-hour window applies.
  "whatsapp-cloud": { kinds: ALL, customerWindow: true },
  // WAHA drives a WhatsApp Web session: media, locations, contact cards and reactions; Meta's
  // templates and interactive messages exist only on the Business Platform.
  waha: { kinds: ["text", "image", "video", "audio", "document", "sticker", "location", "contacts", "reaction"], customerWindow: false },
  // The simulator plays any kind; SIMULATOR_CUSTOMER_WINDOW makes it keep Meta's window too.
  simulator: { kinds: ALL, customerWindow: false },
};

/** The table as this process runs it: the simulator keeps the window when SIMULATOR_CUSTOMER_WINDOW says so. */
export function capabilityTable(simulatorWindow: boolean): Record<ChannelName, ChannelCapabilities> {
  return { ...CHANNEL_CAPABILITIES, simulator: { ...CHANNEL_CAPABILITIES.simulator, customerWindow: simulatorWindow } };
}
