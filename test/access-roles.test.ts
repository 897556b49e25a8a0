import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES, type Role } from "../src/core/staff/roles.js";
import { schema } from "../src/app/schema.js";
import { startServer, type TestServer } from "./kit/server.js";
import { changedTables, storeDigest } from "./kit/store-digest.js";
import { rootOperations } from "./kit/scope-matrix.js";
import { csrf, staffUser } from "./kit/staff.js";
import type { SeededTenant } from "./kit/seed.js";
import { waitFor } from "./kit/wait.js";
import { MANY_STEPS_MS } from "./kit/limits.js";

// The scope matrix for people: a staff user of each role, signed in to the console, runs every
// GraphQL root field with its cookie (the console's only way in). A field whose scope the role
// lacks is refused with INSUFFICIENT_SCOPE naming it and changes nothing; a field whose scope the
// role has is not refused for its scope, whatever the service then says of the sample input.

let server: TestServer;
let tenant: SeededTenant;
const cookies = new Map<Role, string>();

beforeAll(async () => {
  // No worker, and simulated links that wait for a scan once started: nothing changes the store behind a refused request.
  server = await startServer({ WORKER_ENABLED: "false", SIMULATOR_QR_ROTATE_MS: "600000", SIMULATOR_LINK_AFTER_QR_CODES: "0" });
  tenant = await server.seed.tenant().account().create();
  for (const role of ROLES) cookies.set(role, (await staffUser(server, tenant.key, `${role}@matrix.example.com`, role)).cookie);
}, MANY_STEPS_MS);

afterAll(async () => server?.close());

const post = async (cookie: string, query: string, variables: Record<string, unknown>) => {
  const res = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/graphql-response+json", cookie, ...csrf },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { errors?: { extensions?: { code?: string; scope?: string } }[] };
};

/** The store once the numbers an owner's or admin's samples began linking have settled (they move on their own). */
async function settledDigest() {
  await waitFor(
    () => server.app.deps.db.numberLink.count({ where: { state: { in: ["CREATING", "STARTING"] } } }),
    (n) => n === 0,
    10_000,
  );
  return storeDigest(server);
}

// Each role's scopes as docs/access.md's table gives them, written out rather than read from the code.
const ALL_DOCUMENTED: readonly string[] = [
  "messages:send",
  "messages:read",
  "campaigns:manage",
  "contacts:read",
  "contacts:manage",
  "inbox:read",
  "accounts:read",
  "accounts:manage",
  "webhooks:manage",
  "keys:manage",
  "users:manage",
  "audit:read",
  "settings:manage",
  "billing:manage",
  "billing:read",
  "automation:manage",
];
const DOCUMENTED_ROLE_SCOPES: Record<Role, readonly string[]> = {
  owner: ALL_DOCUMENTED,
  admin: ALL_DOCUMENTED,
  campaigns: ["messages:send", "messages:read", "campaigns:manage", "contacts:read", "accounts:read"],
  agent: ["messages:send", "messages:read", "contacts:read", "inbox:read"],
  viewer: ["messages:read", "contacts:read", "inbox:read", "accounts:read"],
};

describe("every role's session meets each GraphQL root field's scope", () => {
  const ops = rootOperations(schema, { id: "1", accountId: 1 }).filter((o) => o.type !== "subscription");

  for (const role of ROLES) {
    it(`${role}: refused exactly the fields whose scope the role lacks`, { timeout: MANY_STEPS_MS }, async () => {
      const scopes = new Set(DOCUMENTED_ROLE_SCOPES[role]);
      const refusedFields: string[] = [];
      for (const op of ops) {
        const has = scopes.has(op.scope ?? "");
        const before = has || op.type === "query" ? undefined : await settledDigest();
        const answer = await post(cookies.get(role)!, op.query, op.variables);
        const refusal = answer.errors?.find((e) => e.extensions?.code === "INSUFFICIENT_SCOPE" && e.extensions.scope === op.scope);
        if (refusal) refusedFields.push(op.field);
        if (before) expect(changedTables(before, await storeDigest(server)), `${role} ${op.field}`).toEqual([]);
      }
      expect(refusedFields.sort()).toEqual(
        ops
          // signUp and verifyEmail are public (docs/signup.md): no scope, so no role is refused them.
          .filter((o) => o.scope !== undefined && !scopes.has(o.scope))
          .map((o) => o.field)
          .sort(),
      );
    });
  }
});
