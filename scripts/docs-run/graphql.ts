import { Kind, OperationTypeNode, parse, print, type OperationDefinitionNode, type TypeNode } from "graphql";
import type { Block } from "./markdown.js";

// A ```graphql block is what a reader pastes into GraphiQL, one operation at a time. Each
// operation runs over HTTP with the demo key; its variables are the shell variables the earlier
// steps set, by name ($messageId is MESSAGE_ID), as a reader fills GraphiQL's Variables pane with
// ids from earlier answers. A subscription runs over server-sent events and must end by itself.

export interface Operation {
  line: number;
  name: string;
  text: string;
  subscription: boolean;
  variables: { name: string; shell: string; numeric: boolean }[];
}

const shellName = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase();

function namedType(t: TypeNode): string {
  return t.kind === Kind.NAMED_TYPE ? t.name.value : namedType(t.type);
}

export function operations(block: Block): Operation[] {
  const source = block.lines.map((l) => l.text).join("\n");
  const document = parse(source);
  return document.definitions
    .filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)
    .map((op) => ({
      line: block.lines[0]!.line + (op.loc ? source.slice(0, op.loc.start).split("\n").length - 1 : 0),
      name: op.name?.value ?? `${op.operation} ${print(op.selectionSet).replace(/\s+/g, " ").slice(2, 40)}…`,
      text: print(op),
      subscription: op.operation === OperationTypeNode.SUBSCRIPTION,
      variables: (op.variableDefinitions ?? []).map((v) => ({
        name: v.variable.name.value,
        shell: shellName(v.variable.name.value),
        numeric: ["Int", "Float"].includes(namedType(v.type)),
      })),
    }));
}

async function readEvents(r: Response, timeoutMs: number): Promise<string> {
  const reader = r.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const next = await Promise.race([reader.read(), new Promise<"late">((res) => setTimeout(() => res("late"), Math.max(0, deadline - Date.now())))]);
    if (next === "late") {
      await reader.cancel();
      throw new Error(`the subscription did not end within ${timeoutMs / 1000} s (mark the block norun if it runs until stopped)`);
    }
    if (next.done) return text;
    text += decoder.decode(next.value, { stream: true });
    if (/event: complete/.test(text)) {
      await reader.cancel();
      return text;
    }
  }
}

/** Runs one operation; the problem, or undefined when it answered without errors. */
export async function runOperation(op: Operation, base: string, key: string, variables: Record<string, unknown>): Promise<string | undefined> {
  const r = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", accept: op.subscription ? "text/event-stream" : "application/json" },
    body: JSON.stringify({ query: op.text, variables }),
  });
  if (r.status !== 200) return `HTTP ${r.status}: ${await r.text()}`;
  if (op.subscription) {
    const events = await readEvents(r, 15_000);
    return /"errors"/.test(events) ? `the subscription answered an error: ${events}` : undefined;
  }
  const body = (await r.json()) as { errors?: unknown };
  return body.errors ? `errors: ${JSON.stringify(body.errors)}` : undefined;
}
