import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./kit/server.js";

// Every log line of a request carries its id (also answered as X-Request-Id); API keys and message
// texts never reach the log.
const lines: Array<Record<string, unknown>> = [];
const raw: string[] = [];
let server: TestServer;
beforeAll(async () => {
  server = await startServer(
    { LOG_LEVEL: "info" },
    {
      logTo: {
        write: (line: string) => {
          raw.push(line);
          lines.push(JSON.parse(line) as Record<string, unknown>);
        },
      },
    },
  );
});
afterAll(() => server.close());

describe("request ids and logs", () => {
  it("answers X-Request-Id, keeps a plain one the caller sent, and replaces anything else", async () => {
    const t = await server.seed.tenant().account().create();
    const fresh = await server.client(t.key).get("/balance");
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await server.client(t.key).get("/balance", { "x-request-id": "trace-abc.123" });
    expect(kept.headers.get("x-request-id")).toBe("trace-abc.123");
    const replaced = await server.client(t.key).get("/balance", { "x-request-id": "bad id\twith spaces" });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("puts the request id on every line logged while handling it, and never the key or the text", async () => {
    const t = await server.seed.tenant().account().create();
    const secretText = "one-time code 918273";
    const before = lines.length;
    // A number the simulator refuses: the service logs the failure while handling the request.
    const r = await server.client(t.key).request("POST", `/api/v1/send?api_key=${t.key}`, { to: "0500000001", message: secretText }, { "x-request-id": "req-failing-send" });
    expect(r.status).toBe(502);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const mine = lines.slice(before).filter((l) => l.requestId === "req-failing-send");
    expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(["delivery failed", "request"]));
    expect(mine.find((l) => l.msg === "request")).toMatchObject({ method: "POST", path: "/api/v1/send", status: 502 });
    const text = raw.join("");
    expect(text).not.toContain(t.key);
    expect(text).not.toContain(secretText);
  });
});
