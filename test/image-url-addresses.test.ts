import { describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import type { SeededTenant } from "./kit/seed.js";
import { waitFor } from "./kit/wait.js";
import { graphql } from "../src/gql/index.js";

// The spec's `image_url` obeys the rule media links obey (core/input/public-address.ts): a provider
// fetches the link (WAHA's server from inside the operator's network), so it may not lead to a
// loopback, private, link-local or other internal address, nor carry credentials. Every path that
// takes it refuses such a link with 422 naming it, and nothing is charged, stored or sent; a queued
// message whose link leads inward when it comes due fails instead of being handed over.

const SendWithImage = graphql(`
  mutation ImageLinkSend($input: SendMessageInput!) {
    sendMessage(input: $input) { message { id status } }
  }
`);
const BulkWithImage = graphql(`
  mutation ImageLinkBulk($input: SendBulkInput!) {
    sendBulk(input: $input) { batchId queued }
  }
`);
const TemplateWithImage = graphql(`
  mutation ImageLinkTemplate($input: CreateTemplateInput!) {
    createTemplate(input: $input) { template { name imageUrl } }
  }
`);

/** Internal forms, each with what the refusal says about it. */
const inward: Array<[string, RegExp]> = [
  ["http://127.0.0.1:6379/a.png", /127\.0\.0\.1 is a loopback address/],
  ["http://[::1]/a.png", /::1 is a loopback address/],
  ["http://10.20.30.40/a.png", /10\.20\.30\.40 is a private \(RFC 1918\) address/],
  ["http://169.254.169.254/latest/meta-data/iam", /169\.254\.169\.254 is a link-local address/],
  ["http://[::ffff:10.0.0.1]/a.png", /10\.0\.0\.1 is a private \(RFC 1918\) address/],
  ["http://localhost:6379/a.png", /loopback/],
  ["https://user:secret@93.184.216.34/a.png", /must not carry a user name or password/],
  ["https://cdn.gateway-test.invalid/a.png", /could not be resolved/],
];

const server = useServer({ SIMULATOR_LATENCY_MS: "0" });

async function tenantApi() {
  const t = await server().seed.tenant({ monthlyLimit: 100 }).account({ minIntervalMs: 0, jitterMs: 0 }).create();
  return { t, api: server().client(t.key) };
}

/** Nothing of the tenant's was charged, stored or handed to the simulator. */
async function expectNothingDone(t: SeededTenant) {
  const api = server().client(t.key);
  expect((await api.get("/balance")).body.messages.used).toBe(0);
  expect(await server().app.deps.db.message.count({ where: { tenantId: t.id } })).toBe(0);
  expect(await server().app.deps.db.batch.count({ where: { tenantId: t.id } })).toBe(0);
  expect(await server().app.deps.db.template.count({ where: { tenantId: t.id } })).toBe(0);
  const senders = new Set(t.accounts.map((a) => a.phoneNumber));
  expect(server().app.channel.ledger.filter((e) => senders.has(e.from))).toEqual([]);
}

const csvBulk = (api: ReturnType<ReturnType<typeof server>["client"]>, link: string) =>
  api.request("POST", `/api/v1/send-bulk?message=hi%20{{name}}&image_url=${encodeURIComponent(link)}`, "to,name\n0501230001,Sara\n", { "content-type": "text/csv" });

describe("image_url leading inward", () => {
  it("is refused on every REST path with 422 naming image_url, and nothing is charged, stored or sent", async () => {
    const { t, api } = await tenantApi();
    const later = new Date(Date.now() + 3_600_000).toISOString();
    for (const [link, reason] of inward) {
      const answers = {
        send: await api.post("/send", { to: "0501234567", message: "x", image_url: link }),
        scheduled: await api.post("/send", { to: "0501234567", message: "x", image_url: link, send_at: later }),
        bulkNumbers: await api.post("/send-bulk", { numbers: ["0501234567", "0551234567"], message: "x", image_url: link }),
        bulkRecipients: await api.post("/send-bulk", { recipients: [{ to: "0501234567", variables: { name: "Sara" } }], message: "hi {{name}}", image_url: link }),
        csv: await csvBulk(api, link),
        template: await api.post("/templates", { name: "promo", message: "x", image_url: link }),
      };
      for (const [path, r] of Object.entries(answers)) {
        expect(r.status, `${path} ${link}`).toBe(422);
        expect(r.body.error, `${path} ${link}`).toMatchObject({ code: "VALIDATION_ERROR", fields: { image_url: expect.stringMatching(reason) } });
      }
    }
    await expectNothingDone(t);
  });

  it("is refused over GraphQL naming imageUrl, for sends, bulks and templates", async () => {
    const { t, api } = await tenantApi();
    for (const [link, reason] of inward) {
      const answers = [
        await api.graphql(SendWithImage, { input: { to: "0501234567", text: "x", imageUrl: link } }),
        await api.graphql(BulkWithImage, { input: { numbers: ["0501234567"], text: "x", imageUrl: link } }),
        await api.graphql(TemplateWithImage, { input: { name: "promo", text: "x", imageUrl: link } }),
      ];
      for (const r of answers) {
        expect(r.errors?.[0]?.extensions, link).toMatchObject({ code: "VALIDATION_ERROR", fields: { imageUrl: expect.stringMatching(reason) } });
      }
    }
    await expectNothingDone(t);
  });

  it("is refused when a template changes its image to one, and when a send uses a template saved with one", async () => {
    const { t, api } = await tenantApi();
    expect((await api.post("/templates", { name: "promo", message: "hi {{name}}", image_url: "http://93.184.216.34/a.png" })).status).toBe(200);
    const changed = await api.put("/templates/promo", { image_url: "http://[fd00::1]/a.png" });
    expect(changed.status).toBe(422);
    expect(changed.body.error.fields.image_url).toMatch(/fd00::1 is a unique-local IPv6 address/);
    // As if saved before links were checked: written straight to the database.
    await server().app.deps.db.template.updateMany({ where: { tenantId: t.id, name: "promo" }, data: { imageUrl: "http://192.168.1.1/router.png" } });
    const send = await api.post("/send", { to: "0501234567", template: "promo", variables: { name: "Sara" } });
    expect(send.status).toBe(422);
    expect(send.body.error.fields.template).toMatch(/image link that is refused: .*192\.168\.1\.1 is a private/);
    // The request's own public image replaces the template's, so the send goes.
    const own = await api.post("/send", { to: "0501234567", template: "promo", variables: { name: "Sara" }, image_url: "http://93.184.216.34/b.png" });
    expect(own.body).toMatchObject({ success: true, status: "sent" });
  });

  it("accepts a public link, over plain http too", async () => {
    const { api } = await tenantApi();
    const r = await api.post("/send", { to: "0501234567", message: "x", image_url: "http://93.184.216.34/a.png" });
    expect(r.body).toMatchObject({ success: true, status: "sent" });
    expect((await api.get(`/messages/${r.body.message_id}`)).body).toMatchObject({ status: "sent" });
  });

  it("fails a queued message whose link leads inward when it comes due, and gives its allowance back", async () => {
    const { t, api } = await tenantApi();
    // Due in a minute of the service clock, which the test moves once the link has changed.
    const clock = server().app.deps.clock;
    const later = new Date(clock.now().getTime() + 60_000).toISOString();
    const queued = await api.post("/send-bulk", { numbers: ["0501234567", "0551234567"], message: "x", image_url: "http://93.184.216.34/a.png", send_at: later });
    expect(queued.status).toBe(200);
    expect((await api.get("/balance")).body.messages.used).toBe(2);
    // The host now leads inward (its name was re-pointed, or the row predates the check).
    await server().app.deps.db.message.updateMany({ where: { tenantId: t.id }, data: { imageUrl: "http://127.0.0.1:6379/a.png" } });
    clock.advance(60_000);
    const ended = await waitFor(
      () => server().app.deps.db.message.findMany({ where: { tenantId: t.id } }),
      (ms) => ms.every((m) => m.status === "failed"),
      15_000,
    );
    expect(ended.map((m) => m.error)).toEqual(["media_link_refused", "media_link_refused"]);
    expect((await api.get("/balance")).body.messages.used).toBe(0);
    const ids = new Set(ended.map((m) => m.id));
    expect(server().app.channel.ledger.filter((e) => ids.has(e.messageId))).toEqual([]);
  });
});
