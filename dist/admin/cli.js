import fs from "node:fs";
import { loadConfigOrExit } from "../lifecycle.js";
import { openDatabase } from "../db/database.js";
import { adminCommands, runAdminCommand } from "../services/admin.js";
import { ServiceError } from "../services/errors.js";
import { adminInfoPath } from "../app.js";
import { dataDirOwner } from "../db/data-dir-lock.js";
// npm run admin -- <command> [--flag value ...] [--json]
// With a server running on the embedded database it goes through that server (PGlite admits one
// process); otherwise it opens the database itself.
function usage() {
    const lines = Object.entries(adminCommands).map(([name, help]) => `  ${name} ${help}`);
    return `Usage: npm run admin -- <command> [options] [--json]\n\nCommands:\n${lines.join("\n")}`;
}
function parseArgs(argv) {
    const [command, ...rest] = argv;
    const args = {};
    let json = false;
    for (let i = 0; i < rest.length; i++) {
        const flag = rest[i] ?? "";
        if (flag === "--json") {
            json = true;
            continue;
        }
        if (!flag.startsWith("--"))
            throw new Error(`Unexpected argument ${flag}\n\n${usage()}`);
        const name = flag.slice(2).replace(/-([a-z])/g, (_, c) => c.toUpperCase());
        const value = rest[i + 1];
        if (value === undefined || value.startsWith("--"))
            throw new Error(`${flag} needs a value`);
        args[name] = value;
        i++;
    }
    return { command, args, json };
}
/**
 * The server that holds the embedded database, as its admin.json describes it. A file left by a
 * killed server is stale, and its pid may since belong to another process: only the pid that
 * holds the data directory's lock counts.
 */
function runningServer(dataDir) {
    try {
        const info = JSON.parse(fs.readFileSync(adminInfoPath(dataDir), "utf8"));
        return info.pid === dataDirOwner(dataDir) ? info : undefined;
    }
    catch {
        return undefined;
    }
}
async function viaServer(server, adminToken, command, args) {
    const response = await fetch(`${server.url}/admin/commands`, {
        method: "POST",
        headers: { authorization: `Bearer ${adminToken ?? server.token}`, "content-type": "application/json" },
        body: JSON.stringify({ command, args }),
    });
    const body = (await response.json());
    if (!body.success)
        throw new ServiceError((body.error?.code ?? "INTERNAL_ERROR"), body.error?.message ?? "failed", body.error?.fields);
    return body.result;
}
async function direct(config, command, args) {
    const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: 2 });
    try {
        await db.migrate();
        return await runAdminCommand(db.prisma, command, args, config);
    }
    finally {
        await db.close();
    }
}
const show = (value) => JSON.stringify(value, (_, v) => (typeof v === "bigint" ? Number(v) : v), 2);
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
    }
    catch (err) {
        if (!(err instanceof ServiceError))
            throw err;
        if (json)
            console.log(JSON.stringify({ error: { code: err.code, message: err.message, fields: err.fields } }));
        else
            console.error(`${err.code}: ${err.message}${err.fields ? `\n${show(err.fields)}` : ""}`);
        process.exitCode = 1;
    }
}
main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
});
//# sourceMappingURL=cli.js.map