import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerProcess, stopServerProcess } from "./kit/spawn.js";
import { adminOverHttp } from "../bench/harness.js";
import { peakRssMb, resetPeakRss } from "../bench/proc.js";
import { download, fakeProvider, MB, sha256Of, type MediaFile } from "./kit/media-provider.js";
import { postCloudWebhook } from "./kit/provider-signing.js";
import { VOLUME_MS } from "./kit/limits.js";
import { embeddedPass } from "./kit/server.js";

// docs/two-way-messaging.md "Inbound media": a 50 MB file read slowly goes through without the
// server holding it. The server is a process of its own, so that its peak RSS is its alone: measured
// inside the test process, the fake provider, the reading client and V8's young generation of a
// process that has run other files moved the figure by up to ~29 MB whatever the server did. It
// uses the embedded in-memory database on every run (TEST_DATABASE=postgres included), set up
// through the admin commands and the signed Cloud webhook, as an operator and Meta would.

const APP_SECRET = "cloud-app-secret-media-memory";
const ADMIN_TOKEN = "admin-token-media-memory";
const TOKEN = "EAAG-media-memory-token";
const PHONE_NUMBER_ID = "1098765432100";
const RSS_BOUND_MB = 20;

const graphFiles = new Map<string, MediaFile>();
let graph: Awaited<ReturnType<typeof fakeProvider>>;
let server: { child: ChildProcess; url: string };

beforeAll(async () => {
  graph = await fakeProvider(graphFiles);
  server = await startServerProcess({
    NODE_ENV: "test",
    DATA_DIR: "memory://",
    SEED_DEMO: "false",
    // startServerProcess waits for the "listening" line, which is logged at info.
    LOG_LEVEL: "info",
    ADMIN_TOKEN,
    WHATSAPP_CLOUD_APP_SECRET: APP_SECRET,
    WHATSAPP_CLOUD_BASE_URL: graph.url,
    INBOUND_MEDIA_MAX_BYTES: String(55 * MB),
    // Empty counts as unset: a PostgreSQL run's settings must not reach this server.
    DATABASE_URL: "",
    REDIS_URL: "",
    WAHA_WEBHOOK_HMAC_KEY: "",
  });
});

afterAll(async () => {
  await graph?.close();
  await stopServerProcess(server?.child);
});

/** A tenant with a Cloud number, made as an operator would; answers its key. */
async function cloudTenant(): Promise<string> {
  const admin = adminOverHttp(server.url, ADMIN_TOKEN);
  await admin("plan:create", "--name", "Media", "--monthly-limit", "1000", "--max-accounts", "1");
  const tenant = await admin("tenant:create", "--name", "Media memory", "--plan", "Media", "--ends", "2099-12-31");
  const flags = ["--tenant", String(tenant.id), "--phone", "966550000001", "--name", "Cloud", "--channel", "whatsapp-cloud"];
  await admin("account:create", ...flags, "--cloud-phone-number-id", PHONE_NUMBER_ID, "--cloud-access-token", TOKEN);
  return String((await admin("key:create", "--tenant", String(tenant.id))).key);
}

/** Stores a Cloud document message through the signed webhook, as Meta sends it; answers its inbound id. */
async function cloudDocument(key: string, mediaId: string): Promise<number> {
  const providerId = `wamid.MEMORY${mediaId}`;
  const raw = JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "1",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "966550000001", phone_number_id: PHONE_NUMBER_ID },
              contacts: [{ profile: { name: "Sara" }, wa_id: "966501234567" }],
              messages: [
                {
                  from: "966501234567",
                  id: providerId,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: "document",
                  document: { id: mediaId, mime_type: "video/mp4", sha256: "x" },
                },
              ],
            },
          },
        ],
      },
    ],
  });
  const stored = await postCloudWebhook(server.url, raw, APP_SECRET);
  expect(await stored.json()).toMatchObject({ success: true, stored: 1 });
  const list = (await (await fetch(`${server.url}/api/v1/inbound-messages`, { headers: { authorization: `Bearer ${key}` } })).json()) as {
    inbound_messages: Array<{ id: number; provider_message_id: string }>;
  };
  const row = list.inbound_messages.find((m) => m.provider_message_id === providerId);
  if (!row) throw new Error(`inbound message ${providerId} not listed`);
  return row.id;
}

describe.runIf(embeddedPass)("GET /inbound-messages/{id}/media, memory", () => {
  it(`streams a 50 MB file read slowly while the server's peak RSS moves by less than ${RSS_BOUND_MB} MB`, { timeout: VOLUME_MS }, async () => {
    const key = await cloudTenant();
    const pid = server.child.pid!;
    // Warm-up: the route's code, the connections' buffers and V8's young generation (whose pages a
    // first pass through would touch) exist before the measure starts.
    graphFiles.set("warm", { bytes: 24 * MB });
    const warm = await download(server, `/inbound-messages/${await cloudDocument(key, "warm")}/media`, key);
    expect(warm).toMatchObject({ status: 200, complete: true, bytes: 24 * MB });

    const size = 50 * MB;
    graphFiles.set("video", { bytes: size, contentType: "video/mp4" });
    const id = await cloudDocument(key, "video");
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The peak starts over at the current RSS (clear_refs "5"): from here on it is the stream's.
    expect(resetPeakRss(pid)).toBe(true);
    const before = peakRssMb(pid);
    const got = await download(server, `/inbound-messages/${id}/media`, key, { pauseMs: 1 });
    const grewMb = peakRssMb(pid) - before;
    console.log(`inbound media: server RSS ${before} MB before, peak +${grewMb} MB while streaming ${size / MB} MB`);
    expect(got).toMatchObject({ status: 200, complete: true, bytes: size, sha256: sha256Of(size) });
    expect(got.headers["content-type"]).toBe("video/mp4");
    expect(grewMb).toBeLessThan(RSS_BOUND_MB);
  });
});
