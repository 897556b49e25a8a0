import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The folder that holds package.json: the repository when running from the sources, the release
 * folder when running the build. Files shipped beside the code (migrations, copied assets) are
 * found from here, since a module sits at a different depth in src/ than in the bundled dist/.
 */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (fs.existsSync(path.join(dir, "package.json"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

export const projectRoot = findProjectRoot();
export const migrationsDir = path.join(projectRoot, "prisma/migrations");
export const schemaPath = path.join(projectRoot, "prisma/schema.prisma");
/** Third-party browser files the build copies out of their packages (see scripts/build.mjs). */
export const builtAssetsDir = path.join(projectRoot, "dist/assets");
/** The fonts invoices embed: beside their code in the repository, copied into dist/ by the build for a release. */
export const invoiceFontsDir =
  [path.join(projectRoot, "src/features/invoices/fonts"), path.join(projectRoot, "dist/fonts")].find((d) => fs.existsSync(d)) ?? path.join(projectRoot, "dist/fonts");
/** This release's version, from its package.json. */
export const releaseVersion = (JSON.parse(fs.readFileSync(path.join(projectRoot, "package.json"), "utf8")) as { version: string }).version;
