/**
 * A typed client: sends one message over HTTP, then follows its status over a websocket until the
 * gateway completes the subscription (at `sent`, after any delivered/read receipts, or at `failed`).
 *
 *   GATEWAY_URL=http://localhost:4000 GATEWAY_API_KEY=gw_… npm run example -- 0501234567 "Hello"
 *
 * The operations below are typed by GraphQL Code Generator (`npm run generate`): a change to the
 * schema that breaks them fails `npm run typecheck`.
 */
import { print } from "graphql";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import type { ResultOf, TypedDocumentNode } from "@graphql-typed-document-node/core";
import { graphql } from "../src/gql/index.js";

const SendMessage = graphql(`
  mutation ExampleSendMessage($input: SendMessageInput!) {
    sendMessage(input: $input) {
      message { id to status }
    }
  }
`);

const FollowMessage = graphql(`
  subscription ExampleFollowMessage($id: ID!) {
    messageStatus(id: $id) {
      type
      status
      at
      message { sentAt deliveredAt readAt error }
    }
  }
`);

const baseUrl = process.env.GATEWAY_URL ?? "http://localhost:4000";
const apiKey = process.env.GATEWAY_API_KEY;
const [to = "0501234567", text = "Hello from the typed client example"] = process.argv.slice(2);
if (!apiKey) {
  console.error("Set GATEWAY_API_KEY to an API key (the server prints a demo key on its first start).");
  process.exit(2);
}

interface GraphQLAnswer<T> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** One query or mutation over HTTP; the result type comes from the document. */
async function request<TData, TVars>(document: TypedDocumentNode<TData, TVars>, variables: TVars): Promise<TData> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${apiKey}` },
    body: JSON.stringify({ query: print(document), variables }),
  });
  const answer = (await response.json()) as GraphQLAnswer<TData>;
  const [error] = answer.errors ?? [];
  if (error || !answer.data) throw new Error(`${error?.extensions?.code ?? response.status}: ${error?.message ?? "no data"}`);
  return answer.data;
}

async function main(): Promise<string> {
  const { sendMessage } = await request(SendMessage, { input: { to, text } });
  console.log(`message ${sendMessage.message.id} to ${sendMessage.message.to}: ${sendMessage.message.status}`);

  const ws = createClient({
    url: `${baseUrl.replace(/^http/, "ws")}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { apiKey },
    retryAttempts: 0,
  });

  let finalStatus = sendMessage.message.status;
  try {
    const events = ws.iterate({ query: print(FollowMessage), variables: { id: sendMessage.message.id } });
    for await (const result of events) {
      if (result.errors?.length) throw new Error(result.errors.map((e) => e.message).join("; "));
      // graphql-ws types results loosely; the document's own type says what arrives.
      const event = (result.data as ResultOf<typeof FollowMessage>).messageStatus;
      finalStatus = event.status;
      console.log(`${event.at}  ${event.type.padEnd(9)} ${event.status}${event.message.error ? ` (${event.message.error})` : ""}`);
    }
  } finally {
    await ws.dispose();
  }
  console.log(`done: ${finalStatus}`);
  return finalStatus;
}

main().then(
  (status) => (process.exitCode = status === "sent" ? 0 : 1),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  },
);
