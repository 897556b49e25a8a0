import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const script = fileURLToPath(new URL("./folder-sizes.mjs", import.meta.url));
const trees: string[] = [];

/** A project folder with `counts` files in each of the given folders. */
function tree(counts: Record<string, number>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "folder-sizes-"));
  trees.push(root);
  for (const [dir, n] of Object.entries(counts)) {
    fs.mkdirSync(path.join(root, dir), { recursive: true });
    for (let i = 0; i < n; i++) fs.writeFileSync(path.join(root, dir, `f${i}.ts`), "");
  }
  return root;
}

const check = (root: string) => spawnSync(process.execPath, [script], { cwd: root, encoding: "utf8" });

afterEach(() => {
  for (const root of trees.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

describe("the folder-size check of npm run lint", () => {
  it("passes folders of up to 20 files, however deep", () => {
    const run = check(tree({ src: 20, "src/features/a": 20, "src/features/a/b": 1 }));
    expect(run.status).toBe(0);
    expect(run.stderr).toBe("");
  });

  it("names every folder of more than 20 files and fails", () => {
    const run = check(tree({ src: 3, "src/core": 21, "src/features/a/b": 25 }));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("src/core/ holds 21 files");
    expect(run.stderr).toContain("src/features/a/b/ holds 25 files");
  });

  it("leaves generated folders out", () => {
    const run = check(tree({ "src/generated/prisma": 40, "src/gql": 30, "src/features/console/web/gql": 30 }));
    expect(run.status).toBe(0);
  });
});
