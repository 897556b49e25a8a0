import http from "node:http";
import { describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";

// A plain JSON POST to /graphql (a declared length, one query or mutation) is served beside yoga's
// request pipeline rather than through it (src/core/http/graphql-post.ts). The same request sent
// with its body in chunks still takes yoga's whole pipeline, so each pair below must be answered
// alike: status, media type, rate-limit headers and body (ids and times aside).

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function post(url: string, headers: Record<string, string>, body: string, chunked: boolean): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const framing: Record<string, string> = chunked ? { "transfer-encoding": "chunked" } : { "content-length": String(Buffer.byteLength(body)) };
    const req = http.request(`${url}/graphql`, { method: "POST", headers: { ...headers, ...framing } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c)).on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    if (chunked) for (let i = 0; i < body.length; i += 7) req.write(body.slice(i, i + 7));
    else req.write(body);
    req.end();
  });
}

/** What must match between the two paths: ids, times and remaining counts change from one request to the next. */
function comparable(a: Answer) {
  return {
    status: a.status,
    type: a.headers["content-type"],
    limit: a.headers["ratelimit-limit"],
    rated: a.headers["ratelimit-remaining"] !== undefined,
    body: a.body.replace(/"(id|createdAt|sentAt|at|messageId)":"[^"]*"/g, '"$1":"…"'),
  };
}

const operations = [
  { query: "query { balance { plan } }" },
  { query: 'query Find { message(id: "999999999") { id } }' },
  { query: "query Find($id: ID!) { message(id: $id) { id } }", variables: { id: { not: "an id" } } },
  { query: "query A { balance { plan } }", operationName: "B" },
  { query: "query { balance { plan }" },
  { query: "query { nope }" },
  { query: 'mutation { sendMessage(input: { to: "0500000001", text: "x" }) { message { id status } } }' },
  { query: 'mutation Send($to: String!) { sendMessage(input: { to: $to, text: "مرحبا" }) { message { id to status } } }', variables: { to: "0501234567" } },
  { query: "query { balance { plan } }", extensions: {} },
  { query: "{ __typename }" },
];

describe("GraphQL over a plain POST answers as yoga's pipeline does", () => {
  const server = useServer();

  it("gives every operation, in every JSON media type, with and without a key, the same answer both ways", async () => {
    const t = await server().seed.tenant().account().create();
    for (const accept of ["application/json", "application/graphql-response+json", "*/*", undefined]) {
      for (const key of [t.key, undefined, "gw_not_a_key"]) {
        for (const operation of operations) {
          const headers: Record<string, string> = { "content-type": "application/json", ...(accept ? { accept } : {}), ...(key ? { authorization: `Bearer ${key}` } : {}) };
          const body = JSON.stringify(operation);
          const plain = await post(server().url, headers, body, false);
          const chunked = await post(server().url, headers, body, true);
          expect(comparable(plain), `${accept} ${key ? "key" : "no key"} ${body}`).toEqual(comparable(chunked));
          // A channel failure is 502 under graphql-response+json; a fault of ours is never an answer.
          expect([plain.status === 500, plain.body.includes("INTERNAL_ERROR")], body).toEqual([false, false]);
        }
      }
    }
  });

  it("sends a plain POST's message once and answers it whole", async () => {
    const t = await server().seed.tenant().account().create();
    const body = JSON.stringify({ query: 'mutation { sendMessage(input: { to: "0501234567", text: "x" }) { message { id status } } }' });
    const answer = await post(server().url, { "content-type": "application/json", accept: "application/json", authorization: `Bearer ${t.key}` }, body, false);
    const sent = JSON.parse(answer.body) as { data: { sendMessage: { message: { id: string; status: string } } } };
    expect([answer.status, answer.headers["content-length"], sent.data.sendMessage.message.status]).toEqual([200, String(Buffer.byteLength(answer.body)), "sent"]);
    const api = server().client(t.key);
    expect((await api.get("/balance")).body.messages.used).toBe(1);
  });
});
