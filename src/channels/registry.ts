import type { Config } from "../config.js";
import type { Channel } from "./channel.js";
import { SimulatorChannel } from "./simulator.js";

export type ChannelName = Config["channel"]["driver"];

/** The drivers of this process, one of each; an account names its own or gets the default. */
export class ChannelRegistry {
  readonly simulator: SimulatorChannel;
  private readonly drivers: Record<ChannelName, Channel>;

  constructor(private readonly config: Config) {
    this.simulator = new SimulatorChannel(config.simulator);
    this.drivers = { simulator: this.simulator };
  }

  /** The driver for an account's `channel` column (null: the CHANNEL_DRIVER setting). */
  forAccount(name: string | null): Channel {
    const driver = this.drivers[(name ?? this.config.channel.driver) as ChannelName];
    if (!driver) throw new Error(`No channel driver named ${name}`);
    return driver;
  }
}
