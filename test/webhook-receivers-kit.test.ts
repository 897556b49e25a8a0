import { afterEach, describe, expect, it } from "vitest";
import { type AwkwardReceiver, startAwkwardReceiver } from "./kit/webhook-receivers.js";
import { waitFor } from "./kit/wait.js";

// The awkward webhook receivers themselves (test/kit/webhook-receivers.ts), against a plain client.

let receiver: AwkwardReceiver | undefined;
afterEach(async () => receiver?.close());

const post = (url: string, eventId: string, signal?: AbortSignal) =>
  fetch(url, { method: "POST", headers: { "x-event-id": eventId, "content-type": "application/json" }, body: JSON.stringify({ id: eventId }), ...(signal ? { signal } : {}) });

describe("awkward webhook receivers", () => {
  it("answers an event's first request only after the sender gave up, and the next at once", async () => {
    receiver = await startAwkwardReceiver("answer-after-timeout");
    const gaveUp = await post(receiver.url, "evt_1", AbortSignal.timeout(200)).catch((e: Error) => e.name);
    expect(gaveUp).toBe("TimeoutError");
    await waitFor(
      () => receiver!.attempts.length,
      (n) => n === 1,
    );
    expect((await post(receiver.url, "evt_1")).status).toBe(204);
    expect(receiver.attempts).toEqual([
      { eventId: "evt_1", outcome: "late" },
      { eventId: "evt_1", outcome: "ok" },
    ]);
  });

  it("resets the connection on an event's first request, and answers the next at once", async () => {
    receiver = await startAwkwardReceiver("reset-mid-request");
    const reset = await post(receiver.url, "evt_2").catch((e: Error & { cause?: { code?: string } }) => e.cause?.code);
    expect(reset).toBe("ECONNRESET");
    expect((await post(receiver.url, "evt_2")).status).toBe(204);
    expect(receiver.attempts).toEqual([
      { eventId: "evt_2", outcome: "reset" },
      { eventId: "evt_2", outcome: "ok" },
    ]);
  });
});
