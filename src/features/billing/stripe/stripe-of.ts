import type { ServiceDeps } from "../../../core/deps.js";
import { ServiceError } from "../../../core/errors.js";
import type { SubscriptionProvider } from "../providers/subscription-provider.js";
import { providerName } from "../payments.js";

// Stripe as billing reaches it: made once per configuration, loaded only on a gateway that sells
// through Stripe (a Moyasar gateway never loads its SDK).

type Deps = Pick<ServiceDeps, "config" | "clock" | "urls">;
const instances = new WeakMap<object, Promise<SubscriptionProvider>>();

/** Whether businesses pay this gateway through Stripe (PAYMENT_PROVIDER=stripe). */
export const usesStripe = (deps: Pick<ServiceDeps, "config">) => deps.config.billing.provider === "stripe";

/** A subscription Stripe renews and is still running: a second checkout would bill the tenant twice. */
export const runsOnStripe = (sub: { providerSubscriptionId: string | null; state: string }) =>
  sub.providerSubscriptionId !== null && (sub.state === "active" || sub.state === "past_due");

/** The Stripe provider; NOT_FOUND when Stripe is not this gateway's provider or its keys are not set. */
export function stripeOf(deps: Deps): Promise<SubscriptionProvider> {
  if (providerName(deps) !== "stripe") throw new ServiceError("NOT_FOUND", "Stripe is not this gateway's payment provider (PAYMENT_PROVIDER).");
  let made = instances.get(deps.config);
  if (!made) {
    const s = deps.config.billing.stripe;
    const consoleUrl = deps.config.consoleUrl ?? deps.urls.api ?? "";
    made = import("../providers/stripe.js").then(
      ({ StripeProvider }) => new StripeProvider({ secretKey: s.secretKey!, webhookSecret: s.webhookSecret!, api: s.api, consoleUrl }, deps.clock),
    );
    instances.set(deps.config, made);
  }
  return made;
}
