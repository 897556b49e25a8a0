import { setTimeout as sleep } from "node:timers/promises";
import type { Message, MessageStatus } from "../../generated/prisma/client.js";
import type { Principal } from "../../core/principal.js";
import type { ServiceDeps } from "../../core/deps.js";
import { notFound, type ServiceError } from "../../core/errors.js";
import { statusEvent, type MessageEvent } from "../../core/live/events.js";
import { batchFinished, getBatch, type BatchView } from "../batches/index.js";
import { getMessage } from "../messages/index.js";
import { parseId } from "../../core/input/ids.js";
import { mayUseNumber, requireOwnNumber } from "../../core/auth/number-scope.js";

// What live subscriptions see. Each one listens first and reads the current state second, so no
// change can fall between the two; events that arrive twice or late (several instances publish
// through Redis) are dropped by comparing the message's status version, so a subscriber only
// ever sees a message move forward.

/** Remembers the newest status version seen per message; bounded so a long subscription stays small. */
class ForwardOnly {
  private readonly versions = new Map<string, number>();
  private readonly receipts = new Set<string>();
  constructor(private readonly limit = 50_000) {}

  /** True when the event is news: a later status, or a receipt not seen before. */
  accept(event: MessageEvent): boolean {
    if (event.type !== "message.status") {
      if (this.receipts.has(event.id)) return false;
      this.receipts.add(event.id);
      if (this.receipts.size > this.limit) this.receipts.delete(this.receipts.values().next().value!);
      return true;
    }
    if ((this.versions.get(event.messageId) ?? 0) >= event.statusVersion) return false;
    this.versions.delete(event.messageId);
    this.versions.set(event.messageId, event.statusVersion);
    if (this.versions.size > this.limit) this.versions.delete(this.versions.keys().next().value!);
    return true;
  }
}

/** The next event, or undefined when `deadline` (epoch ms) passes first or the stream ends. */
async function nextBefore(stream: AsyncIterator<MessageEvent>, deadline: number | undefined): Promise<MessageEvent | undefined> {
  if (deadline === undefined) {
    const r = await stream.next();
    return r.done ? undefined : r.value;
  }
  const wait = deadline - Date.now();
  if (wait <= 0) return undefined;
  const controller = new AbortController();
  const timeout = sleep(wait, undefined, { signal: controller.signal }).then(
    () => undefined,
    () => undefined,
  );
  try {
    const r = await Promise.race([stream.next(), timeout]);
    return r && !r.done ? r.value : undefined;
  } finally {
    controller.abort();
  }
}

/**
 * Wraps a subscription's generator so that ending it from outside (the client unsubscribes) ends
 * its event stream first: an async generator waiting for the next event would otherwise only see
 * the request to return when that event came, keeping the listener meanwhile. The key it runs
 * under is watched too (live-auth.ts): once the key no longer passes, the stream ends at once with
 * the error a request would get, whatever it was waiting for, and gives back its slot and listener.
 */
function closable<T>(deps: ServiceDeps, principal: Principal, stream: AsyncIterator<unknown>, inner: AsyncGenerator<T>, release: () => void): AsyncGenerator<T> {
  let ended = false;
  /** The key's refusal, until a next() has thrown it. */
  let refused: ServiceError | undefined;
  let interrupt: ((error: ServiceError) => void) | undefined;
  const unwatch = deps.liveAuth.watchCaller(principal, (error) => {
    end();
    void stream.return?.();
    // Queued behind a step under way (a read): the generator's own cleanup runs once it settles.
    inner.return(undefined).catch(() => undefined);
    if (interrupt) interrupt(error);
    else refused = error;
  });
  const end = () => {
    if (ended) return;
    ended = true;
    unwatch();
    release();
  };
  const outer: AsyncGenerator<T> = {
    async next() {
      if (refused) {
        const error = refused;
        refused = undefined;
        throw error;
      }
      if (ended) return { done: true, value: undefined };
      const refusal = new Promise<never>((_, reject) => (interrupt = reject));
      try {
        const r = await Promise.race([inner.next(), refusal]);
        if (r.done) end();
        return r;
      } catch (err) {
        end();
        throw err;
      } finally {
        interrupt = undefined;
      }
    },
    async return(value) {
      end();
      await stream.return?.();
      return inner.return(value as T);
    },
    async throw(err) {
      end();
      await stream.return?.();
      return inner.throw(err);
    },
    [Symbol.asyncIterator]: () => outer,
    // `await using`: the same as return().
    [Symbol.asyncDispose]: async () => void (await outer.return(undefined)),
  };
  return outer;
}

