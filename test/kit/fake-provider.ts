import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Recorded {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  /** The body exactly as it arrived (what a signature covers). */
  raw: string;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** A string is sent as it is (empty or not JSON); anything else as JSON. */
  body?: unknown;
  /** Never answer (to test timeouts). */
  hang?: boolean;
  /** Send the status, headers and this start of a body, then stall (a timeout mid-body). */
  stall?: string;
}

/**
 * A local HTTP server standing in for a provider (or a webhook receiver): records every request,
 * answers as told; an answer may wait for a promise (a receiver the test holds).
 */
export async function startFakeProvider(answer: (req: Recorded) => Reply | Promise<Reply>) {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (d: Buffer) => (raw += d.toString()));
    req.on("end", () => {
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // kept as text
      }
      const recorded = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body, raw };
      requests.push(recorded);
      void Promise.resolve(answer(recorded)).then((reply) => {
        if (reply.hang || res.destroyed) return;
        res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
        if (reply.stall !== undefined) return void res.write(reply.stall);
        res.end(reply.body === undefined ? "" : typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port with nothing listening on it. */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
