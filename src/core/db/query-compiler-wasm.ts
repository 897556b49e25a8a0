import { readFile } from "node:fs/promises";
import path from "node:path";
import { projectRoot } from "../runtime/paths.js";

/**
 * Where the build puts Prisma's query compiler as plain WebAssembly (scripts/build.mjs). The
 * generated client imports it as a 4.6 MB base64 module, whose source text V8 keeps for the life
 * of the process; the built client reads these bytes instead (the build rewrites that one import).
 * Running from the sources (tests, tsx) keeps the generated import.
 */
export const queryCompilerWasmPath = path.join(projectRoot, "dist/prisma/query_compiler.wasm");

export async function loadQueryCompilerWasm(): Promise<WebAssembly.Module> {
  return new WebAssembly.Module(await readFile(queryCompilerWasmPath));
}