/** Takes one of the key's live-subscription slots, or refuses with TOO_MANY_SUBSCRIPTIONS. */
const takeSlot = (deps: ServiceDeps, principal: Principal) => deps.subscriptionSlots.take(principal.limitKey, deps.config.realtime.maxSubscriptionsPerKey);

async function receiptsExpected(deps: ServiceDeps, accountId: number | null): Promise<boolean> {
  if (accountId === null || deps.config.realtime.receiptWaitMs === 0) return false;
  const account = await deps.db.account.findUnique({ where: { id: accountId }, select: { channel: true } });
  return account ? deps.channels.forAccount(account.channel).reportsReceipts : false;
}

/**
 * A message's current state at once, then each change. Ends at `failed`; at `sent` too, unless
 * its channel reports receipts: then it waits up to SUBSCRIPTION_RECEIPT_WAIT_SECONDS for them
 * and ends once the message is read.
 */
export async function messageStatusEvents(deps: ServiceDeps, principal: Principal, rawId: string): Promise<AsyncGenerator<MessageEvent>> {
  // Checked before anything starts, so another tenant's id is refused as a plain NOT_FOUND.
  await getMessage(deps, principal, rawId);
  const release = await takeSlot(deps, principal);
  const stream = deps.events.subscribe(principal.tenantId);
  return closable(deps, principal, stream, messageStatusSteps(deps, principal, rawId, stream), release);
}

async function* messageStatusSteps(deps: ServiceDeps, principal: Principal, rawId: string, stream: AsyncIterator<MessageEvent>): AsyncGenerator<MessageEvent> {
  try {
    await deps.events.ready(principal.tenantId);
    const current: Message = await getMessage(deps, principal, rawId);
    const order = new ForwardOnly();
    const first = statusEvent(current);
    order.accept(first);
    yield first;
    let status = current.status;
    let read = current.readAt !== null;
    let deadline: number | undefined;
    const settle = async () => {
      if (status === "sent" && !read && (await receiptsExpected(deps, current.accountId))) deadline = Date.now() + deps.config.realtime.receiptWaitMs;
    };
    await settle();
    const done = () => status === "failed" || (status === "sent" && (read || deadline === undefined));
    while (!done()) {
      const event = await nextBefore(stream, deadline);
      if (!event) return;
      if (event.messageId !== current.id.toString() || !order.accept(event)) continue;
      yield event;
      if (event.type === "message.read") read = true;
      if (event.type === "message.status") {
        status = event.status;
        current.accountId = event.accountId ?? current.accountId;
        if (status === "sent") await settle();
      }
    }
  } finally {
    await stream.return?.();
  }
}

export interface MessageEventFilter {
  batchId?: string | null | undefined;
  accountId?: number | null | undefined;
  statuses?: MessageStatus[] | null | undefined;
}

/** Every change of the tenant's messages, optionally only one batch's, one sender's, or some statuses. */
export async function tenantMessageEvents(deps: ServiceDeps, principal: Principal, filter: MessageEventFilter): Promise<AsyncGenerator<MessageEvent>> {
  await checkMessageEventFilter(deps, principal, filter);
  const { tenantId } = principal;
  return liveTenantStream(
    deps,
    principal,
    () => deps.events.subscribe(tenantId),
    () => deps.events.ready(tenantId),
    messageEventSieve(filter, principal),
  );
}

/** The filter's batch and account must be the caller's (another tenant's are unknown). */
async function checkMessageEventFilter(deps: ServiceDeps, principal: Principal, filter: MessageEventFilter): Promise<void> {
  if (filter.batchId != null) await getBatch(deps, principal, filter.batchId);
  if (filter.accountId != null) {
    requireOwnNumber(principal, filter.accountId);
    const account = await deps.db.account.findFirst({ where: { id: filter.accountId, tenantId: principal.tenantId }, select: { id: true } });
    if (!account) throw notFound("Account");
  }
}

