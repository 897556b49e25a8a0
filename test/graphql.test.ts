import { describe, expect, it } from "vitest";
import { graphql } from "../src/gql/index.js";
import { useServer } from "./kit/server.js";
import { waitFor } from "./kit/wait.js";

const server = useServer();

const SendMessage = graphql(`
  mutation GqlSend($input: SendMessageInput!) {
    sendMessage(input: $input) { message { id to status text sentAt error accountId attempts createdAt } }
  }
`);

const SendBulk = graphql(`
  mutation GqlBulk($input: SendBulkInput!) {
    sendBulk(input: $input) { batchId queued status messages { id to } }
  }
`);

const Batch = graphql(`
  query GqlBatch($id: ID!) {
    batch(id: $id) { id total finished counts { pending sending sent failed } messages { id status } }
  }
`);

const Messages = graphql(`
  query GqlMessages($first: Int, $after: String, $last: Int, $before: String, $status: [MessageStatus!], $batchId: ID) {
    messages(first: $first, after: $after, last: $last, before: $before, status: $status, batchId: $batchId) {
      edges { cursor node { id status batchId } }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    }
  }
`);

const Overview = graphql(`
  query GqlOverview {
    balance { plan subscriptionEnds messages { limit used remaining } accounts { limit connected } }
    accounts { id phoneNumber status todaySent monthSent dailyLimit monthlyLimit }
  }
`);

describe("GraphQL", () => {
  it("sends a message and reads it back", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const r = await api.graphql(SendMessage, { input: { to: "0501234567", text: "Hello" } });
    expect(r.errors).toBeUndefined();
    expect(r.data?.sendMessage.message).toMatchObject({ to: "966501234567", status: "sent", text: "Hello", error: null, accountId: t.accounts[0]!.id, attempts: 1 });
    expect(r.data?.sendMessage.message.sentAt).toMatch(/\+03:00$/);
    const overview = await api.graphql(Overview);
    expect(overview.data?.balance.messages).toEqual({ limit: 1000, used: 1, remaining: 999 });
    expect(overview.data?.accounts[0]).toMatchObject({ todaySent: 1, monthSent: 1 });
  });

  it("carries the error code, HTTP status and fields in extensions", async () => {
    const t = await server().seed.tenant({ monthlyLimit: 0 }).account().create();
    const api = server().client(t.key);
    const bad = await api.graphql(SendMessage, { input: { to: "12", text: "" } });
    expect(bad.status).toBe(422);
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION_ERROR", fields: { to: expect.any(String), text: "must not be empty" } });
    const limited = await api.graphql(SendMessage, { input: { to: "0501234567", text: "x" } });
    expect(limited.status).toBe(429);
    expect(limited.errors?.[0]?.extensions?.code).toBe("MONTHLY_LIMIT_REACHED");
    const typed = await api.request("POST", "/graphql", {
      query: "mutation($i: SendMessageInput!) { sendMessage(input: $i) { message { id } } }",
      variables: { i: { to: 5, priority: "urgent" } },
    });
    const extensions = typed.body.errors.map((e: { extensions: { code: string; fields: object } }) => e.extensions);
    expect(extensions).toHaveLength(2);
    expect(extensions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: "VALIDATION_ERROR", fields: { to: "must be a string" } }),
        expect.objectContaining({ code: "VALIDATION_ERROR", fields: { priority: 'Value "urgent" does not exist in "MessagePriority" enum.' } }),
      ]),
    );
  });

  it("queues a bulk batch and reports its progress", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const r = await api.graphql(SendBulk, { input: { numbers: ["0501234567", "0500000001"], text: "x" } });
    expect(r.data?.sendBulk).toMatchObject({ queued: 2, status: "processing" });
    const id = r.data!.sendBulk.batchId;
    const done = await waitFor(
      () => api.graphql(Batch, { id }),
      (b) => b.data?.batch.finished === true,
    );
    expect(done.data?.batch).toMatchObject({ total: 2, counts: { pending: 0, sending: 0, sent: 1, failed: 1 } });
  });

  it("pages through messages newest first, forwards and backwards, filtered by status and batch", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(String((await api.post("/send", { to: "0501234567", message: `m${i}` })).body.message_id));
    await api.post("/send", { to: "0500000001", message: "fails" });
    const newestFirst = [...ids].reverse();

    const page1 = await api.graphql(Messages, { first: 2, status: ["sent"] });
    expect(page1.data?.messages.edges.map((e) => e.node.id)).toEqual(newestFirst.slice(0, 2));
    expect(page1.data?.messages.pageInfo.hasNextPage).toBe(true);
    const page2 = await api.graphql(Messages, { first: 2, after: page1.data!.messages.pageInfo.endCursor, status: ["sent"] });
    expect(page2.data?.messages.edges.map((e) => e.node.id)).toEqual(newestFirst.slice(2, 4));
    const page3 = await api.graphql(Messages, { first: 2, after: page2.data!.messages.pageInfo.endCursor, status: ["sent"] });
    expect(page3.data?.messages.edges.map((e) => e.node.id)).toEqual(newestFirst.slice(4));
    expect(page3.data?.messages.pageInfo.hasNextPage).toBe(false);
    const back = await api.graphql(Messages, { last: 2, before: page3.data!.messages.pageInfo.startCursor, status: ["sent"] });
    expect(back.data?.messages.edges.map((e) => e.node.id)).toEqual(newestFirst.slice(2, 4));

    const failed = await api.graphql(Messages, { first: 10, status: ["failed"] });
    expect(failed.data?.messages.edges.map((e) => e.node.status)).toEqual(["failed"]);

    const bulk = await api.post("/send-bulk", { numbers: ["0501234567", "0501234568"], message: "b" });
    const inBatch = await api.graphql(Messages, { first: 10, batchId: String(bulk.body.batch_id) });
    expect(inBatch.data?.messages.edges.map((e) => e.node.batchId)).toEqual([String(bulk.body.batch_id), String(bulk.body.batch_id)]);
  });

  it("serves GraphiQL for browsers", async () => {
    const r = await fetch(`${server().url}/graphql`, { headers: { accept: "text/html" } });
    expect(r.status).toBe(200);
    expect(await r.text()).toContain("GraphiQL");
  });
});
