import { describe, expect, it } from "vitest";
import { routes } from "../src/app/rest-routes.js";
import { literalPath, RouteIndex } from "../src/core/rest/route-index.js";

// The index answers exactly what testing every route's pattern answers, in the same order, for
// every path the published routes serve and for paths next to them.

describe("RouteIndex", () => {
  const paths = [
    ...routes.flatMap((r) => ["123", "opt-in", "submit", "export", "a%20b"].map((id) => r.doc.path.replace(/\{\w+\}/g, id))),
    "/",
    "/send/",
    "/sendx",
    "/messages",
    "/messages/1/2",
    "/contacts/opt-in/erase",
    "/SEND",
  ];

  it("finds the routes every pattern would, in the routes' order", () => {
    const index = new RouteIndex(routes);
    for (const path of paths) expect(index.matching(path), path).toEqual(routes.filter((r) => r.path.test(path)));
  });

  it("reads a literal path only from a pattern that matches nothing else", () => {
    expect(literalPath(/^\/send-bulk$/)).toBe("/send-bulk");
    expect(literalPath(/^\/messages\/([^/]+)$/)).toBeUndefined();
    expect(literalPath(/^\/send$/i)).toBeUndefined();
    expect(literalPath(/^\/send/)).toBeUndefined();
  });
});
