import http from "node:http";
import { expect } from "vitest";

/**
 * Checks that a page's scripts and styles all come from `prefix` on this server and load, and
 * returns their paths. A page that reached for a CDN would fail here (and in a closed network).
 */
export async function expectLocalAssets(baseUrl: string, html: string, prefix: string): Promise<string[]> {
  const refs = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!).filter((u) => !u.startsWith("data:"));
  expect(refs.length).toBeGreaterThanOrEqual(3);
  for (const ref of refs) {
    expect(ref.startsWith(prefix), ref).toBe(true);
    const r = await fetch(`${baseUrl}${ref}`);
    expect(r.status, ref).toBe(200);
    expect(r.headers.get("content-type"), ref).toMatch(/^text\/(javascript|css)/);
    expect((await r.arrayBuffer()).byteLength, ref).toBeGreaterThan(0);
  }
  return refs;
}

/** The status of a GET sent with its path exactly as written (fetch would resolve `..` first). */
export function rawGetStatus(baseUrl: string, path: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port: new URL(baseUrl).port, path }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on("error", reject);
  });
}
