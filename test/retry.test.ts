import { describe, expect, it } from "vitest";
import { graphql } from "../src/gql/index.js";
import { useServer } from "./kit/server.js";
import { waitFor } from "./kit/wait.js";

const server = useServer();

const Retry = graphql(`
  mutation RetryFailed($id: ID!) {
    retryMessage(id: $id) { message { id status attempts error } }
  }
`);

describe("sending a failed message again", () => {
  it("requeues it under the same id, takes the allowance again, and the worker delivers it", async () => {
    const t = await server().seed.tenant({ monthlyLimit: 3 }).account().create();
    const api = server().client(t.key);
    const failed = await api.post("/send", { to: "0500000001", message: "first try" });
    expect(failed.status).toBe(502);
    const id = failed.body.message_id as number;
    expect((await api.get("/balance")).body.messages.used).toBe(0);

    // The recipient becomes reachable: the simulator's pattern no longer matches it.
    server().app.channel.options.failPattern = /^$/;
    try {
      const retried = await api.post(`/messages/${id}/retry`, undefined);
      expect(retried.status).toBe(200);
      expect(retried.body).toEqual({ success: true, message_id: id, to: "966500000001", status: "pending" });
      expect((await api.get("/balance")).body.messages.used).toBe(1);
      const done = await waitFor(
        () => api.get(`/messages/${id}`),
        (r) => r.body.status === "sent",
      );
      expect(done.body).toMatchObject({ id, status: "sent", error: null });
      const row = await server().app.deps.db.message.findUniqueOrThrow({ where: { id: BigInt(id) } });
      expect(row.attempts).toBe(2);
      expect(server().app.channel.ledger.filter((e) => e.messageId === BigInt(id))).toHaveLength(1);
    } finally {
      server().app.channel.options.failPattern = /^9665000000/;
    }
  });

  it("refuses messages that did not fail, unknown or other tenants' ids, and a used-up allowance", async () => {
    const t = await server().seed.tenant({ monthlyLimit: 1 }).account().create();
    const other = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const first = await api.post("/send", { to: "0500000002", message: "x" });
    expect(first.body).toMatchObject({ success: false, error: { code: "CHANNEL_ERROR" } });
    const failed = first.body.message_id as number;
    const second = await api.post("/send", { to: "0501234567", message: "x" });
    expect(second.body).toMatchObject({ success: true });
    const sent = second.body.message_id as number;

    const notFailed = await api.post(`/messages/${sent}/retry`, undefined);
    expect(notFailed.status).toBe(422);
    expect(notFailed.body.error.code).toBe("MESSAGE_NOT_FAILED");

    const limited = await api.post(`/messages/${failed}/retry`, undefined);
    expect({ status: limited.status, code: limited.body.error?.code }).toEqual({ status: 429, code: "MONTHLY_LIMIT_REACHED" });
    expect((await api.get(`/messages/${failed}`)).body.status).toBe("failed");
    expect((await api.get("/balance")).body.messages.used).toBe(1);

    const foreign = await server().client(other.key).post(`/messages/${failed}/retry`, undefined);
    expect(foreign.status).toBe(404);
    expect((await api.post("/messages/987654321/retry", undefined)).status).toBe(404);

    const gql = await server()
      .client(other.key)
      .graphql(Retry, { id: String(failed) });
    expect(gql.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });
});
