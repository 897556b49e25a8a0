import { requireScope } from "../../core/auth/scope-check.js";
import { scopeOfField } from "../../core/graphql/field-scope.js";
import {
  execute,
  getArgumentValues,
  getOperationAST,
  getVariableValues,
  GraphQLError,
  Kind,
  OperationTypeNode,
  type DocumentNode,
  type FieldNode,
  type OperationDefinitionNode,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLSchema,
} from "graphql";
import type { Duplex } from "node:stream";
import * as wsModule from "ws";
import { WebSocket } from "ws";
import type { GraphQLContext } from "../../core/graphql/builder.js";
import { messageEventFilterOf } from "./graphql.js";
import type { ServiceDeps } from "../../core/deps.js";
import { SubscriberTooSlowError, type MessageEvent } from "../../core/live/events.js";
import { admitMessageEvents, messageEventSieve, type MessageEventFilter } from "./live.js";
import { maskError, publicError } from "../../core/graphql/errors.js";

// `messageEvents` over websockets, run once per distinct operation rather than once per
// subscriber. Every subscriber of a tenant receives the same events, and what an event looks like
// depends only on the operation's text and variables (no field of MessageEvent reads the caller),
// so subscribers with the same operation form a group: the group filters and executes each event
// once, serialises the result once, and writes the same bytes to every member's socket. Per
// subscriber there is only the frame and the write. A subscription is still admitted on its own
// (key, rate limit, filter ownership, subscription slot); other operations take graphql-ws's
// ordinary path, one execution per subscriber.

/** Past this many bytes unsent on a member's socket, it is ended as too slow rather than buffered further. */
const MEMBER_BUFFER_LIMIT_BYTES = 8 * 1024 * 1024;

/** Where a subscription's frames go: graphql-ws's operation id on its socket. */
export interface FanoutTarget {
  socket: WebSocket;
  /** The TCP socket under `socket`, corked while a turn's frames are written. */
  raw: Duplex;
  id: string;
  /** The operation's text, which with its variables names its group. */
  query: string;
}

interface Member {
  target: FanoutTarget;
  /** `{"id":…,"type":"next","payload":` as bytes: what this member's frames add to the shared payload. */
  prefix: Buffer;
  end(error?: Error): void;
}

interface Group {
  members: Set<Member>;
  ready: Promise<void>;
  closed: boolean;
  close(error?: Error): void;
}

/** A subscription whose only root field is `messageEvents` (no fragments or directives there), with that field. */
export interface MessageEventsOperation {
  operation: OperationDefinitionNode;
  root: FieldNode;
}

export function findMessageEventsOperation(document: DocumentNode, operationName: string | null | undefined): MessageEventsOperation | undefined {
  const operation = getOperationAST(document, operationName);
  const [root, ...others] = operation?.selectionSet.selections ?? [];
  if (operation?.operation !== OperationTypeNode.SUBSCRIPTION || others.length || root?.kind !== Kind.FIELD) return undefined;
  return root.name.value === "messageEvents" && !root.directives?.length ? { operation, root } : undefined;
}

/** ws's framing (exported by ws, not declared by its types): a text message as one final, unmasked frame. */
const { Sender } = wsModule as unknown as { Sender: { frame(data: Buffer, options: FrameOptions): [Buffer, Buffer] } };
interface FrameOptions {
  fin: boolean;
  opcode: number;
  mask: boolean;
  readOnly: boolean;
  rsv1: boolean;
}
const TEXT_FRAME: FrameOptions = { fin: true, opcode: 0x1, mask: false, readOnly: false, rsv1: false };

/** A corked socket is written out early once this much waits, so a long burst still streams. */
const COALESCE_FLUSH_BYTES = 4 * 1024;

/**
 * Holds sockets corked until the end of the event-loop turn: a burst of events (a claimed batch
 * marked sent at once) then reaches each socket in a few writes instead of a syscall per frame.
 */
class TurnWriteCoalescer {
  private readonly held = new Set<Duplex>();

  /** Call before writing to `socket`. */
  hold(socket: Duplex): void {
    if (this.held.has(socket)) {
      if (socket.writableLength >= COALESCE_FLUSH_BYTES) {
        socket.uncork();
        socket.cork();
      }
      return;
    }
    if (this.held.size === 0) setImmediate(() => this.flush());
    socket.cork();
    this.held.add(socket);
  }

  private flush(): void {
    const sockets = [...this.held];
    this.held.clear();
    for (const socket of sockets) socket.uncork();
  }
}

export class MessageEventsFanout {
  private readonly groups = new Map<string, Group>();
  private readonly writes = new TurnWriteCoalescer();

  constructor(
    private readonly deps: ServiceDeps,
    private readonly schema: GraphQLSchema,
  ) {}

  /** Active groups, for tests and metrics: subscribers sharing one execution per event. */
  get groupCount(): number {
    return this.groups.size;
  }

