import type { Logger } from "pino";
import { Prisma } from "../../generated/prisma/client.js";
import { isUnavailable } from "../unavailable.js";
import type { Db } from "./database.js";

// Reads that may lag (lists, reports, exports, the console's pages, the audit log) go to a
// streaming standby while it is within READ_MAX_LAG_MS of the primary, else to the primary. How far
// behind it is comes from WAL positions, not from the last replayed commit's time (which stands
// still when nothing is written): every check notes the primary's current position and when it
// was read, and the standby is as far behind as the newest noted position it has replayed. A
// standby that cannot be reached, or that was promoted (then it is no standby of this primary, and
// what it holds may part from it), is not read until a check finds it well again. A read that fails
// on it because it went away, or was cancelled by a conflict with recovery, is read again on the
// primary: a caller never pays for the standby's trouble.

export type StandbyWhy = "starting" | "within bound" | "lagging" | "unreachable" | "promoted";

export interface StandbyState {
  /** Whether reads that may lag go to the standby now. */
  inUse: boolean;
  /** How far behind the primary the standby is, in ms; null when not known (unreachable, promoted, starting). */
  lagMs: number | null;
  why: StandbyWhy;
}

/** A WAL position (`16/B374D848`) as a number that orders as positions do. */
export const walPosition = (text: string): bigint => {
  const [high = "0", low = "0"] = text.split("/");
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
};

/** SQLSTATE 40001 on a standby: a query cancelled by a conflict with recovery (a vacuum it replays). */
const cancelledByRecovery = (err: unknown) => (err as { code?: string; meta?: { code?: string } }).code === "40001" || (err as { meta?: { code?: string } }).meta?.code === "40001";

interface Noted {
  position: bigint;
  at: number;
}

export class ReadStandby {
  private noted: Noted[] = [];
  private current: StandbyState = { inUse: false, lagMs: null, why: "starting" };
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;
  /** The standby's client: each read that fails there for the standby's own trouble is read again on the primary. */
  readonly client: Db;

  constructor(
    private readonly primary: Db,
    private readonly standby: Db,
    private readonly opts: { maxLagMs: number; checkMs: number; now?: () => number },
    private readonly log: Logger,
  ) {
    this.client = standby.$extends({
      query: {
        $allOperations: async ({ args, query, model, operation }) => {
          try {
            return (await query(args)) as unknown;
          } catch (err) {
            if (!isUnavailable(err) && !cancelledByRecovery(err)) throw err;
            this.set({ inUse: false, lagMs: null, why: "unreachable" }, err);
            return readOnPrimary(primary, model, operation, args);
          }
        },
      },
    }) as unknown as Db;
  }

  /** Where a read that may lag goes now. */
  get db(): Db {
    return this.current.inUse ? this.client : this.primary;
  }

  get state(): StandbyState {
    return this.current;
  }

  /** Checks now and then every `checkMs` until stop(). */
  start(): Promise<void> {
    this.timer ??= setInterval(() => void this.check(), this.opts.checkMs).unref();
    return this.check();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One look at both servers (a look already under way is shared). */
  check(): Promise<void> {
    return (this.checking ??= this.look().finally(() => (this.checking = undefined)));
  }

  private now(): number {
    return this.opts.now?.() ?? performance.now();
  }

  private async look(): Promise<void> {
    let standby: { recovering: boolean; replayed: string | null } | undefined;
    try {
      // The primary's position first: whatever the standby has replayed by its answer was
      // committed no later than this moment.
      const at = this.now();
      const [primary] = await this.primary.$queryRaw<Array<{ position: string }>>`SELECT pg_current_wal_lsn()::text AS position`;
      this.note({ position: walPosition(primary!.position), at });
      [standby] = await this.standby.$queryRaw<Array<{ recovering: boolean; replayed: string | null }>>`
        SELECT pg_is_in_recovery() AS recovering, pg_last_wal_replay_lsn()::text AS replayed`;
    } catch (err) {
      return this.set({ inUse: false, lagMs: null, why: "unreachable" }, err);
    }
    if (!standby?.recovering || standby.replayed === null) return this.set({ inUse: false, lagMs: null, why: "promoted" });
    const lagMs = this.lagAt(walPosition(standby.replayed));
    const within = lagMs !== null && lagMs <= this.opts.maxLagMs;
    this.set({ inUse: within, lagMs, why: within ? "within bound" : "lagging" });
  }

  private note(n: Noted): void {
    this.noted.push(n);
    // Positions older than the bound (and one more) can only say "too far behind".
    const horizon = n.at - this.opts.maxLagMs - 2 * this.opts.checkMs;
    while (this.noted.length > 2 && this.noted[1]!.at < horizon) this.noted.shift();
  }

  /**
   * ms since the newest noted primary position the standby has replayed. Behind them all, it is at
   * least as far behind as the oldest: that is said once it passes the bound, and until then
   * (a start, a standby just back) how far is not known (null).
   */
  private lagAt(replayed: bigint): number | null {
    const now = this.now();
    for (let i = this.noted.length - 1; i >= 0; i--) if (this.noted[i]!.position <= replayed) return Math.round(now - this.noted[i]!.at);
    const oldest = now - (this.noted[0]?.at ?? now);
    return oldest > this.opts.maxLagMs ? Math.round(oldest) : null;
  }

  private set(next: StandbyState, err?: unknown): void {
    if (next.why !== this.current.why) {
      const level = next.inUse ? "info" : "warn";
      this.log[level]({ err, lagMs: next.lagMs, was: this.current.why }, `read standby: ${next.why}; reads that may lag go to the ${next.inUse ? "standby" : "primary"}`);
    }
    this.current = next;
  }
}

/**
 * The same read on the primary: a model's operation with its arguments, or a raw query as the
 * client's extensions see it (a tagged $queryRaw as its strings and then its values).
 */
function readOnPrimary(primary: Db, model: string | undefined, operation: string, args: unknown): Promise<unknown> {
  if (operation === "$queryRaw" && Array.isArray(args) && Array.isArray(args[0])) return primary.$queryRaw(new Prisma.Sql(args[0] as string[], args.slice(1)));
  const target = (model ? (primary as unknown as Record<string, unknown>)[model.charAt(0).toLowerCase() + model.slice(1)] : primary) as Record<
    string,
    (...a: unknown[]) => Promise<unknown>
  >;
  const run = target[operation]!.bind(target);
  return Array.isArray(args) ? run(...(args as unknown[])) : run(args);
}
