import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { adminOverHttp, benchPort, percentile, root, startScript, stopProcess, waitHealthy } from "./harness.js";
import { writeSection } from "./report.js";

// npm run bench, or tsx bench/console-load.ts: what the console costs a browser on its first load,
// on localhost against the build (dist/), embedded database. It reports the bytes of the page's
// scripts and stylesheets as built and gzipped, and the operator console's (the budget: 60 KB of
// gzipped JavaScript for both consoles' first loads together),
// and, over CONSOLE_LOAD_RUNS cold loads in Chromium (a fresh context each, cache empty), the time
// from navigation to the overview's table on screen with its numbers, signed in: the page is usable
// then. Figures go to BENCHMARKS.md ("Console first load").

const runs = Number(process.env.CONSOLE_LOAD_RUNS ?? 10);
const port = benchPort();
const url = `http://127.0.0.1:${port}`;
const adminToken = randomBytes(24).toString("hex");

/** Bytes of `app`'s built files (dist/<app>/), as built and gzipped: its first-load script, every script, its stylesheet. */
function builtSizes(app: "console" | "operator-console") {
  const dir = path.join(root, "dist", app);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8")) as { script: string; style: string; files: string[] };
  const size = (names: string[]) =>
    names
      .map((name) => fs.readFileSync(path.join(dir, name)))
      .reduce((sum, bytes) => ({ raw: sum.raw + bytes.length, gzip: sum.gzip + gzipSync(bytes, { level: 9 }).length }), { raw: 0, gzip: 0 });
  return { script: size([manifest.script]), scripts: size(manifest.files.filter((f) => f.endsWith(".js"))), style: size([manifest.style]) };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "console-load-"));
  const server = startScript("src/main.ts", { DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", ADMIN_TOKEN: adminToken, WORKER_ENABLED: "false" });
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update"],
  });
  try {
    await waitHealthy(url);
    const admin = adminOverHttp(url, adminToken);
    await admin("plan:create", "--name", "Console", "--monthly-limit", "10000", "--max-accounts", "5");
    const tenant = await admin("tenant:create", "--name", "Console", "--plan", "Console", "--ends", "2099-12-31");
    await admin("account:create", "--tenant", String(tenant.id), "--phone", "0551000001", "--name", "Shop", "--warm-up", "false");
    const key = String((await admin("key:create", "--tenant", String(tenant.id), "--label", "console")).key);
    const times: number[] = [];
    let transferred = 0;
    for (let i = 0; i < runs + 1; i++) {
      const context = await browser.newContext({ locale: "ar-SA" });
      const signIn = await context.request.post(`${url}/console/session`, { headers: { "x-graphql-yoga-csrf": "1" }, data: { api_key: key } });
      if (!signIn.ok()) throw new Error(`sign-in answered ${signIn.status()}`);
      const page = await context.newPage();
      let bytes = 0;
      page.on(
        "response",
        (r) =>
          void r.body().then(
            (b) => (bytes += b.length),
            () => undefined,
          ),
      );
      const started = performance.now();
      await page.goto(`${url}/console`);
      await page.locator("table tbody tr").first().waitFor();
      // The first load warms the server's caches (the built files are read once): not counted.
      if (i > 0) times.push(performance.now() - started);
      transferred = bytes;
      await context.close();
    }
    times.sort((a, b) => a - b);
    const sizes = builtSizes("console");
    const operator = builtSizes("operator-console");
    const kb = (n: number) => (n / 1024).toFixed(1);
    const body = [
      `\`tsx bench/console-load.ts\` (part of \`npm run bench\`), ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Chromium headless on localhost, embedded database, ${runs} cold loads (a fresh browser context each).`,
      "",
      "| what | figure | budget |",
      "|---|---:|---:|",
      `| business console, first-load script (the shell and the overview), gzipped (as built: ${kb(sizes.script.raw)} KB) | ${kb(sizes.script.gzip)} KB | |`,
      `| business console, every script (the other pages' chunks, each fetched when its page is first shown), gzipped | ${kb(sizes.scripts.gzip)} KB | |`,
      `| operator console, script, gzipped (as built: ${kb(operator.script.raw)} KB) | ${kb(operator.script.gzip)} KB | |`,
      `| both consoles' first-load scripts together, gzipped | ${kb(sizes.script.gzip + operator.script.gzip)} KB | ≤ 60 KB |`,
      `| stylesheets, gzipped (business, operator) | ${kb(sizes.style.gzip)} KB, ${kb(operator.style.gzip)} KB | |`,
      `| bytes a first load receives, signed in (page, script, style, API answers; the server does not compress) | ${kb(transferred)} KB | |`,
      `| navigation to the overview's table on screen, median | ${Math.round(percentile(times, 0.5))} ms | |`,
      `| the same, slowest of ${runs} | ${Math.round(times[times.length - 1] ?? 0)} ms | |`,
    ].join("\n");
    console.log(body);
    writeSection("Console first load", body);
  } finally {
    await browser.close();
    await stopProcess(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
