import { resolveCursorConnection, type DefaultConnectionArguments, type ResolveCursorConnectionArgs } from "@pothos/plugin-relay";
import { parseCursor } from "../input/ids.js";

// Every list of the schema is a Relay connection over rows numbered by id, newest first, with the
// row's id as its cursor: one reading of `first/after/last/before` for all of them.

/** Which rows a page holds, as the services read it. */
export interface IdPage {
  /** Only ids below this one (the next page of a newest-first list). */
  olderThan: bigint | undefined;
  /** Only ids above this one (the previous page). */
  newerThan: bigint | undefined;
  /** Oldest first instead (paging backwards). */
  ascending: boolean;
  limit: number;
}

/**
 * A page of `list`, 20 rows unless asked (at most 100). An empty page has null cursors, as Relay's
 * convention has it (the plugin would echo the argument or give ""), so a client never holds a
 * cursor that points at no row.
 */
export async function newestFirstPage<T>(args: DefaultConnectionArguments, list: (page: IdPage) => Promise<T[]>, cursorOf: (row: T) => bigint | number) {
  const connection = await resolveCursorConnection(
    { args, toCursor: (row: T) => String(cursorOf(row)), defaultSize: 20, maxSize: 100 },
    ({ before, after, limit, inverted }: ResolveCursorConnectionArgs) =>
      list({ olderThan: parseCursor(after, "after"), newerThan: parseCursor(before, "before"), ascending: inverted, limit }),
  );
  if (connection.edges.length > 0) return connection;
  return { ...connection, pageInfo: { ...connection.pageInfo, startCursor: null, endCursor: null } };
}
