import { parse } from "csv-parse/sync";
import { expect } from "vitest";
import type { Client } from "./http.js";

// What the export tests share: starting an export over REST, waiting for it to end while noting the
// progress it reports, and downloading and reading its file.

export interface ExportAnswer {
  id: number;
  status: string;
  rows_done: number;
  rows_total: number | null;
  progress: number;
  bytes: number;
  download_path: string | null;
  [field: string]: unknown;
}

/** Starts an export and expects 202. */
export async function startExport(api: Client, body: Record<string, unknown>): Promise<ExportAnswer> {
  const r = await api.post("/exports", body);
  expect(r.status, JSON.stringify(r.body)).toBe(202);
  return r.body as ExportAnswer;
}

/** Polls until the export has ended; answers its last state and every progress figure seen on the way. */
export async function waitForExport(api: Client, id: number, timeout = 60_000): Promise<{ done: ExportAnswer; progress: number[] }> {
  const progress: number[] = [];
  const deadline = Date.now() + timeout;
  for (;;) {
    const r = await api.get(`/exports/${id}`);
    expect(r.status).toBe(200);
    const job = r.body as ExportAnswer;
    progress.push(job.progress);
    if (job.status !== "queued" && job.status !== "running") return { done: job, progress };
    if (Date.now() > deadline) throw new Error(`export ${id} still ${job.status} after ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The file as bytes and as text (a byte order mark kept), with its answer's headers. */
export async function download(api: Client, id: number): Promise<{ status: number; headers: Headers; bytes: Buffer; text: string }> {
  const r = await fetch(`${api.url}/api/v1/exports/${id}/download`, { headers: api.headers() });
  const bytes = Buffer.from(await r.arrayBuffer());
  return { status: r.status, headers: r.headers, bytes, text: bytes.toString("utf8") };
}

/** A CSV file's rows as records of its header's columns. */
export const csvRows = (text: string) => parse<Record<string, string>>(text, { bom: true, columns: true });

/** An NDJSON file's rows. */
export const ndjsonRows = (text: string) =>
  text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
