import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { root } from "./spawn.js";

/** A port free right now, for a child process that cannot be told to take port 0 (or where nothing listens). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Stoplight Prism as a validating proxy in front of `upstream`, reading the OpenAPI document from
 * `documentUrl` as an integrator's tooling would. With `--errors`, a request the document does not
 * allow is refused by Prism (422, problem+json) and never reaches the server, and an answer that
 * breaks the document is reported in the `sl-violations` header.
 */
export async function startPrismProxy(documentUrl: string, upstream: string): Promise<{ url: string; close(): void }> {
  const port = await freePort();
  const child: ChildProcess = spawn(path.join(root, "node_modules/.bin/prism"), ["proxy", documentUrl, upstream, "--errors", "--host", "127.0.0.1", "--port", String(port)], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start within 60 s:\n${out}`)), 60_000);
    const read = (d: Buffer) => {
      out += d.toString();
      if (out.includes("Prism is listening")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited ${code}:\n${out}`));
    });
  });
  return { url: `http://127.0.0.1:${port}`, close: () => child.kill("SIGTERM") };
}
