// node scripts/release-check.mjs: the Dockerfile's steps run for real (CI cannot pull images). It
// stages the release (scripts/stage-release.sh, as the image's build stage does), installs it with
// `npm ci --omit=dev` into an empty directory (as the runtime stage does), migrates a fresh
// PostgreSQL database with the built migrate command, starts the built server (WORKER_ENABLED=false,
// like the compose file's API instances) and a built worker, and sends a bulk batch that the
// worker must deliver, checked through the REST API. Needs PostgreSQL and Redis (DATABASE_URL and
// REDIS_URL, defaulting to the local servers) and the dev install it runs from (for pg).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const serverUrl = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const work = fs.mkdtempSync(path.join(os.tmpdir(), "release-check-"));
const app = path.join(work, "app");
const database = `release_check_${Date.now().toString(36)}`;
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${database}` }).toString();
const port = 20_000 + Math.floor(Math.random() * 20_000);
const base = `http://127.0.0.1:${port}`;
const adminToken = "release-check-admin-token-0123456789";
const children = [];

const step = (text) => console.log(`\n--> ${text}`);
function fail(text) {
  throw new Error(text);
}

/** Runs a command to completion, its output shown; returns stdout. */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], ...options });
  if (result.status !== 0) fail(`${command} ${args.join(" ")} exited ${result.status}\n${result.stdout ?? ""}`);
  return result.stdout;
}

/** The runtime environment the Dockerfile sets (its ENV lines), so the check runs what the image runs. */
function imageEnvironment() {
  const env = {};
  for (const line of fs.readFileSync(path.join(root, "Dockerfile"), "utf8").split("\n")) {
    const m = /^ENV\s+(\w+)=(?:"([^"]*)"|(\S+))\s*$/.exec(line.trim());
    if (m) env[m[1]] = m[2] ?? m[3];
  }
  return env;
}

const env = {
  ...process.env,
  ...imageEnvironment(),
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  REDIS_PREFIX: database,
  ADMIN_TOKEN: adminToken,
  PORT: String(port),
  HOST: "127.0.0.1",
  SIMULATOR_LATENCY_MS: "5",
  // A production process needs one; nothing in the check sends mail (the discard port: a mail would wait).
  SMTP_URL: "smtp://127.0.0.1:9",
  ENV_FILE: "",
};

