import { SimulatorChannel } from "./simulator.js";
import { WhatsAppCloudChannel } from "./whatsapp-cloud.js";
import { WahaChannel } from "./waha.js";
/** The drivers of this process, one of each; an account names its own or gets the default. */
export class ChannelRegistry {
    config;
    simulator;
    drivers;
    constructor(config) {
        this.config = config;
        this.simulator = new SimulatorChannel(config.simulator);
        const { timeoutMs, whatsappCloud, waha } = config.channel;
        this.drivers = {
            simulator: this.simulator,
            "whatsapp-cloud": new WhatsAppCloudChannel({ baseUrl: whatsappCloud.baseUrl, apiVersion: whatsappCloud.apiVersion, timeoutMs }),
            waha: new WahaChannel({ baseUrl: waha.baseUrl, apiKey: waha.apiKey, timeoutMs }),
        };
    }
    /** The driver for an account's `channel` column (null: the CHANNEL_DRIVER setting). */
    forAccount(name) {
        const driver = this.drivers[(name ?? this.config.channel.driver)];
        if (!driver)
            throw new Error(`No channel driver named ${name}`);
        return driver;
    }
}
//# sourceMappingURL=registry.js.map