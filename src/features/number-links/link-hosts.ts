import type { ServiceDeps } from "../../core/deps.js";
import { ServiceError } from "../../core/errors.js";
import { SimulatedSessionHost } from "./simulated-session-host.js";
import { WahaSessionHost } from "./waha-session-host.js";
import type { SessionHost, SessionState } from "./sessions.js";

// Where each link's session lives: a WAHA server by its waha_server id, or (null) this process's
// simulator. One set per process, built on first use; the simulator's moves go to `onMove`.

interface Hosts {
  simulated: SimulatedSessionHost;
  waha: Map<number, { host: WahaSessionHost; baseUrl: string; apiKey: string | null }>;
}

const perProcess = new WeakMap<ServiceDeps, Hosts>();

/** What the simulator's session moves are handed to (session-events.ts), set once by the feature's entry. */
let onMove: ((deps: ServiceDeps, session: string, state: SessionState) => Promise<void>) | undefined;
export const reportSimulatedMoves = (handler: typeof onMove): void => void (onMove = handler);

function hostsOf(deps: ServiceDeps): Hosts {
  let hosts = perProcess.get(deps);
  if (!hosts) {
    const simulated = new SimulatedSessionHost(deps.config.simulator);
    simulated.report = (session, state) =>
      (onMove?.(deps, session, state) ?? Promise.resolve()).catch((err: unknown) => deps.log.warn({ err, session, state }, "could not apply a simulated session's move"));
    hosts = { simulated, waha: new Map() };
    perProcess.set(deps, hosts);
  }
  return hosts;
}

/** The host of a link's session: the simulator for null, else the WAHA server (read again when the operator changed it). */
export async function hostFor(deps: ServiceDeps, serverId: number | null): Promise<SessionHost> {
  const hosts = hostsOf(deps);
  if (serverId === null) return hosts.simulated;
  const server = await deps.db.wahaServer.findUnique({ where: { id: serverId } });
  if (!server) throw new ServiceError("SERVICE_UNAVAILABLE", "The WAHA server of this number was removed by the operator.");
  const known = hosts.waha.get(serverId);
  if (known && known.baseUrl === server.baseUrl && known.apiKey === server.apiKey) return known.host;
  const host = new WahaSessionHost(server, sessionWebhook(deps), deps.config.channel.timeoutMs);
  hosts.waha.set(serverId, { host, baseUrl: server.baseUrl, apiKey: server.apiKey });
  return host;
}

/** Where WAHA sends a session's events: this gateway's /webhooks/waha, signed with WAHA_WEBHOOK_HMAC_KEY. */
export function sessionWebhook(deps: Pick<ServiceDeps, "config" | "urls">): { url: string; hmacKey: string } {
  const { waha, publicUrl } = deps.config.channel;
  const base = publicUrl ?? deps.urls.api;
  if (!waha.webhookHmacKey || !base) {
    throw new ServiceError("SERVICE_UNAVAILABLE", "This gateway cannot take WAHA's events: the operator must set WAHA_WEBHOOK_HMAC_KEY (and PUBLIC_URL, where WAHA reaches it).");
  }
  return { url: `${base}/webhooks/waha`, hmacKey: waha.webhookHmacKey };
}

/** Ends the simulator's timers (at shutdown). */
export function stopLinkHosts(deps: ServiceDeps): void {
  perProcess.get(deps)?.simulated.stop();
}
