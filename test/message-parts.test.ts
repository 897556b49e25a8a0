import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCommand } from "../src/features/admin/admin.js";
import { startServer, type TestServer } from "./kit/server.js";
import { openWindows, WINDOW_APP_SECRET } from "./kit/customer-window.js";
import { startFakeProvider } from "./kit/fake-provider.js";
import { waitFor } from "./kit/wait.js";
import { REAL_BACKOFF_MS } from "./kit/limits.js";

// An image with a text too long for a WhatsApp caption goes out as two provider messages: the
// image, then the text. A provider that fails the text once must not get the image twice.

const IMAGE = "https://93.184.216.34/offer.png";
const LONG_TEXT = "ع".repeat(1500);

const textFailedFor = new Set<string>();
let provider: Awaited<ReturnType<typeof startFakeProvider>>;
let server: TestServer;
beforeAll(async () => {
  provider = await startFakeProvider((req) => {
    const { to = "", type = "" } = (req.body ?? {}) as { to?: string; type?: string };
    if (type === "text" && !textFailedFor.has(to)) {
      textFailedFor.add(to);
      return { status: 500, body: { error: { message: "Service temporarily unavailable", code: 2 } } };
    }
    return { status: 200, body: { messages: [{ id: `wamid.${type}.${provider.requests.length}` }] } };
  });
  server = await startServer({ WHATSAPP_CLOUD_BASE_URL: provider.url, WORKER_RETRY_BASE_MS: "20", WHATSAPP_CLOUD_APP_SECRET: WINDOW_APP_SECRET });
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
});

describe("a message sent in parts", () => {
  it("retries only the part that failed: the image goes out once, the text once, and the message ends sent", { timeout: REAL_BACKOFF_MS }, async () => {
    const t = await server.seed.tenant().account().create();
    const account = t.accounts[0]!.id;
    await runAdminCommand(server.app.deps.db, "account:update", {
      account,
      channel: "whatsapp-cloud",
      cloudPhoneNumberId: `pn${account}`,
      cloudAccessToken: "good-token",
    });
    // The contact wrote first: a Cloud number sends free-form messages only inside its 24-hour window.
    await openWindows(server, `pn${account}`, ["966501234567"]);
    const api = server.client(t.key);

    const bulk = await api.post("/send-bulk", { numbers: ["0501234567"], message: LONG_TEXT, image_url: IMAGE });
    expect(bulk.status).toBe(200);
    const done = await waitFor(
      () => api.get(`/batches/${bulk.body.batch_id}`),
      (b) => b.body.status === "completed",
    );
    expect(done.body.counts).toEqual({ pending: 0, sending: 0, sent: 1, failed: 0, cancelled: 0, expired: 0, opted_out: 0, delivered: 0, read: 0, replies: 0 });

    const toRecipient = provider.requests.filter((r) => (r.body as { to?: string }).to === "966501234567");
    const types = toRecipient.map((r) => (r.body as { type: string }).type);
    // The text was asked twice (the first answer was a 500); the image exactly once.
    expect(types).toEqual(["image", "text", "text"]);
    expect(toRecipient[0]!.body).toMatchObject({ type: "image", image: { link: IMAGE } });
    expect(toRecipient[2]!.body).toMatchObject({ type: "text", text: { body: LONG_TEXT } });

    const message = await server.app.deps.db.message.findUniqueOrThrow({ where: { id: BigInt(bulk.body.messages[0].message_id) } });
    expect(message.status).toBe("sent");
    // The message's provider id is its text's, the last part, as when both parts go out at once.
    expect(message.providerMessageId).toMatch(/^wamid\.text\./);
  });
});
