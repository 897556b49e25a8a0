import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onPostgres, useServer } from "./kit/server.js";
import { root } from "./kit/spawn.js";
import { startPrismProxy } from "./kit/prism.js";
import { OWN_SERVICE_MS } from "./kit/limits.js";

/**
 * The CSV upload example of docs/campaigns.md: the sheet its here-document writes and the URL its
 * curl posts it to, with the query parameters it adds by `--url-query` (given `values` for the
 * shell variables they name).
 */
function guideCsvExample(values: Record<string, string>): { sheet: string; url: URL } {
  const guide = fs.readFileSync(path.join(root, "docs/campaigns.md"), "utf8");
  const section = guide.slice(guide.indexOf("### CSV upload"));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
  const lines = block.split("\n");
  const sheetStart = lines.findIndex((l) => l.startsWith("cat > customers.csv <<'CSV'")) + 1;
  const sheet = lines.slice(sheetStart, lines.indexOf("CSV", sheetStart));
  const found = /'(http:\/\/localhost:4000\/api\/v1\/send-bulk\?[^']+)'/.exec(block)?.[1];
  if (sheetStart === 0 || sheet.length < 2 || !found) throw new Error("docs/campaigns.md's CSV upload example is not where this test looks for it");
  const url = new URL(found);
  for (const [, name, variable] of block.matchAll(/--url-query "(\w+)=\$(\w+)"/g)) url.searchParams.set(name!, values[variable!] ?? "");
  return { sheet: `${sheet.join("\n")}\n`, url };
}

describe.skipIf(onPostgres)("the published OpenAPI document as Stoplight Prism reads it", () => {
  const server = useServer();
  let prism: Awaited<ReturnType<typeof startPrismProxy>>;

  beforeAll(async () => {
    prism = await startPrismProxy(`${server().url}/api/v1/openapi.json`, `${server().url}/api/v1`);
  }, OWN_SERVICE_MS);
  afterAll(() => prism?.close());

  const through = (key: string, pathAndQuery: string, init: RequestInit = {}) =>
    fetch(`${prism.url}${pathAndQuery}`, { ...init, headers: { authorization: `Bearer ${key}`, ...(init.headers as Record<string, string>) } });

  it("passes the guide's CSV upload, and the server's answer breaks nothing in the document", async () => {
    const t = await server().seed.tenant({ monthlyLimit: 50 }).account().create();
    const api = server().client(t.key);
    expect((await api.post("/templates", { name: "order_ready", message: "مرحبا {{name}}، your order {{order}} is ready" })).status).toBe(200);
    const { sheet, url } = guideCsvExample({ SEND_AT: new Date(Date.now() + 86_400_000).toISOString() });
    const r = await through(t.key, `${url.pathname.replace("/api/v1", "")}${url.search}`, { method: "POST", headers: { "content-type": "text/csv" }, body: sheet });
    const body = (await r.json()) as { batch_id: number; queued: number; send_at: string };
    expect(r.headers.get("sl-violations"), "Prism found the answer outside the document").toBeNull();
    expect(r.status, JSON.stringify(body)).toBe(200);
    expect(body.queued).toBe(sheet.trim().split("\n").length - 1);
    expect(new Date(body.send_at).toISOString()).toBe(new Date(url.searchParams.get("send_at")!).toISOString());
    const batch = await api.get(`/batches/${body.batch_id}`);
    expect(batch.body.messages.map((m: { to: string }) => m.to)).toEqual(["966501234567", "966551234567"]);
  });

  it("refuses what the document forbids before the server sees it", async () => {
    const t = await server().seed.tenant({ monthlyLimit: 50 }).account().create();
    const refusedByPrism = async (pathAndQuery: string, init: RequestInit = {}) => {
      const r = await through(t.key, pathAndQuery, init);
      expect(r.status, pathAndQuery).toBe(422);
      expect(r.headers.get("content-type"), pathAndQuery).toContain("application/problem+json");
    };
    // Limits the server enforces, now stated by the document too.
    await refusedByPrism("/batches?limit=101");
    await refusedByPrism("/webhook-deliveries?status=sent");
    await refusedByPrism("/send-bulk?template=Order%20Ready", { method: "POST", headers: { "content-type": "text/csv" }, body: "to\n0501234567\n" });
    await refusedByPrism("/consent-settings", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ stop_words: ["x".repeat(41)] }) });
    // Nothing reached the server: the tenant has no batch and its stop words are unchanged.
    const api = server().client(t.key);
    expect((await api.get("/batches")).body.batches).toEqual([]);
    expect((await api.get("/consent-settings")).body.consent_settings.stop_words).toEqual([]);
    // The same kind of requests within the limits pass both.
    const ok = await through(t.key, "/batches?limit=100&state=finished");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("sl-violations")).toBeNull();
  });
});