function start(name, script, extra = {}) {
  const child = spawn(process.execPath, [script], { cwd: app, env: { ...env, ...extra }, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  const handle = { name, child, exited, log: () => log };
  children.push(handle);
  return handle;
}

async function until(what, check, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const admin = (...args) => JSON.parse(run(process.execPath, ["dist/admin/cli.js", ...args, "--json"], { cwd: app, env }));

async function main() {
  step("build and stage the release (the image's build stage)");
  run(process.execPath, ["scripts/build.mjs"], { cwd: root, stdio: "inherit" });
  run("sh", ["scripts/stage-release.sh", app], { cwd: root, stdio: "inherit" });

  step("npm ci --omit=dev in an empty directory (the image's runtime stage)");
  run("npm", ["ci", "--omit=dev", "--no-audit", "--no-fund"], { cwd: app, stdio: "inherit" });
  for (const tool of ["tsx", "prisma", "esbuild", "typescript", "vitest", "@graphql-yoga/graphiql", "swagger-ui-dist"]) {
    if (fs.existsSync(path.join(app, "node_modules", tool))) fail(`the production install has the build-only package ${tool}`);
  }
  console.log(`node_modules: ${run("du", ["-sh", "node_modules"], { cwd: app }).split("\t")[0]}`);

  step(`a fresh database (${database}) migrated by the built migrate command`);
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${database}`);
  await client.end();
  console.log(run(process.execPath, ["dist/db/migrate-cli.js", "apply"], { cwd: app, env }).trim());

  step("the built server (no worker) and a built worker");
  const server = start("server", "dist/main.js", { WORKER_ENABLED: "false" });
  const worker = start("worker", "dist/worker/main.js", { PORT: "0" });
  await until("/readyz 200", async () => (await fetch(`${base}/readyz`)).status === 200);
  run(process.execPath, ["dist/healthcheck.js"], { cwd: app, env });
  console.log("ready; the image's HEALTHCHECK command passes");

  step("a tenant, a key and a number through the built admin CLI");
  const plan = admin("plan:create", "--name", "Release", "--monthly-limit", "1000", "--max-accounts", "2");
  const tenant = admin("tenant:create", "--name", "Release check", "--plan", String(plan.id), "--ends", "2099-12-31");
  const { key } = admin("key:create", "--tenant", String(tenant.id));
  const account = admin(
    "account:create",
    "--tenant",
    String(tenant.id),
    "--phone",
    "0551000001",
    "--name",
    "Release",
    "--min-interval-ms",
    "0",
    "--jitter-ms",
    "0",
    "--warm-up",
    "false",
  );

  step("a bulk batch, delivered by the worker");
  const numbers = Array.from({ length: 25 }, (_, i) => `05${String(60_000_000 + i).padStart(8, "0")}`);
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  const response = await fetch(`${base}/api/v1/send-bulk`, {
    method: "POST",
    headers,
    body: JSON.stringify({ numbers, message: "Release check", account_id: account.id }),
  });
  const bulk = await response.json();
  if (response.status !== 200 || bulk.queued !== numbers.length || bulk.status !== "processing") fail(`bulk refused: ${response.status} ${JSON.stringify(bulk)}`);
  // One batch report per poll (the plan's request rate applies to the checker too).
  const report = await until("every message sent", async () => {
    const batch = await (await fetch(`${base}/api/v1/batches/${bulk.batch_id}`, { headers })).json();
    if (process.env.RELEASE_CHECK_DEBUG) console.log(JSON.stringify(batch.counts));
    return batch.counts?.sent === numbers.length ? batch : undefined;
  });
  const sample = await (await fetch(`${base}/api/v1/messages/${bulk.messages[0].message_id}`, { headers })).json();
  if (sample.status !== "sent" || !sample.sent_at) fail(`message ${bulk.messages[0].message_id}: ${JSON.stringify(sample)}`);
  const balance = await (await fetch(`${base}/api/v1/balance`, { headers })).json();
  if (balance.messages.used !== numbers.length) fail(`balance used ${balance.messages.used}, expected ${numbers.length}`);
  console.log(`batch ${report.id}: ${report.counts.sent} of ${report.total} sent by the worker; balance used ${balance.messages.used}`);

  step("the console's page and files, from the build, and a sign-in with the key");
  const page = await fetch(`${base}/console`, { headers: { "accept-language": "ar" } });
  const html = await page.text();
  if (page.status !== 200 || !html.includes('dir="rtl"') || !page.headers.get("content-security-policy")?.includes("frame-ancestors 'none'"))
    fail(`/console answered ${page.status}`);
  for (const asset of html.match(/\/console\/assets\/[^"]+/g) ?? []) {
    const file = await fetch(`${base}${asset}`);
    if (file.status !== 200 || !file.headers.get("cache-control")?.includes("immutable")) fail(`${asset} answered ${file.status}`);
  }
  const signIn = await fetch(`${base}/console/session`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-graphql-yoga-csrf": "1" },
    body: JSON.stringify({ api_key: key }),
  });
  if (signIn.status !== 200 || !signIn.headers.get("set-cookie")?.includes("HttpOnly")) fail(`console sign-in answered ${signIn.status}`);
  console.log("the console's page, its files and a sign-in answer as built");

  step("both stop cleanly on SIGTERM");
  for (const { name, child, exited } of [server, worker]) {
    child.kill("SIGTERM");
    const { code } = await exited;
    if (code !== 0) fail(`${name} exited ${code} on SIGTERM`);
  }
  console.log("\nRelease check passed.");
}

async function cleanUp() {
  for (const { child } of children) if (child.exitCode === null) child.kill("SIGKILL");
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await client.end();
  fs.rmSync(work, { recursive: true, force: true });
}

main()
  .catch((err) => {
    for (const { name, log, child } of children) console.error(`\n--- ${name} output (exit ${child.exitCode}) ---\n${log().slice(-4_000)}`);
    console.error(`\nRelease check FAILED: ${err.message}`);
    process.exitCode = 1;
  })
  .finally(cleanUp);
