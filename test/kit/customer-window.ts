import type { TestServer } from "./server.js";
import { cloud } from "./provider-payloads.js";
import { postCloudWebhook } from "./provider-signing.js";

// Opens (or dates) a contact's customer-service window the way a provider does: a signed Cloud
// webhook carrying the contact's message to one of the tenant's Cloud numbers, sent at `at`.

export const WINDOW_APP_SECRET = "window-app-secret";

let serial = 0;

export async function contactWrote(server: TestServer, o: { phoneNumberId: string; from: string; at: Date; text?: string }): Promise<void> {
  const message = {
    from: o.from,
    id: `wamid.WINDOW${process.pid}x${++serial}`,
    timestamp: String(Math.floor(o.at.getTime() / 1000)),
    type: "text",
    text: { body: o.text ?? "hello" },
  };
  const payload = cloud([message], [{ profile: { name: "Sara" }, wa_id: o.from }]);
  payload.entry[0]!.changes[0]!.value.metadata.phone_number_id = o.phoneNumberId;
  const r = await postCloudWebhook(server.url, JSON.stringify(payload), WINDOW_APP_SECRET);
  if (r.status !== 200) throw new Error(`the inbound webhook answered ${r.status}: ${await r.text()}`);
}

/** The contacts in `numbers` (international digits) each wrote to the Cloud number `phoneNumberId` just now. */
export async function openWindows(server: TestServer, phoneNumberId: string, numbers: string[]): Promise<void> {
  for (const from of numbers) await contactWrote(server, { phoneNumberId, from, at: server.app.deps.clock.now() });
}
