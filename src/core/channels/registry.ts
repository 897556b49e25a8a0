import type { Config } from "../config.js";
import type { Channel } from "./channel.js";
import { SimulatorChannel } from "./simulator.js";
import { WhatsAppCloudChannel } from "./whatsapp-cloud.js";
import { WahaChannel } from "./waha.js";

export type ChannelName = Config["channel"]["driver"];

/** The drivers of this process, one of each; an account names its own or gets the default. */
export class ChannelRegistry {
  readonly simulator: SimulatorChannel;
  private readonly drivers: Record<ChannelName, Channel>;

  constructor(private readonly config: Config) {
    this.simulator = new SimulatorChannel(config.simulator);
    const { timeoutMs, whatsappCloud, waha } = config.channel;
    this.drivers = {
      simulator: this.simulator,
      "whatsapp-cloud": new WhatsAppCloudChannel({ baseUrl: whatsappCloud.baseUrl, apiVersion: whatsappCloud.apiVersion, timeoutMs }),
      waha: new WahaChannel({ baseUrl: waha.baseUrl, apiKey: waha.apiKey, timeoutMs }),
    };
  }

  /** The driver for an account's `channel` column (null: the CHANNEL_DRIVER setting). */
  forAccount(name: string | null): Channel {
    const driver = this.drivers[(name ?? this.config.channel.driver) as ChannelName];
    if (!driver) throw new Error(`No channel driver named ${name}`);
    return driver;
  }
}
