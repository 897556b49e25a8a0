import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "../src/app/schema.js";
import { startServer, type TestServer } from "./kit/server.js";
import { changedTables, storeDigest } from "./kit/store-digest.js";
import { rootOperations } from "./kit/scope-matrix.js";
import { cookieSocket, csrf, totpCode } from "./kit/staff.js";
import type { SeededTenant } from "./kit/seed.js";
import { MANY_STEPS_MS, PASSWORD_HASHES_MS } from "./kit/limits.js";
import { staffUser } from "./kit/staff.js";

// An operator's read-only look at a business (docs/operators.md, "View as"): POST /admin/view-as
// gives the operator's browser a console session of the tenant for an hour. Every query and
// subscription of every page answers; every mutation the schema has, crafted with plausible
// arguments, is refused before it runs and changes nothing; the REST facade takes keys only; the
// look is in both audit chains; it ends with the hour or its operator.

let server: TestServer;
let tenant: SeededTenant;
const json = { "content-type": "application/json" };

async function asCommandLine(command: string, args: Record<string, unknown>) {
  const res = await fetch(`${server.url}/admin/commands`, {
    method: "POST",
    headers: { ...json, authorization: `Bearer ${server.app.adminToken}` },
    body: JSON.stringify({ command, args }),
  });
  return (await res.json()).result;
}

async function operatorCookie(email: string, role: string): Promise<string> {
  const made = await asCommandLine("operator:create", { email, role });
  server.app.deps.clock.advance(30_000);
  const res = await fetch(`${server.url}/admin/session`, {
    method: "POST",
    headers: { ...json, ...csrf },
    body: JSON.stringify({ email, password: made.password, code: totpCode(made.totpSecret, server.app.deps.clock.now()) }),
  });
  expect(res.status).toBe(200);
  return res.headers.get("set-cookie")!.split(";")[0]!;
}

async function viewAs(cookie: string, body: unknown) {
  const res = await fetch(`${server.url}/admin/view-as`, { method: "POST", headers: { ...json, ...csrf, cookie }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json(), cookie: (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "" };
}

const graphql = async (cookie: string, query: string, variables: Record<string, unknown> = {}) => {
  const res = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { ...json, accept: "application/graphql-response+json", cookie, ...csrf },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: (await res.json()) as { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string } }[] } };
};

const READ_ONLY = "This is an operator's read-only view of the business: nothing can be changed from it.";

beforeAll(async () => {
  // No worker, and simulated links that wait for a scan once started: nothing changes the store behind a refused request.
  server = await startServer({ WORKER_ENABLED: "false", SIMULATOR_QR_ROTATE_MS: "600000", SIMULATOR_LINK_AFTER_QR_CODES: "0" });
  tenant = await server.seed.tenant().account().create();
  expect((await server.client(tenant.key).post("/send", { to: "0501234567", message: "before the look" })).status).toBe(200);
}, MANY_STEPS_MS);

afterAll(async () => server?.close());

describe("an operator's look at a business", () => {
  it("reads every page's queries as the business, and refuses every mutation the schema has, changing nothing", { timeout: MANY_STEPS_MS }, async () => {
    const support = await operatorCookie("support-look@ops.example", "support");
    // Held still while the look opens, so its hour is known to the millisecond.
    server.app.deps.clock.freeze();
    const look = await viewAs(support, { tenant: tenant.id });
    const opened = server.app.deps.clock.now();
    server.app.deps.clock.freeze(false);
    expect(look.status).toBe(200);
    expect(look.body).toEqual({ success: true, console_url: "/console/", expires_at: new Date(opened.getTime() + 3_600_000).toISOString() });
    const session = await (await fetch(`${server.url}/console/session`, { headers: { cookie: look.cookie } })).json();
    expect(session).toMatchObject({ tenant_id: tenant.id, signed_in_as: { kind: "operator", email: "support-look@ops.example", read_only: true } });
    expect(session.scopes).toHaveLength(16);

    const read = await graphql(look.cookie, "{ messages(first: 5) { edges { node { to status } } } webhookEndpoints { id } balance { plan } }");
    expect(read.body.errors).toBeUndefined();
    expect(read.body.data!.messages).toEqual({ edges: [{ node: { to: "966501234567", status: "sent" } }] });

    const mutations = rootOperations(schema, { id: "1", accountId: tenant.accounts[0]!.id }).filter((o) => o.type === "mutation");
    const before = await storeDigest(server);
    const refused: string[] = [];
    for (const op of mutations) {
      const answer = await graphql(look.cookie, op.query, op.variables);
      if (answer.status === 403 && answer.body.errors?.[0]?.message === READ_ONLY && answer.body.errors[0].extensions?.code === "INSUFFICIENT_SCOPE") refused.push(op.field);
    }
    // signUp and verifyEmail are public (docs/signup.md): anyone may call them, with or without a look, so they are not this session's to refuse.
    expect(refused.sort()).toEqual(
      mutations
        .filter((o) => o.scope !== undefined)
        .map((o) => o.field)
        .sort(),
    );
    expect(mutations.length).toBeGreaterThan(40);
    // Over a websocket too, and the REST facade (keys only) does not take the cookie at all.
    const socket = cookieSocket(server, look.cookie);
    await socket.open;
    const sent = await new Promise<unknown>((resolve) => {
      let answer: unknown;
      socket.client.subscribe(
        { query: `mutation { sendMessage(input: { to: "0501234568", text: "from a look" }) { message { id } } }` },
        { next: (v) => (answer = v), error: resolve, complete: () => resolve(answer) },
      );
    });
    expect(JSON.stringify(sent)).toContain(READ_ONLY);
    await socket.client.dispose();
    expect(
      (await fetch(`${server.url}/api/v1/send`, { method: "POST", headers: { ...json, ...csrf, cookie: look.cookie }, body: JSON.stringify({ to: "0501234568", message: "x" }) }))
        .status,
    ).toBe(401);
    expect(changedTables(before, await storeDigest(server, ["audit_event"]))).toEqual([]);
  });
});

