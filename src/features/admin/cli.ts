import fs from "node:fs";
import type { Config } from "../../core/config.js";
import { loadConfigOrExit } from "../../core/runtime/lifecycle.js";
import { openServiceDatabase } from "../../core/db/startup.js";
import { adminCommands } from "./admin.js";
import { runOperatorCommand } from "./operator-runs.js";
import { CLI_ACTOR } from "../operators/index.js";
import { ServiceError } from "../../core/errors.js";
import { adminInfoPath, dataDirOwner } from "../../core/db/data-dir-lock.js";
import { ServiceClock } from "../../core/clock.js";
import { useTenantStandingWriter } from "../billing/index.js";
import { setTenantStanding } from "./admin-sql.js";

// npm run admin -- <command> [--flag value ...] [--json]
// With a server running on the embedded database it goes through that server (PGlite admits one
// process); otherwise it opens the database itself.

function usage(): string {
  const lines = Object.entries(adminCommands).map(([name, help]) => `  ${name} ${help}`);
  return `Usage: npm run admin -- <command> [options] [--json]\n\nCommands:\n${lines.join("\n")}`;
}

/** Flags that take no value: present means "true" (audit:verify --operator). */
const SWITCHES = new Set(["operator"]);

function parseArgs(argv: string[]): { command: string | undefined; args: Record<string, string>; json: boolean } {
  const [command, ...rest] = argv;
  const args: Record<string, string> = {};
  let json = false;
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i] ?? "";
    if (flag === "--json") {
      json = true;
      continue;
    }
    if (!flag.startsWith("--")) throw new Error(`Unexpected argument ${flag}\n\n${usage()}`);
    const name = flag.slice(2).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    if (SWITCHES.has(name)) {
      args[name] = "true";
      continue;
    }
    const value = rest[i + 1];
    if (value === undefined || value.startsWith("--")) throw new Error(`${flag} needs a value`);
    args[name] = value;
    i++;
  }
  return { command, args, json };
}

interface RunningServer {
  url: string;
  token: string;
  pid: number;
}

/**
 * The server that holds the embedded database, as its admin.json describes it. A file left by a
 * killed server is stale, and its pid may since belong to another process: only the pid that
 * holds the data directory's lock counts.
 */
function runningServer(dataDir: string): RunningServer | undefined {
  try {
    const info = JSON.parse(fs.readFileSync(adminInfoPath(dataDir), "utf8")) as RunningServer;
    return info.pid === dataDirOwner(dataDir) ? info : undefined;
  } catch {
    return undefined;
  }
}

async function viaServer(server: RunningServer, adminToken: string | undefined, command: string, args: Record<string, string>): Promise<unknown> {
  const response = await fetch(`${server.url}/admin/commands`, {
    method: "POST",
    headers: { authorization: `Bearer ${adminToken ?? server.token}`, "content-type": "application/json" },
    body: JSON.stringify({ command, args }),
  });
  const body = (await response.json()) as { success: boolean; result?: unknown; error?: { code: string; message: string; fields?: Record<string, string> } };
  if (!body.success) throw new ServiceError((body.error?.code ?? "INTERNAL_ERROR") as never, body.error?.message ?? "failed", body.error?.fields);
  return body.result;
}

async function direct(config: Config, command: string, args: Record<string, string>): Promise<unknown> {
  const db = await openServiceDatabase(config, { poolMax: 1 });
  try {
    // What the server hands its own commands: billing's writer of a tenant's standing, and the
    // settings and clock of commands that reach a payment provider.
    useTenantStandingWriter(setTenantStanding);
    const clock = new ServiceClock(config.timeZone);
    return await runOperatorCommand(db.prisma, CLI_ACTOR, command, args, { ...config, clock, services: { config, clock, urls: {} } });
  } finally {
    await db.close();
  }
}

const show = (value: unknown) => JSON.stringify(value, (_, v: unknown) => (typeof v === "bigint" ? Number(v) : v), 2);

async function main() {
  const { command, args, json } = parseArgs(process.argv.slice(2));
  if (!command || command === "help" || command === "--help") {
    console.log(usage());
    return;
  }
  const config = loadConfigOrExit();
  const server = config.databaseUrl ? undefined : runningServer(config.dataDir);
  try {
    const result = server ? await viaServer(server, config.adminToken, command, args) : await direct(config, command, args);
    console.log(json ? JSON.stringify(JSON.parse(show(result))) : show(result));
    // A check that found something wrong (audit:verify) says so in its exit status too.
    if (typeof result === "object" && result !== null && (result as { ok?: unknown }).ok === false) process.exitCode = 1;
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    if (json) console.log(JSON.stringify({ error: { code: err.code, message: err.message, fields: err.fields } }));
    else console.error(`${err.code}: ${err.message}${err.fields ? `\n${show(err.fields)}` : ""}`);
    process.exitCode = 1;
  }
}

// The operator reads one line: what went wrong (a StartupError names the fix as well).
main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
