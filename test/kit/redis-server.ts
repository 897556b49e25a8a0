import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { closedPort } from "./fake-provider.js";

export interface RedisServer {
  url: string;
  port: number;
  /** Ends the server (SIGTERM, no persistence) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty (as a Redis without persistence comes back). */
  start(): Promise<void>;
}

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.write("PING\r\n");
      socket.once("data", (d) => {
        socket.destroy();
        resolve(d.toString().startsWith("+PONG"));
      });
    });
    socket.once("error", () => resolve(false));
  });

/**
 * A Redis of the test's own on a free port, as a child process, so the test can stop it and start
 * it again (the shared one on 6379 is never touched).
 */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await closedPort();
  let child: ChildProcess | undefined;
  const server: RedisServer = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no"], {
        stdio: "ignore",
      });
      for (let i = 0; i < 200 && !(await answers(port)); i++) await sleep(25);
      if (!(await answers(port))) throw new Error(`redis-server on ${port} did not answer`);
    },
    async stop() {
      const c = child;
      child = undefined;
      if (!c || c.exitCode !== null) return;
      const exited = new Promise((resolve) => c.once("exit", resolve));
      c.kill("SIGTERM");
      await exited;
    },
  };
  await server.start();
  return server;
}