describe("who may look, and for how long", () => {
  it("records the look in both chains, and ends it after an hour or when its operator is disabled", { timeout: PASSWORD_HASHES_MS }, async () => {
    const finance = await operatorCookie("finance-look@ops.example", "finance");
    const look = await viewAs(finance, { tenant: tenant.id });
    expect(look.status).toBe(200);
    const sessionId = Number(
      (await server.app.deps.db.consoleSession.findFirstOrThrow({ where: { viewTenantId: tenant.id, viewerOperatorId: { not: null } }, orderBy: { id: "desc" } })).id,
    );
    const tenantEvent = await server.app.deps.db.auditEvent.findFirstOrThrow({ where: { tenantId: tenant.id, action: "session.viewed_by_operator" }, orderBy: { id: "desc" } });
    expect(tenantEvent).toMatchObject({ actorKind: "operator", actorName: "finance-look@ops.example", actorLabel: "finance", target: `console_session:${sessionId}` });
    const operatorEvent = await server.app.deps.db.operatorAuditEvent.findFirstOrThrow({ where: { action: "business.viewed_as" }, orderBy: { id: "desc" } });
    expect(operatorEvent).toMatchObject({ actorName: "finance-look@ops.example", target: `tenant:${tenant.id}`, after: { consoleSession: sessionId } });
    expect(await asCommandLine("audit:verify", { tenant: tenant.id })).toMatchObject({ ok: true });
    expect(await asCommandLine("audit:verify", { operator: "true" })).toMatchObject({ ok: true });

    const sessionOf = (cookie: string) => fetch(`${server.url}/console/session`, { headers: { cookie } });
    expect((await sessionOf(look.cookie)).status).toBe(200);
    server.app.deps.clock.advance(3_600_000);
    expect((await sessionOf(look.cookie)).status).toBe(401);

    const again = await viewAs(finance, { tenant: tenant.id });
    expect((await sessionOf(again.cookie)).status).toBe(200);
    await asCommandLine("operator:disable", { email: "finance-look@ops.example" });
    expect((await sessionOf(again.cookie)).status).toBe(401);
  });

  it("is not found to a business's key or console session, and refuses a body that names no tenant", async () => {
    const owner = await staffUser(server, tenant.key, "owner-look@shop.example", "owner");
    for (const headers of [
      { cookie: owner.cookie, ...csrf },
      { authorization: `Bearer ${tenant.key}`, ...csrf },
    ]) {
      const res = await fetch(`${server.url}/admin/view-as`, { method: "POST", headers: { ...json, ...headers }, body: JSON.stringify({ tenant: tenant.id }) });
      expect(res.status).toBe(404);
      expect(res.headers.get("set-cookie")).toBeNull();
    }
    const operator = await operatorCookie("operator-look@ops.example", "operator");
    expect((await viewAs(operator, { tenant: 999_999 })).body.error).toEqual({ code: "NOT_FOUND", message: "Tenant not found." });
    for (const body of [{}, { tenant: "7" }, { tenant: 7, extra: 1 }]) {
      const refused = await viewAs(operator, body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.cookie).toBe("");
    }
    expect(Object.keys((await viewAs(operator, { tenant: "7" })).body.error.fields)).toEqual(["tenant"]);
  });
});
