import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";

// The operator's alerting rules and dashboard (ops/, docs/operations.md "Alerts and the dashboard"):
// Prometheus's own promtool checks the rules and runs their unit tests, checks every query of the
// dashboard as it would a rule's, and each gateway metric they name is one a running server exports.
// promtool is Debian's `prometheus` package, which .ci/run installs.

const run = promisify(execFile);
const RULES = "ops/prometheus/gateway-alerts.yml";
const RULE_TESTS = "ops/prometheus/gateway-alerts.test.yml";
const DASHBOARD = "ops/grafana/gateway-dashboard.json";

interface Panel {
  type: string;
  title: string;
  targets?: Array<{ expr: string }>;
}

const dashboard = () => JSON.parse(fs.readFileSync(DASHBOARD, "utf8")) as { uid: string; panels: Panel[] };
const queries = () => dashboard().panels.flatMap((p) => (p.targets ?? []).map((t, i) => ({ panel: p.title, n: i, expr: t.expr })));
/** The gateway metrics a text names (a histogram's series by their base name). */
const gatewayMetrics = (text: string) => new Set([...text.matchAll(/\bgateway_[a-z0-9_]+/g)].map((m) => m[0].replace(/_(bucket|sum|count)$/, "")));

async function promtool(...args: string[]): Promise<string> {
  try {
    const { stdout, stderr } = await run("promtool", args, { cwd: path.dirname(RULES) });
    return stdout + stderr;
  } catch (err) {
    const e = err as { code?: string; stdout?: string; stderr?: string };
    if (e.code === "ENOENT") throw new Error("promtool is missing: install Debian's prometheus package (.ci/run does)");
    throw new Error(`promtool ${args.join(" ")} failed:\n${e.stdout ?? ""}${e.stderr ?? ""}`);
  }
}

describe("the operator's alerts and dashboard", () => {
  const server = useServer({ REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379", REDIS_PREFIX: `alerts_${randomBytes(4).toString("hex")}` });

  it("promtool finds the rules sound, and each alert fires, and stays quiet, as its unit tests say", async () => {
    expect(await promtool("check", "rules", path.basename(RULES))).toContain("SUCCESS: 15 rules found");
    expect(await promtool("test", "rules", path.basename(RULE_TESTS))).toContain("SUCCESS");
  });

  it("every query of the dashboard is PromQL that promtool accepts", async () => {
    const all = queries();
    expect(all.length).toBe(36);
    // A rules file written as JSON (which YAML reads), one recording rule a query; Grafana's
    // $__rate_interval stands for a range.
    const rules = { groups: [{ name: "dashboard", rules: all.map((q, i) => ({ record: `dashboard:query_${i}`, expr: q.expr.replaceAll("$__rate_interval", "5m") })) }] };
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "dashboard-")), "queries.yml");
    fs.writeFileSync(file, JSON.stringify(rules));
    expect(await promtool("check", "rules", file)).toContain(`SUCCESS: ${all.length} rules found`);
    expect(dashboard().uid).toBe("whatsapp-gateway");
  });

  it("names no metric the gateway does not export", async () => {
    const text = await (await fetch(`${server().url}/metrics`)).text();
    const exported = new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]!));
    expect(exported.has("gateway_redis_up") && exported.has("gateway_housekeeping_last_done_timestamp_seconds")).toBe(true);
    const named = new Set([
      ...gatewayMetrics(fs.readFileSync(RULES, "utf8")),
      ...gatewayMetrics(
        queries()
          .map((q) => q.expr)
          .join("\n"),
      ),
    ]);
    // Exported only with DATABASE_READ_URL, on PostgreSQL: test/read-standby.test.ts reads both from a gateway that has one.
    const withStandby = ["gateway_read_standby_lag_seconds", "gateway_read_standby_in_use"];
    expect(withStandby.every((m) => named.has(m) && !exported.has(m))).toBe(true);
    expect([...named].filter((m) => !exported.has(m) && !withStandby.includes(m))).toEqual([]);
    // The alerts read every metric an operator must hear about.
    for (const m of [
      "gateway_queue_oldest_pending_age_seconds",
      "gateway_webhook_backlog_oldest_age_seconds",
      "gateway_housekeeping_last_done_timestamp_seconds",
      "gateway_numbers",
      "gateway_redis_up",
      "gateway_read_standby_lag_seconds",
    ])
      expect(gatewayMetrics(fs.readFileSync(RULES, "utf8")).has(m), m).toBe(true);
    // And the backups' age, from pgbackrest_exporter under the names its README lists
    // (woblerr/pgbackrest_exporter at 01fe145, "Collected metrics"): the gateway does not export them.
    const exprs = [...fs.readFileSync(RULES, "utf8").matchAll(/expr: (.*)/g)].map((m) => m[1]!);
    const outside = exprs.flatMap((e) => [...e.matchAll(/\bpgbackrest_[a-z_]+/g)].map((m) => m[0]));
    expect(new Set(outside)).toEqual(new Set(["pgbackrest_backup_since_last_completion_seconds", "pgbackrest_exporter_status"]));
  });
});