  /**
   * Admits the subscription and adds it to its group. The answer is what graphql-ws iterates:
   * it yields nothing (the group writes the frames) and ends when the subscription does.
   */
  async subscribe(args: ExecutionArgs, target: FanoutTarget, { operation, root }: MessageEventsOperation): Promise<AsyncGenerator<ExecutionResult> | ExecutionResult> {
    const context = args.contextValue as GraphQLContext;
    const variables = getVariableValues(this.schema, operation.variableDefinitions ?? [], args.variableValues ?? {});
    if (variables.errors) return { errors: variables.errors.map((e) => this.mask(e)) };
    const field = this.schema.getSubscriptionType()!.getFields().messageEvents!;
    let release: () => void;
    let tenantId: number;
    let numbers: readonly number[] | null;
    let filter: MessageEventFilter;
    try {
      filter = messageEventFilterOf(getArgumentValues(field, root, variables.coerced));
      const principal = await context.principal();
      // This path runs no resolver, so the field's scope is checked here, as scope-auth does for the others.
      requireScope(principal, scopeOfField(field)!);
      tenantId = principal.tenantId;
      numbers = principal.accountIds;
      release = await admitMessageEvents(this.deps, principal, filter);
    } catch (err) {
      return { errors: [this.mask(err)] };
    }
    // Callers restricted to different numbers see different events: each set of numbers is a group of its own.
    const key = `${tenantId}\u0000${numbers?.join(",") ?? "*"}\u0000${args.operationName ?? ""}\u0000${target.query}\u0000${JSON.stringify(args.variableValues ?? {})}`;
    // A group whose last member just left closes; one found closed after waiting is replaced.
    for (let attempt = 0; attempt < 3; attempt++) {
      let group = this.groups.get(key);
      if (!group || group.closed) group = this.open(key, tenantId, args, messageEventSieve(filter, { accountIds: numbers }));
      try {
        await group.ready;
      } catch (err) {
        release();
        return { errors: [this.mask(err)] };
      }
      if (!group.closed) return this.join(group, target, release);
    }
    release();
    return { errors: [this.mask(new Error("The subscription could not start; try again."))] };
  }

  private join(group: Group, target: FanoutTarget, release: () => void): AsyncGenerator<ExecutionResult> {
    let settle!: (error?: Error) => void;
    const ended = new Promise<void>((resolve, reject) => (settle = (error) => (error ? reject(error) : resolve())));
    // Nobody may be waiting on `ended` yet when it fails; the rejection is read by next().
    ended.catch(() => undefined);
    let left = false;
    const member: Member = {
      target,
      prefix: Buffer.from(`{"id":${JSON.stringify(target.id)},"type":"next","payload":`),
      end: (error) => {
        if (left) return;
        left = true;
        group.members.delete(member);
        release();
        settle(error);
        if (group.members.size === 0) group.close();
      },
    };
    group.members.add(member);
    const stream: AsyncGenerator<ExecutionResult> = {
      async next() {
        await ended;
        return { done: true, value: undefined };
      },
      return() {
        member.end();
        return Promise.resolve({ done: true, value: undefined });
      },
      throw(err: unknown) {
        member.end();
        return Promise.reject(err instanceof Error ? err : new Error(String(err)));
      },
      [Symbol.asyncIterator]: () => stream,
      // `await using`: the same as return().
      [Symbol.asyncDispose]: async () => void (await stream.return(undefined)),
    };
    return stream;
  }

  private open(key: string, tenantId: number, args: ExecutionArgs, passes: (event: MessageEvent) => boolean): Group {
    const events = this.deps.events.subscribe(tenantId);
    const close = (error?: Error) => {
      if (group.closed) return;
      group.closed = true;
      if (this.groups.get(key) === group) this.groups.delete(key);
      void events.return?.();
      for (const member of [...group.members]) member.end(error);
    };
    const group: Group = { members: new Set(), ready: this.deps.events.ready(tenantId), closed: false, close };
    this.groups.set(key, group);
    group.ready.catch((err: unknown) => close(err instanceof Error ? err : new Error(String(err))));
    void (async () => {
      try {
        await group.ready;
        for (let r = await events.next(); !r.done && !group.closed; r = await events.next()) {
          if (!passes(r.value)) continue;
          const payload = Buffer.from(`${await this.render(args, r.value)}}`);
          for (const member of group.members) this.send(member, payload);
        }
        close();
      } catch (err) {
        close(err instanceof Error ? err : new Error(String(err)));
      }
    })();
    return group;
  }

  /** The event as the operation selects it, serialised once for every member. */
  private async render(args: ExecutionArgs, event: MessageEvent): Promise<string> {
    // A context of its own per event, so nothing a resolver caches on it outlives the event.
    const contextValue = { ...(args.contextValue as object) };
    const result = await execute({ ...args, schema: this.schema, contextValue, rootValue: event });
    const { errors, ...rest } = result;
    return JSON.stringify(errors?.length ? { ...rest, errors: errors.map((e) => publicError(this.mask(e))) } : rest);
  }

  /**
   * Writes the member's `next` message: its prefix and the shared payload (with the closing brace),
   * framed by ws and written straight to the TCP socket. Through `socket.send` each member's copy
   * was a new string that ws framed and Node encoded again: half the user CPU of a fan-out.
   * The socket's other frames (graphql-ws's own, pings, the close) go through ws to the same
   * stream in the order written; a connection that negotiated an extension takes ws's path.
   */
  private send(member: Member, payload: Buffer): void {
    const { socket, raw } = member.target;
    if (socket.readyState !== WebSocket.OPEN) return member.end();
    if (socket.bufferedAmount > MEMBER_BUFFER_LIMIT_BYTES) return member.end(new SubscriberTooSlowError());
    this.writes.hold(raw);
    const message = Buffer.concat([member.prefix, payload]);
    if (socket.extensions) return socket.send(message, { binary: false });
    const [header, data] = Sender.frame(message, TEXT_FRAME);
    raw.write(header);
    raw.write(data);
  }

  private mask(error: unknown): GraphQLError {
    const original = error instanceof Error ? error : new Error(String(error));
    const graphqlError = original instanceof GraphQLError ? original : new GraphQLError(original.message, { originalError: original });
    return maskError(graphqlError, "Unexpected error.", this.deps.config.nodeEnv === "development") as GraphQLError;
  }
}
