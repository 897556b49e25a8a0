import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/core/config.js";
import { runScript, startServerProcess } from "./kit/spawn.js";
import { OWN_PROCESSES_MS } from "./kit/limits.js";
import { embeddedPass } from "./kit/server.js";

// Settings come from the environment and an optional settings file, read once at boot: these run
// the real entry point in a directory of their own, with its own .env.
describe.runIf(embeddedPass)("settings file", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
  const folderWith = (files: Record<string, string>) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gw-settings-"));
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    return dir;
  };
  // The test run's own settings must not decide what the child reads.
  const clean = { DATABASE_URL: "", REDIS_URL: "", DATA_DIR: "", PORT: "", HOST: "", ADMIN_TOKEN: "", NODE_ENV: "", ENV_FILE: "" };

  it("lists every bad setting of .env, misspelt names included, and exits 1", { timeout: OWN_PROCESSES_MS }, async () => {
    const dir = folderWith({ ".env": "PORT=eighty\nTIME_ZONE=Mars/Olympus\n# a comment\nPROT=4000\nWORKER_POLL_MS=5\n" });
    const r = await runScript("src/main.ts", [], clean, 60_000, dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("Invalid settings");
    for (const problem of ["PORT:", "TIME_ZONE:", "PROT: not a setting of this service", "WORKER_POLL_MS:"]) expect(r.stderr).toContain(problem);
  });

  it("refuses an ENV_FILE that cannot be read", { timeout: OWN_PROCESSES_MS }, async () => {
    const dir = folderWith({});
    const r = await runScript("src/main.ts", [], { ...clean, ENV_FILE: "missing.env" }, 60_000, dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/ENV_FILE: cannot read .*missing\.env \(ENOENT\)/);
  });

  it("starts from .env, with the environment overriding a line of it", { timeout: OWN_PROCESSES_MS }, async () => {
    const adminToken = "token-from-the-settings-file-0123456789";
    const dir = folderWith({
      ".env": [
        "NODE_ENV=production",
        "HOST=127.0.0.1",
        "PORT=0",
        "DATA_DIR=memory://",
        `ADMIN_TOKEN="${adminToken}"`,
        // Silent from the file, but the environment below says info: the listening line proves which won.
        "LOG_LEVEL=silent",
        "WORKER_ENABLED=false",
      ].join("\n"),
    });
    // Only LOG_LEVEL comes from the environment here: the rest must come from the file.
    const { child, url } = await startServerProcess({ ...clean, LOG_LEVEL: "info" }, { cwd: dir, stderr: "pipe" });
    try {
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      // The admin token came from the file: the admin endpoint accepts it and refuses another.
      const command = (token: string) =>
        fetch(`${url}/admin/commands`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ command: "plan:list", args: {} }),
        });
      expect((await command(adminToken)).status).toBe(200);
      expect((await command("some-other-token-0123456789")).status).toBe(404);
    } finally {
      child.kill("SIGTERM");
    }
  });
});

describe.runIf(embeddedPass)("where the server listens, and who may call it from a browser", () => {
  it("listens on loopback unless in production or told otherwise", () => {
    expect(loadConfig({}).host).toBe("127.0.0.1");
    expect(loadConfig({ NODE_ENV: "test" }).host).toBe("127.0.0.1");
    expect(loadConfig({ NODE_ENV: "production" }).host).toBe("0.0.0.0");
    expect(loadConfig({ HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    expect(loadConfig({}).admin).toEqual({ host: "127.0.0.1", port: undefined });
  });

  it("reads CORS_ORIGINS as a list of exact origins, or *, and refuses anything else", () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: "https://app.example.com, http://localhost:3000" }).corsOrigins).toEqual(["https://app.example.com", "http://localhost:3000"]);
    expect(loadConfig({ CORS_ORIGINS: "*" }).corsOrigins).toEqual(["*"]);
    for (const bad of ["app.example.com", "https://app.example.com/path", "https://*.example.com"]) {
      expect(() => loadConfig({ CORS_ORIGINS: bad }), bad).toThrow(ConfigError);
    }
  });

  it("a development server started with no HOST answers on 127.0.0.1 only", { timeout: OWN_PROCESSES_MS }, async () => {
    const { child, url } = await startServerProcess({ DATABASE_URL: "", REDIS_URL: "", HOST: "", NODE_ENV: "development", DATA_DIR: "memory://", WORKER_ENABLED: "false" });
    try {
      expect(new URL(url).hostname).toBe("127.0.0.1");
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
    } finally {
      child.kill("SIGTERM");
    }
  });
});
