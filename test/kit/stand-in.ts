import http from "node:http";
import type { AddressInfo } from "node:net";

// What the HTTP stand-ins of outside services (n8n.ts, typebot.ts) share: a server on a free port
// of 127.0.0.1, closed with its open connections, and answers that can be held back to play a
// service slower than its caller waits.

/** Answers given through `after` wait while they are held. */
export class HeldAnswers {
  private gate: Promise<void> = Promise.resolve();

  /** Holds the answers from now on; they go when the returned function is called. */
  hold(): () => void {
    let release = () => {};
    this.gate = new Promise<void>((resolve) => (release = resolve));
    return () => {
      release();
      this.gate = Promise.resolve();
    };
  }

  after(answer: () => void): void {
    void this.gate.then(answer);
  }
}

/** Serves `handler` on a free port of 127.0.0.1. */
export async function listenLocally(handler: http.RequestListener): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
