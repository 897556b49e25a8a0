import { describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import { graphql } from "../src/gql/index.js";

// The messages list found by number (any accepted spelling) and by the time it was accepted (the
// console's messages page uses these).

const Find = graphql(`
  query FilterTestMessages($to: String, $since: String, $until: String) {
    messages(first: 10, to: $to, since: $since, until: $until) { edges { node { to text } } }
  }
`);

const Activity = graphql(`
  query FilterTestActivity {
    queuedMessages
    sendingActivity { hour sent failed }
  }
`);

describe("messages filters", () => {
  const server = useServer();

  it("finds a tenant's messages by number and time, and names a bad bound", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    for (const to of ["0501112233", "0504445566"]) expect((await api.post("/send", { to, message: `Hi ${to}` })).status).toBe(200);
    const now = server().app.deps.clock.now().getTime();
    const texts = async (vars: { to?: string; since?: string; until?: string }) => (await api.graphql(Find, vars)).data?.messages.edges.map((e) => e.node.text);
    expect(await texts({ to: "+966 50 111 2233" })).toEqual(["Hi 0501112233"]);
    expect(await texts({ since: new Date(now - 60_000).toISOString(), until: new Date(now + 60_000).toISOString() })).toHaveLength(2);
    expect(await texts({ since: new Date(now + 60_000).toISOString() })).toEqual([]);
    // Another tenant's number finds nothing of this one.
    const other = await server().seed.tenant().account().create();
    expect((await server().client(other.key).graphql(Find, { to: "0501112233" })).data?.messages.edges).toEqual([]);
    const bad = await api.graphql(Find, { since: "yesterday" });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION_ERROR", fields: { since: expect.any(String) } });
    expect((await api.graphql(Find, { to: "not a number" })).errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION_ERROR", fields: { to: expect.any(String) } });
  });

  it("counts the queue and the last 24 hours hour by hour, this tenant's only", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    expect((await api.post("/send", { to: "0501112233", message: "now" })).status).toBe(200);
    const later = new Date(server().app.deps.clock.now().getTime() + 86_400_000).toISOString();
    expect((await api.post("/send-bulk", { numbers: ["0501112234", "0501112235"], message: "later", send_at: later })).status).toBe(200);
    const other = await server().seed.tenant().account().create();
    expect((await server().client(other.key).post("/send", { to: "0501112233", message: "theirs" })).status).toBe(200);
    const a = (await api.graphql(Activity)).data!;
    expect(a.queuedMessages).toBe(2);
    expect(a.sendingActivity).toHaveLength(24);
    expect(a.sendingActivity.reduce((n, h) => n + h.sent, 0)).toBe(1);
    expect(a.sendingActivity.at(-1)).toMatchObject({ sent: 1, failed: 0 });
  });
});
