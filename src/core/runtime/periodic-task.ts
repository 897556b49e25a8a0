import type { Logger } from "pino";

/**
 * Runs a piece of upkeep at start and then every `intervalMs` beside the worker, never two runs at
 * once (a slow run makes the next tick skip); a failure is logged and tried again at the next tick.
 * `stop` waits for a run in progress.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly what: string,
    private readonly intervalMs: number,
    private readonly run: () => Promise<void>,
    private readonly log: Logger,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.runOnce(), this.intervalMs);
    this.timer.unref();
    this.runOnce();
  }

  /** Runs now, or once more right after the run in progress: work it does became due (nothing before `start`). */
  nudge(): void {
    if (!this.timer) return;
    if (this.running) this.again = true;
    else this.runOnce();
  }

  private runOnce(): void {
    if (this.running) return;
    this.running = this.run()
      .catch((err: unknown) => this.log.error({ err }, `${this.what} failed; trying again at the next interval`))
      .finally(() => {
        this.running = undefined;
        if (this.again && this.timer) {
          this.again = false;
          this.runOnce();
        }
      });
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
