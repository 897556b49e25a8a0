import type { Config } from "../config.js";
import type { Channel } from "./channel.js";
import type { ContentKind } from "../content/message-content.js";
import { capabilityTable, type ChannelCapabilities, type ChannelName } from "./capabilities.js";
import { SimulatorChannel } from "./simulator.js";
import { WhatsAppCloudChannel } from "./whatsapp-cloud.js";
import { WahaChannel } from "./waha.js";

export type { ChannelName } from "./capabilities.js";

/** The drivers of this process, one of each; an account names its own or gets the default. */
export class ChannelRegistry {
  readonly simulator: SimulatorChannel;
  readonly waha: WahaChannel;
  private readonly drivers: Record<ChannelName, Channel>;
  private readonly table: Record<ChannelName, ChannelCapabilities>;

  constructor(private readonly config: Config) {
    this.table = capabilityTable(config.simulator.customerWindow);
    this.simulator = new SimulatorChannel(config.simulator, config.simulator.ledgerLimit);
    const { timeoutMs, whatsappCloud, waha } = config.channel;
    this.waha = new WahaChannel({ baseUrl: waha.baseUrl, apiKey: waha.apiKey, timeoutMs });
    this.drivers = {
      simulator: this.simulator,
      "whatsapp-cloud": new WhatsAppCloudChannel({ baseUrl: whatsappCloud.baseUrl, apiVersion: whatsappCloud.apiVersion, timeoutMs }),
      waha: this.waha,
    };
  }

  /** The driver for an account's `channel` column (null: the CHANNEL_DRIVER setting). */
  forAccount(name: string | null): Channel {
    const driver = this.drivers[(name ?? this.config.channel.driver) as ChannelName];
    if (!driver) throw new Error(`No channel driver named ${name}`);
    return driver;
  }

  /** The driver an account without a `channel` of its own uses. */
  get defaultName(): ChannelName {
    return this.config.channel.driver;
  }

  /** What an account's channel can carry (capabilities.ts). */
  capabilities(name: string | null): ChannelCapabilities {
    return this.table[(name ?? this.defaultName) as ChannelName] ?? { kinds: [], customerWindow: false };
  }

  /** The channels that can carry `kind`. */
  carrying(kind: ContentKind): ChannelName[] {
    return (Object.keys(this.table) as ChannelName[]).filter((c) => this.table[c].kinds.includes(kind));
  }

  /** The channels that keep the 24-hour customer-service window. */
  windowed(): ChannelName[] {
    return (Object.keys(this.table) as ChannelName[]).filter((c) => this.table[c].customerWindow);
  }
}
