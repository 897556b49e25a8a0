import type { Logger } from "pino";
import type { Db } from "../db/database.js";
import type { ServiceClock } from "../clock.js";
import { keyRefusal, keyStandingSelect } from "./key-standing.js";
import { sessionRefusal } from "./session-standing.js";
import { ServiceError } from "../errors.js";
import type { Principal } from "../principal.js";
import { staffRefusal, staffStandingSelect } from "../staff/staff-standing.js";

// A live stream is authenticated when it starts, but may run for hours. Streams register the key
// they run under here, and every interval the keys of all open streams are checked again with the
// rule requests use (auth.ts), so a key revoked, a tenant suspended or a subscription that ended
// stops its streams within one interval plus one query. The check reads the database every
// instance shares, so a change made through any instance or the admin CLI reaches the streams of
// all of them, with or without Redis.

/** Keys named in one query: distinct keys of open streams, far below PostgreSQL's bind-parameter cap. */
const KEYS_PER_QUERY = 10_000;

export type OnKeyRefused = (error: ServiceError) => void;

export class LiveAuthWatcher {
  private readonly byKey = new Map<number, Set<OnKeyRefused>>();
  /** Console sessions of open streams (core/auth/console-session.ts): signed out or over, their streams end too. */
  private readonly bySession = new Map<number, Set<OnKeyRefused>>();
  /** Staff users of open streams, by `<user id>:<role>`: disabled, or given another role, their streams end. */
  private readonly byUser = new Map<string, Set<OnKeyRefused>>();
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly clock: ServiceClock,
    private readonly log: Logger,
    private readonly intervalMs: number,
  ) {}

  /** Open streams being watched, for tests and metrics. */
  get watching(): number {
    let n = 0;
    for (const callbacks of [...this.byKey.values(), ...this.bySession.values(), ...this.byUser.values()]) n += callbacks.size;
    return n;
  }

  /**
   * Calls `onRefused` once, with the error a request would now get, when the key stops passing.
   * The answer stops watching; a stream must call it when it ends for any other reason.
   */
  watch(apiKeyId: number, onRefused: OnKeyRefused): () => void {
    return this.register(this.byKey, apiKeyId, onRefused);
  }

  /** As `watch`, for whoever `principal` is: its key, or its staff user in the role it acted in. */
  watchCaller(principal: Pick<Principal, "apiKeyId" | "userId" | "role">, onRefused: OnKeyRefused): () => void {
    if (principal.apiKeyId !== null) return this.watch(principal.apiKeyId, onRefused);
    return this.register(this.byUser, `${principal.userId}:${principal.role}`, onRefused);
  }

  /** As `watch`, for a console session: `onRefused` runs once it is signed out or over. */
  watchSession(sessionId: number, onRefused: OnKeyRefused): () => void {
    return this.register(this.bySession, sessionId, onRefused);
  }

  private register<K>(map: Map<K, Set<OnKeyRefused>>, id: K, onRefused: OnKeyRefused): () => void {
    if (this.closed) return () => undefined;
    // A function of its own per registration, so one stream registered twice is two watchers.
    const callback: OnKeyRefused = (error) => onRefused(error);
    let callbacks = map.get(id);
    if (!callbacks) map.set(id, (callbacks = new Set()));
    callbacks.add(callback);
    this.schedule();
    return () => {
      const current = map.get(id);
      if (!current?.delete(callback) || current.size > 0) return;
      map.delete(id);
      // Nothing runs while no stream is open (a worker process never starts the timer).
      if (this.idle) this.stopTimer();
    };
  }

  private get idle(): boolean {
    return this.byKey.size === 0 && this.bySession.size === 0 && this.byUser.size === 0;
  }

  /** Stops checking and forgets every stream; resolves once a check under way has finished. */
  async close(): Promise<void> {
    this.closed = true;
    this.stopTimer();
    this.byKey.clear();
    this.bySession.clear();
    this.byUser.clear();
    await this.checking;
  }

  private stopTimer(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** One check at a time: the next interval starts when the last check has finished. */
  private schedule(): void {
    if (this.closed || this.timer || this.checking || this.idle) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.checking = this.check().finally(() => {
        this.checking = undefined;
        this.schedule();
      });
    }, this.intervalMs);
    this.timer.unref();
  }

  private async check(): Promise<void> {
    await this.checkEach(this.byKey, async (chunk) => {
      const rows = await this.db.apiKey.findMany({ relationLoadStrategy: "join", where: { id: { in: chunk } }, select: { id: true, ...keyStandingSelect } });
      const found = new Map(rows.map((row) => [row.id, row]));
      return (id) => keyRefusal({ clock: this.clock }, found.get(id) ?? null);
    });
    await this.checkEach(this.bySession, async (chunk) => {
      const rows = await this.db.consoleSession.findMany({ where: { id: { in: chunk } }, select: { id: true, endedAt: true, expiresAt: true } });
      const found = new Map(rows.map((row) => [row.id, row]));
      return (id) => sessionRefusal({ clock: this.clock }, found.get(id) ?? null);
    });
    await this.checkEach(this.byUser, async (chunk) => {
      const ids = chunk.map((k) => Number(k.split(":")[0]));
      const rows = await this.db.staffUser.findMany({ relationLoadStrategy: "join", where: { id: { in: ids } }, select: { id: true, role: true, ...staffStandingSelect } });
      const found = new Map(rows.map((row) => [row.id, row]));
      return (k) => {
        const [id, role] = k.split(":");
        const row = found.get(Number(id)) ?? null;
        return staffRefusal({ clock: this.clock }, row) ?? (row!.role === role ? undefined : new ServiceError("UNAUTHORIZED", "This user's role has changed: sign in again."));
      };
    });
  }

  /** Reads the standing of `map`'s ids a chunk at a time and refuses those that no longer pass. */
  private async checkEach<K>(map: Map<K, Set<OnKeyRefused>>, read: (chunk: K[]) => Promise<(id: K) => ServiceError | undefined>): Promise<void> {
    const ids = [...map.keys()];
    for (let i = 0; i < ids.length && !this.closed; i += KEYS_PER_QUERY) {
      const chunk = ids.slice(i, i + KEYS_PER_QUERY);
      const refusalOf = await read(chunk).catch((err: unknown) => {
        // A database blip does not end every stream; they are checked again next interval.
        if (!this.closed) this.log.warn({ err }, "could not recheck the keys of live streams; trying again next interval");
      });
      if (!refusalOf) return;
      for (const id of chunk) {
        const refusal = refusalOf(id);
        if (refusal) this.refuse(map, id, refusal);
      }
    }
  }

  private refuse<K>(map: Map<K, Set<OnKeyRefused>>, id: K, error: ServiceError): void {
    const callbacks = map.get(id);
    map.delete(id);
    if (this.idle) this.stopTimer();
    for (const callback of callbacks ?? []) {
      try {
        callback(error);
      } catch (err) {
        this.log.error({ err, id }, "ending a live stream of a refused key or session failed");
      }
    }
  }
}
