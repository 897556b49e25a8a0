import { beforeAll, describe, expect, it } from "vitest";
import { graphql } from "../src/gql/index.js";
import { useServer } from "./kit/server.js";
import { waitFor } from "./kit/wait.js";
import type { SeededTenant } from "./kit/seed.js";

const server = useServer();

const MessagesQuery = graphql(`
  query IsolationMessages($first: Int, $batchId: ID) {
    messages(first: $first, batchId: $batchId) { edges { node { id to } } }
  }
`);

describe("tenant isolation", () => {
  let a: SeededTenant;
  let b: SeededTenant;
  let bMessageId: number;
  let bBatchId: number;

  beforeAll(async () => {
    a = await server().seed.tenant({ monthlyLimit: 100 }).account().create();
    b = await server().seed.tenant({ monthlyLimit: 50 }).account().account().create();
    const apiB = server().client(b.key);
    bMessageId = (await apiB.post("/send", { to: "0501234567", message: "b's secret" })).body.message_id;
    bBatchId = (await apiB.post("/send-bulk", { numbers: ["0501234567"], message: "b's batch" })).body.batch_id;
    await waitFor(
      () => apiB.get(`/batches/${bBatchId}`),
      (r) => r.body.status === "completed",
    );
  });

  it("answers another tenant's message and batch ids exactly like unknown ones (404)", async () => {
    const apiA = server().client(a.key);
    for (const path of [`/messages/${bMessageId}`, `/batches/${bBatchId}`, "/messages/999999999", "/batches/999999999", "/messages/abc", "/messages/-1"]) {
      const r = await apiA.get(path);
      expect(r.status, path).toBe(404);
      expect(r.body).toEqual({ success: false, error: { code: "NOT_FOUND", message: expect.any(String) } });
    }
    expect((await server().client(b.key).get(`/messages/${bMessageId}`)).status).toBe(200);
  });

  it("lists only the caller's accounts and balance", async () => {
    const accountsA = (await server().client(a.key).get("/accounts")).body.accounts;
    expect(accountsA.map((x: { id: number }) => x.id)).toEqual(a.accounts.map((x) => x.id));
    const balanceA = (await server().client(a.key).get("/balance")).body;
    expect(balanceA.messages).toEqual({ limit: 100, used: 0, remaining: 100 });
    expect(balanceA.accounts).toEqual({ limit: 10, connected: 1 });
    const balanceB = (await server().client(b.key).get("/balance")).body;
    expect(balanceB.messages).toEqual({ limit: 50, used: 2, remaining: 48 });
  });

  it("never sends from another tenant's account", async () => {
    for (const path of ["/send", "/send-bulk"]) {
      const body = path === "/send" ? { to: "0501234567", message: "x" } : { numbers: ["0501234567"], message: "x" };
      const r = await server()
        .client(a.key)
        .post(path, { ...body, account_id: b.accounts[0]!.id });
      expect(r.status).toBe(422);
      expect(r.body.error.fields).toEqual({ account_id: "must name one of your connected accounts" });
    }
  });

  it("shows only the caller's messages over GraphQL, also when filtering by another tenant's batch", async () => {
    const apiA = server().client(a.key);
    const mine = await apiA.post("/send", { to: "0501234567", message: "a's" });
    const r = await apiA.graphql(MessagesQuery, { first: 50 });
    expect(r.data?.messages.edges.map((e) => e.node.id)).toEqual([String(mine.body.message_id)]);
    const byBatch = await apiA.graphql(MessagesQuery, { first: 50, batchId: String(bBatchId) });
    expect(byBatch.data?.messages.edges).toEqual([]);
  });
});
