import type { ServiceDeps } from "../../core/deps.js";

/** Tells the tenant's accountConnection subscribers that a number's link moved on (they re-read it). */
export function publishLinkMove(deps: Pick<ServiceDeps, "events" | "clock">, tenantId: number, accountId: number, state: string): void {
  const at = deps.clock.timestamp(deps.clock.now());
  deps.events.publishConnection([{ id: `evt_link_${accountId}_${Date.now().toString(36)}`, type: "account.connection", tenantId, accountId, state, at }]);
}
