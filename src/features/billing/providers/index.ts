import type { Config } from "../../../core/config.js";
import { MoyasarProvider } from "./moyasar.js";
import type { PaymentProvider } from "./provider.js";

export type { PaymentProvider, ProviderPayment, ProviderEvent } from "./provider.js";
export { EventRefused, ProviderUnavailable } from "./provider.js";

/** The configured provider, or undefined when its keys are not set (billing is then off). */
export function paymentProvider(config: Pick<Config, "billing">): PaymentProvider | undefined {
  const m = config.billing.moyasar;
  if (!m.secretKey || !m.webhookSecret) return undefined;
  return new MoyasarProvider({ secretKey: m.secretKey, webhookSecret: m.webhookSecret, apiUrl: m.apiUrl });
}
