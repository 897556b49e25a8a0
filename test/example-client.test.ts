import { describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import { runScript } from "./kit/spawn.js";
import { OWN_PROCESSES_MS } from "./kit/limits.js";

// The typed client in examples/ run as a user runs it, against a started server.
describe("examples/send-and-follow.ts", () => {
  const server = useServer();
  const runExample = (key: string, args: string[]) => runScript("examples/send-and-follow.ts", args, { GATEWAY_URL: server().url, GATEWAY_API_KEY: key }, 60_000);

  it("sends a message and follows it over the websocket until it is sent", { timeout: OWN_PROCESSES_MS }, async () => {
    const t = await server().seed.tenant().account().create();
    const r = await runExample(t.key, ["0501234567", "typed hello"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    // A single send is delivered within its request; the subscription then opens at that state
    // and the server completes it, since the simulator reports no receipts.
    const id = /^message (\d+) to 966501234567: sent$/m.exec(r.stdout)?.[1];
    expect(id, r.stdout).toBeDefined();
    const statuses = [...r.stdout.matchAll(/^\S+\s+STATUS\s+(\w+)$/gm)].map((m) => m[1]);
    expect(statuses).toEqual(["sent"]);
    expect(r.stdout.trim().endsWith("done: sent")).toBe(true);
    const rest = await server().client(t.key).get(`/messages/${id}`);
    expect(rest.body).toMatchObject({ status: "sent", to: "966501234567" });
  });

  it("reports a refused send with its code and exits 1", { timeout: OWN_PROCESSES_MS }, async () => {
    const t = await server().seed.tenant().account().create();
    const r = await runExample(t.key, ["0500000001", "to nobody"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("CHANNEL_ERROR");
    const wrongKey = await runExample("gw_not_a_key", ["0501234567", "x"]);
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stderr).toContain("UNAUTHORIZED");
  });
});

// The REST client generated from the published document (openapi-typescript + openapi-fetch).
describe("examples/rest/send-and-check.ts", () => {
  const server = useServer();
  const runExample = (key: string, args: string[]) => runScript("examples/rest/send-and-check.ts", args, { GATEWAY_URL: server().url, GATEWAY_API_KEY: key }, 60_000);

  it("sends, reads the message back and shows the allowance through the typed client", { timeout: OWN_PROCESSES_MS }, async () => {
    const t = await server().seed.tenant({ monthlyLimit: 50 }).account().create();
    const r = await runExample(t.key, ["0501234567", "typed REST hello"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const id = /^message (\d+) to 966501234567: sent$/m.exec(r.stdout)?.[1];
    expect(id, r.stdout).toBeDefined();
    expect(r.stdout).toMatch(/^read back: sent at \S+$/m);
    expect(r.stdout).toMatch(/^allowance left: 49 of 50$/m);
    const rest = await server().client(t.key).get(`/messages/${id}`);
    expect(rest.body).toMatchObject({ status: "sent", to: "966501234567" });
  });

  it("prints the error's code and exits 1 when the API refuses", { timeout: OWN_PROCESSES_MS }, async () => {
    const t = await server().seed.tenant().account().create();
    const invalid = await runExample(t.key, ["not a number", "x"]);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toMatch(/^VALIDATION_ERROR \(422\): .*"to"/m);
    const wrongKey = await runExample("gw_not_a_key", ["0501234567", "x"]);
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stderr).toMatch(/^UNAUTHORIZED \(401\)/m);
  });
});
