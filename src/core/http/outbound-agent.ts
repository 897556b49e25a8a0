import type { Agent, Dispatcher } from "undici";
import { guardedLookup } from "../input/public-address.js";

// A pool of outbound connections (undici's Agent) for calls the gateway makes to addresses its
// users gave it: webhook receivers, a tenant's Chatwoot. undici is loaded, and the pool made, on
// the first call: a process that calls no one (at rest, or with no webhooks or Chatwoot bridges)
// does not hold undici's 0.7 MB of code and what its modules build when loaded (BENCHMARKS.md,
// "Memory at rest").

type Undici = typeof import("undici");
export type OutboundRequest = Omit<NonNullable<Parameters<Undici["request"]>[1]>, "dispatcher" | "opaque">;
export type OutboundAnswer = Dispatcher.ResponseData;

/**
 * undici's exports. Run from source, `import()` gives them by name; in the built bundle undici is
 * CommonJS bundled into a chunk, whose namespace holds them under `default` alone.
 */
async function loadUndici(): Promise<Undici> {
  const loaded: Partial<Undici> & { default?: Undici } = await import("undici");
  if (typeof loaded.Agent === "function") return loaded as Undici;
  if (loaded.default) return loaded.default;
  throw new Error("undici's exports were not found");
}

export class OutboundAgent {
  private made: Promise<{ agent: Agent; request: Undici["request"] }> | undefined;
  private closed = false;

  constructor(private readonly options: Agent.Options) {}

  /** One request through this pool, as undici's `request` makes it. */
  async request(url: URL, options: OutboundRequest): Promise<OutboundAnswer> {
    if (this.closed) throw new Error("the outbound connection pool is closed");
    const { agent, request } = await (this.made ??= loadUndici().then((undici) => ({ agent: new undici.Agent(this.options), request: undici.request })));
    return request(url, { ...options, dispatcher: agent });
  }

  /** Closes the pool's connections, if it ever made any; later requests are refused. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.made) await (await this.made).agent.close();
  }
}

/**
 * A pool for POSTs to an address a business gave (a webhook endpoint, a rule's bot): unless private
 * addresses are allowed, its sockets resolve names through `guardedLookup`, which refuses internal
 * addresses at connect time.
 */
export const publicAddressAgent = (o: { timeoutMs: number; allowPrivateAddresses: boolean }) =>
  new OutboundAgent({ connect: { timeout: o.timeoutMs, ...(o.allowPrivateAddresses ? {} : { lookup: guardedLookup }) }, keepAliveTimeout: 10_000 });
