/**
 * Calls made in the same turn of the event loop, run as one: the first call of a turn schedules
 * `run` for the end of it (setImmediate), and every call of the turn gets its whole answer, or its
 * error. Work that finishes together (sends to a fast provider, webhooks to a fast receiver) thus
 * records its outcomes in one statement instead of one each; work that finishes apart is recorded
 * as it finishes, never later.
 */
export function perTurn<T, R>(run: (items: T[]) => Promise<R>): (item: T) => Promise<R> {
  let waiting: Array<{ item: T; resolve: (answer: R) => void; reject: (err: unknown) => void }> = [];
  const flush = async () => {
    const batch = waiting;
    waiting = [];
    try {
      const answer = await run(batch.map((w) => w.item));
      for (const w of batch) w.resolve(answer);
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  };
  return (item) =>
    new Promise<R>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(() => void flush());
      waiting.push({ item, resolve, reject });
    });
}
