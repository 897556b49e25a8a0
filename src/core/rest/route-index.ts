import type { AnyRoute } from "./route.js";

// Which routes serve a path, found without testing every route's pattern on every request: a
// route whose pattern is a plain path (`/^\/send$/`) is looked up by that path, and only the
// patterns with parameters are tested. The answer keeps the routes' own order, which decides
// between two routes that serve the same path and method.

/** The path a pattern matches when it matches one path only (`/^\/send-bulk$/`), else undefined. */
export function literalPath(pattern: RegExp): string | undefined {
  if (pattern.flags !== "") return undefined;
  const found = /^\^((?:\\\/|[A-Za-z0-9_-])*)\$$/.exec(pattern.source);
  return found ? found[1]!.replace(/\\\//g, "/") : undefined;
}

export class RouteIndex {
  /** Every route serving each literal path, patterned ones included: settled once, here. */
  private readonly byPath = new Map<string, readonly AnyRoute[]>();
  private readonly patterned: Array<[number, AnyRoute]> = [];

  constructor(routes: readonly AnyRoute[]) {
    const literal = new Map<string, Array<[number, AnyRoute]>>();
    routes.forEach((route, i) => {
      const path = literalPath(route.path);
      if (path === undefined) this.patterned.push([i, route]);
      else literal.set(path, [...(literal.get(path) ?? []), [i, route]]);
    });
    for (const [path, serving] of literal) this.byPath.set(path, this.merged(serving, path));
  }

  /** The routes whose pattern matches `path`, in the order they were given. */
  matching(path: string): readonly AnyRoute[] {
    return this.byPath.get(path) ?? this.merged([], path);
  }

  private merged(literal: Array<[number, AnyRoute]>, path: string): AnyRoute[] {
    const patterned = this.patterned.filter(([, route]) => route.path.test(path));
    if (patterned.length === 0) return literal.map(([, route]) => route);
    return [...literal, ...patterned].sort((a, b) => a[0] - b[0]).map(([, route]) => route);
  }
}

const indexes = new WeakMap<readonly AnyRoute[], RouteIndex>();

/** The index of a list of routes, made on first use (the list never changes once the server is built). */
export function routeIndexOf(routes: readonly AnyRoute[]): RouteIndex {
  let index = indexes.get(routes);
  if (!index) indexes.set(routes, (index = new RouteIndex(routes)));
  return index;
}
