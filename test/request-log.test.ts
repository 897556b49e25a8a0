import net from "node:net";
import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./kit/server.js";
import { waitFor } from "./kit/wait.js";

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
    // The request's own line is written once its answer has gone: the last of its lines.
    const mine = await waitFor(
      () => lines.slice(before).filter((l) => l.requestId === "req-failing-send"),
      (found) => found.some((l) => l.msg === "request"),
    );
    expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(["delivery failed", "request"]));
    expect(mine.find((l) => l.msg === "request")).toMatchObject({ method: "POST", path: "/api/v1/send", status: 502 });
    const text = raw.join("");
    expect(text).not.toContain(t.key);
    expect(text).not.toContain(secretText);
  });

  it("takes a caller gone before its body ended as routine: nothing stored, no fault logged, the next request served", async () => {
    const t = await server.seed.tenant().account().create();
    const before = lines.length;
    const { hostname, port } = new URL(server.url);
    const socket = net.connect(Number(port), hostname);
    await once(socket, "connect");
    const head = `POST /api/v1/send HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${t.key}\r\nContent-Type: application/json\r\nContent-Length: 200\r\nX-Request-Id: req-cut-short\r\n\r\n`;
    socket.write(`${head}{"to": "0501234567", "message": "cut`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const mine = lines.slice(before).filter((l) => l.requestId === "req-cut-short");
    expect(mine.filter((l) => (l.level as number) >= 40).map((l) => l.msg)).toEqual([]);
    const balance = await server.client(t.key).get("/balance");
    expect(balance.status).toBe(200);
    expect(await server.app.deps.db.message.count({ where: { tenantId: t.id } })).toBe(0);
  });

  it("never logs GraphQL variables: refusals at debug with their code, faults at error with numbers masked", async () => {
    const t = await server.seed.tenant().account().create();
    const api = server.client(t.key);
    // Eight digits: a shorter number turns up by chance in the log's random request ids.
    const secretText = "your pin is 44170093 do not share";
    const phone = "0559876543";
    const before = lines.length;
    const send = "mutation ($input: SendMessageInput!) { sendMessage(input: $input) { message { id } } }";
    // Refused by GraphQL's own coercion (the message of that error quotes the whole variable) and by the service.
    await api.request("POST", "/graphql", { query: send, variables: { input: { to: phone, text: secretText, accountId: "one" } } });
    await api.request("POST", "/graphql", { query: send, variables: { input: { to: "12", text: secretText } } });
    await api.request("POST", "/graphql", { query: `mutation { sendMessage(input: { to: "${phone}", text: "${secretText}", imageUrl: "nope" }) { message { id } } }` });
    // A fault below the API while a number and a text are in flight.
    await server.app.database.prisma.$executeRawUnsafe(`ALTER TABLE "message" RENAME TO "message_moved"`);
    try {
      const r = await api.request("POST", "/graphql", { query: send, variables: { input: { to: phone, text: secretText } } });
      expect(r.body.errors[0].extensions.code).toBe("INTERNAL_ERROR");
    } finally {
      await server.app.database.prisma.$executeRawUnsafe(`ALTER TABLE "message_moved" RENAME TO "message"`);
    }
    // Each of the four requests has written its own line, the last of its lines.
    const mine = await waitFor(
      () => lines.slice(before),
      (found) => found.filter((l) => l.msg === "request" && l.path === "/graphql").length === 4,
    );
    // Lines of these requests (the in-process worker's poll fails too while the table is away).
    const errors = mine.filter((l) => (l.level as number) >= 50 && l.requestId !== undefined);
    // Only the fault is an error; the three refusals are not (this logger is at info: they are not even written).
    expect(
      errors.map((l) => l.msg),
      JSON.stringify(errors),
    ).toEqual(["graphql operation failed"]);
    expect(errors[0]!.err).toMatchObject({ type: expect.any(String), message: expect.any(String), stack: expect.any(String) });
    const text = raw.slice(-mine.length).join("");
    expect(text).not.toContain(secretText);
    expect(text).not.toContain("44170093");
    expect(text).not.toContain(phone.slice(1));
    expect(text).not.toContain("559876543");
  });
});