/**
 * What starting a `messageEvents` subscription checks: the filter's batch and account are the
 * caller's, and the key has a subscription slot free. The answer gives the slot back.
 */
export async function admitMessageEvents(deps: ServiceDeps, principal: Principal, filter: MessageEventFilter): Promise<() => void> {
  await checkMessageEventFilter(deps, principal, filter);
  return takeSlot(deps, principal);
}

/** Decides, event by event in arrival order, which events a `messageEvents` subscription with this filter passes on. */
export function messageEventSieve(filter: MessageEventFilter, caller: Pick<Principal, "accountIds">): (event: MessageEvent) => boolean {
  const batchId = filter.batchId == null ? undefined : String(parseId(filter.batchId));
  const statuses = filter.statuses?.length ? new Set(filter.statuses) : undefined;
  const order = new ForwardOnly();
  return (event) =>
    mayUseNumber(caller, event.accountId ?? null) &&
    (batchId === undefined || event.batchId === batchId) &&
    (filter.accountId == null || event.accountId === filter.accountId) &&
    (!statuses || statuses.has(event.status)) &&
    order.accept(event);
}

async function* filteredEvents<E>(stream: AsyncIterator<E>, passes: (event: E) => boolean): AsyncGenerator<E> {
  try {
    for (let r = await stream.next(); !r.done; r = await stream.next()) {
      if (passes(r.value)) yield r.value;
    }
  } finally {
    await stream.return?.();
  }
}

/**
 * A tenant's events from `subscribe` that pass `passes`, under every live stream's rules: a
 * subscription slot of the key, listening before `ready` resolves, the key watched, and ended from
 * outside at once (see closable). Other features' streams (inbound messages) are built on it.
 */
export async function liveTenantStream<E>(
  deps: ServiceDeps,
  principal: Principal,
  subscribe: () => AsyncIterator<E>,
  ready: () => Promise<void>,
  passes: (event: E) => boolean,
): Promise<AsyncGenerator<E>> {
  const release = await takeSlot(deps, principal);
  const stream = subscribe();
  try {
    await ready();
  } catch (err) {
    release();
    await stream.return?.();
    throw err;
  }
  return closable(deps, principal, stream, filteredEvents(stream, passes), release);
}

/** How long a batch's changes are gathered before its counts are read again. */
const BATCH_PROGRESS_COALESCE_MS = 50;

/** A batch's counts at once and after its messages change, until none waits or is being sent. */
export async function batchProgressUpdates(deps: ServiceDeps, principal: Principal, rawId: string): Promise<AsyncGenerator<BatchView>> {
  await getBatch(deps, principal, rawId);
  const release = await takeSlot(deps, principal);
  const stream = deps.events.subscribe(principal.tenantId);
  return closable(deps, principal, stream, batchProgressSteps(deps, principal, rawId, stream), release);
}

/** Most events taken in one burst before counting again, so a steady flow still shows progress. */
const BURST_LIMIT = 1_000;

async function* batchProgressSteps(deps: ServiceDeps, principal: Principal, rawId: string, stream: AsyncIterator<MessageEvent>): AsyncGenerator<BatchView> {
  try {
    await deps.events.ready(principal.tenantId);
    let view = await getBatch(deps, principal, rawId);
    yield view;
    const batchId = String(view.batch.id);
    while (!batchFinished(view.counts)) {
      const event = await nextBefore(stream, undefined);
      if (!event) return;
      if (event.batchId !== batchId || event.type !== "message.status") continue;
      // A batch changes in bursts (a claimed batch of 100 becomes `sending` at once): one count
      // per burst rather than per message keeps a large batch from costing a query per event.
      await sleep(BATCH_PROGRESS_COALESCE_MS);
      for (let taken = 0; taken < BURST_LIMIT && (await nextBefore(stream, Date.now() + 1)); taken++);
      const next = await getBatch(deps, principal, rawId);
      if (JSON.stringify(next.counts) !== JSON.stringify(view.counts)) yield next;
      view = next;
    }
  } finally {
    await stream.return?.();
  }
}
