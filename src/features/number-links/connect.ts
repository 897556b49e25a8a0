import type { ServiceDeps } from "../../core/deps.js";
import type { Principal } from "../../core/principal.js";
import { validationError } from "../../core/errors.js";
import { connectCloudNumber } from "./cloud-numbers.js";
import type { ConnectInput } from "./link-input.js";
import { connectNumber, type LinkedAccount } from "./links.js";

/** A new number: by its credentials for a Cloud API number, else a session to link by QR code or pairing code. */
export async function connectAnyNumber(deps: ServiceDeps, principal: Principal, input: ConnectInput): Promise<LinkedAccount> {
  if (input.channel !== "whatsapp-cloud") return connectNumber(deps, principal, input);
  if (!input.cloud) throw validationError({ phoneNumberId: "is required for a whatsapp-cloud number" });
  return connectCloudNumber(deps, principal, { ...input, cloud: input.cloud });
}
