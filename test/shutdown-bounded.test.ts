import net from "node:net";
import { describe, expect, it } from "vitest";
import { startServer } from "./kit/server.js";

// A stop must not wait on peers that never finish: a websocket that never answers its close frame
// (ws alone would wait 30 s for each) and a request whose body never completes. Both are cut once
// the drain budget (WORKER_SHUTDOWN_MS) is spent, and close() returns.

/** A raw TCP connection that upgrades to graphql-transport-ws and then ignores every frame. */
async function silentWebsocket(url: string): Promise<{ ended: Promise<void>; upgraded: Promise<string> }> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  await new Promise<void>((resolve) => socket.once("connect", resolve));
  socket.write(
    [
      "GET /graphql HTTP/1.1",
      `Host: ${hostname}:${port}`,
      "Upgrade: websocket",
      "Connection: Upgrade",
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
      "Sec-WebSocket-Version: 13",
      "Sec-WebSocket-Protocol: graphql-transport-ws",
      "",
      "",
    ].join("\r\n"),
  );
  const upgraded = new Promise<string>((resolve) => socket.once("data", (chunk: Buffer) => resolve(chunk.toString("latin1").split("\r\n")[0] ?? "")));
  const ended = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  return { ended, upgraded };
}

/** A POST /api/v1/send whose declared body never arrives in full. */
async function unfinishedRequest(url: string, key: string): Promise<{ ended: Promise<void> }> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  await new Promise<void>((resolve) => socket.once("connect", resolve));
  const half = '{"to":"0501234567",';
  socket.write(`POST /api/v1/send HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n${half}`);
  socket.resume();
  return { ended: new Promise<void>((resolve) => socket.once("close", () => resolve())) };
}

describe("a stop bounded by its drain budget", () => {
  it("cuts a websocket that never answers its close and a request whose body never ends, then closes", async () => {
    const warnings: string[] = [];
    const logTo = { write: (line: string) => void warnings.push(String((JSON.parse(line) as { msg?: unknown }).msg)) };
    const server = await startServer({ WORKER_SHUTDOWN_MS: "300", LOG_LEVEL: "warn" }, { logTo });
    let closed = false;
    try {
      const tenant = await server.seed.tenant().account().create();
      const ws = await silentWebsocket(server.url);
      expect(await ws.upgraded).toBe("HTTP/1.1 101 Switching Protocols");
      const request = await unfinishedRequest(server.url, tenant.key);
      // The unfinished request is being handled (its body is awaited) before the stop begins.
      await new Promise((r) => setTimeout(r, 100));

      await server.close();
      closed = true;
      // Neither peer ever answered, so both were cut by the server rather than closed by them.
      await ws.ended;
      await request.ended;
      expect(warnings).toContain("websockets that did not answer their close in time were cut");
      expect(warnings).toContain("requests still running at shutdown; their connections are cut");
    } finally {
      if (!closed) await server.close();
    }
  });
});
