import type { Principal } from "../../core/principal.js";
import type { ServiceDeps } from "../../core/deps.js";
import type { InboundEvent } from "../../core/live/events.js";
import { liveTenantStream } from "../live/index.js";
import { checkInboundFilter, inboundEventPasses, type InboundFilter } from "./inbound-reads.js";

/** Every inbound message of the tenant from now on that passes the filter (see inbound-reads.ts). */
export async function tenantInboundEvents(deps: ServiceDeps, principal: Principal, filter: InboundFilter): Promise<AsyncGenerator<InboundEvent>> {
  const checked = await checkInboundFilter(deps, principal, filter);
  const { tenantId } = principal;
  return liveTenantStream(
    deps,
    principal,
    () => deps.events.subscribeInbound(tenantId),
    () => deps.events.ready(tenantId, "inbound-events"),
    inboundEventPasses(checked),
  );
}
