/**
 * The pause between two polls of a loop, cut short by `notify()`. A notify that comes while the
 * loop is busy is remembered, so the next pause is skipped: work announced during a poll is not
 * left waiting for the one after.
 */
export class Wakeable {
  private wake: (() => void) | undefined;
  private woken = false;

  notify(): void {
    this.woken = true;
    this.wake?.();
  }

  /** Waits up to `ms`, or not at all when notified since the last pause. */
  async pause(ms: number): Promise<void> {
    if (!this.woken) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.wake = () => {
          this.wake = undefined;
          done();
        };
      });
    }
    this.woken = false;
  }
}
