import { describe, expect, it } from "vitest";
import { runAdminCommand } from "../src/features/admin/admin.js";
import { graphql } from "../src/gql/index.js";
import { answerCounts } from "./kit/http.js";
import { useServer } from "./kit/server.js";
import { invite } from "./kit/staff.js";

// The plan's users allowance (max_users): invited and active users count, disabled ones do not.
// One more is refused with 422 USER_LIMIT_REACHED on every way in (REST, GraphQL, the operator's
// CLI, enabling a disabled user), and racing invitations never both take the last seat (the
// tenant's row is locked while they are counted; run with TEST_DATABASE=postgres for real races).

const server = useServer();

const LimitInvite = graphql(`
  mutation LimitInvite($input: InviteUserInput!) {
    inviteUser(input: $input) {
      user {
        id
      }
    }
  }
`);

let n = 0;
const address = () => `seat.${Date.now().toString(36)}.${++n}@example.com`;

describe("users allowance", () => {
  it("refuses one user past max_users on REST, GraphQL and the CLI, and counts disabled users out", async () => {
    const t = await server().seed.tenant({ maxUsers: 3 }).create();
    const api = server().client(t.key);
    for (let i = 0; i < 3; i++) expect((await invite(server(), t.key, address(), "viewer")).status).toBe(200);

    const rest = await invite(server(), t.key, address(), "viewer");
    expect([rest.status, rest.body.error.code]).toEqual([422, "USER_LIMIT_REACHED"]);
    expect(rest.body.error.message).toBe("The plan allows 3 users that are not disabled and 3 are invited or active; disable one or change plan.");
    const gql = await api.graphql(LimitInvite, { input: { email: address(), role: "viewer" } });
    expect([gql.status, gql.errors?.[0]?.extensions?.code]).toEqual([422, "USER_LIMIT_REACHED"]);
    await expect(runAdminCommand(server().app.deps.db, "user:create", { tenant: t.id, email: address(), role: "viewer" })).rejects.toMatchObject({
      code: "USER_LIMIT_REACHED",
    });
    expect(await server().app.deps.db.staffUser.count({ where: { tenantId: t.id } })).toBe(3);

    const [first] = (await api.get("/users")).body.users as Array<{ id: number }>;
    expect((await api.post(`/users/${first!.id}/disable`, {})).status).toBe(200);
    expect((await invite(server(), t.key, address(), "viewer")).status).toBe(200);
    const enable = await api.post(`/users/${first!.id}/enable`, {});
    expect([enable.status, enable.body.error.code]).toEqual([422, "USER_LIMIT_REACHED"]);
  });

  it("lets exactly one of racing invitations take the last seat", async () => {
    const t = await server().seed.tenant({ maxUsers: 2 }).create();
    expect((await invite(server(), t.key, address(), "viewer")).status).toBe(200);
    const raced = await Promise.all(Array.from({ length: 6 }, () => invite(server(), t.key, address(), "viewer")));
    expect(answerCounts(raced)).toEqual({ "200": 1, "422 USER_LIMIT_REACHED": 5 });
    expect(await server().app.deps.db.staffUser.count({ where: { tenantId: t.id, disabledAt: null } })).toBe(2);
  });
});
