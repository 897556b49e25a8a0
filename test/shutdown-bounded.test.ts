import net from "node:net";
import { describe, expect, it } from "vitest";
import { startServer } from "./kit/server.js";

// A stop must not wait on peers that never finish: a websocket that never answers its close frame
// (ws alone would wait 30 s for each), a request whose body never completes, a live stream over
// server-sent events, and a refused upgrade whose peer keeps its half of the connection open. Each
// is cut once the drain budget (WORKER_SHUTDOWN_MS) is spent, and close() returns.

/**
 * Opens a raw connection and sends `request`; resolves once the first bytes of the answer are back.
 * With `holdOpen` the server's end of the answer does not end our half of the connection.
 */
async function rawExchange(url: string, request: string[], holdOpen = false): Promise<{ firstLine: string; ended: Promise<void>; socket: net.Socket }> {
  const { hostname, port } = new URL(url);
  const socket = net.connect({ port: Number(port), host: hostname, allowHalfOpen: holdOpen });
  await new Promise<void>((resolve) => socket.once("connect", resolve));
  const ended = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  const firstLine = new Promise<string>((resolve) => socket.once("data", (chunk: Buffer) => resolve(chunk.toString("latin1").split("\r\n")[0] ?? "")));
  socket.write([...request, `Host: ${hostname}:${port}`, "", ""].join("\r\n"));
  socket.resume();
  return { firstLine: await firstLine, ended, socket };
}

/** An upgrade to a path that serves none: answered 404 and half-closed by the server, never by us. */
const refusedUpgrade = (url: string) =>
  rawExchange(url, ["GET /nowhere HTTP/1.1", "Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13"], true);

/** A subscription over server-sent events that nothing will end: every message event from now on. */
const liveStream = (url: string, key: string) =>
  rawExchange(url, [`GET /graphql?query=${encodeURIComponent("subscription { messageEvents { type } }")} HTTP/1.1`, "Accept: text/event-stream", `Authorization: Bearer ${key}`]);

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
  it("cuts a silent websocket, an unfinished request body, a live stream and a half-open refused upgrade, says so, then closes", async () => {
    const warnings: Record<string, unknown>[] = [];
    const logTo = { write: (line: string) => void warnings.push(JSON.parse(line) as Record<string, unknown>) };
    const server = await startServer({ WORKER_SHUTDOWN_MS: "300", LOG_LEVEL: "warn" }, { logTo });
    let closed = false;
    try {
      const tenant = await server.seed.tenant().account().create();
      const ws = await silentWebsocket(server.url);
      expect(await ws.upgraded).toBe("HTTP/1.1 101 Switching Protocols");
      const request = await unfinishedRequest(server.url, tenant.key);
      const stream = await liveStream(server.url, tenant.key);
      expect(stream.firstLine).toBe("HTTP/1.1 200 OK");
      const refused = await refusedUpgrade(server.url);
      expect(refused.firstLine).toBe("HTTP/1.1 404 Not Found");
      // The unfinished request is being handled (its body is awaited) before the stop begins.
      await new Promise((r) => setTimeout(r, 100));

      await server.close();
      closed = true;
      // No peer ever finished, so each was cut by the server rather than closed by itself (the
      // refused upgrade keeps its half open whatever the server does: the log says it was cut).
      await Promise.all([ws.ended, request.ended, stream.ended]);
      refused.socket.destroy();
      const said = (msg: string) => warnings.find((w) => w.msg === msg);
      expect(said("websockets that did not answer their close in time were cut")).toMatchObject({ sockets: 1 });
      // The live stream's handler has answered (its events keep flowing): the unfinished body is
      // the request still running; the stream's connection is dropped with the rest.
      expect(said("requests still running at shutdown; their connections are cut")).toMatchObject({ requests: 1 });
      expect(said("connections still open at shutdown were cut")).toMatchObject({ connections: 1 });
    } finally {
      if (!closed) await server.close();
    }
  });
});
