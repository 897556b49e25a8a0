import { describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";

const server = useServer();

describe("POST /send", () => {
  it("sends, answers with the spec's fields, and the status endpoint agrees", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const sent = await api.post("/send", { to: "0501234567", message: "مرحبا 👋" });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ success: true, message_id: expect.any(Number), to: "966501234567", status: "sent" });

    const status = await api.get(`/messages/${sent.body.message_id}`);
    expect(status.status).toBe(200);
    expect(Object.keys(status.body).sort()).toEqual(["delivered_at", "error", "id", "kind", "read_at", "sent_at", "status", "to"]);
    expect(status.body).toMatchObject({ id: sent.body.message_id, to: "966501234567", status: "sent", error: null });
    // ISO 8601 with the service time zone's offset (Asia/Riyadh, +03:00).
    expect(status.body.sent_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+03:00$/);
    expect(Math.abs(Date.parse(status.body.sent_at) - Date.now())).toBeLessThan(60_000);

    const ledger = server().app.channel.ledger.filter((e) => e.messageId === BigInt(sent.body.message_id));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ to: "966501234567", from: t.accounts[0]?.phoneNumber });
  });

  it.each([
    ["0501234567", "966501234567"],
    ["966501234567", "966501234567"],
    ["+966501234567", "966501234567"],
    ["00966501234567", "966501234567"],
    ["050 123 4567", "966501234567"],
    ["(050) 123-4567", "966501234567"],
    ["٠٥٠١٢٣٤٥٦٧", "966501234567"],
    ["+٩٦٦ ٥٠ ١٢٣ ٤٥٦٧", "966501234567"],
    ["+44 7911 123456", "447911123456"],
    ["201001234567", "201001234567"],
  ])("normalises %s to %s", async (input, expected) => {
    const t = await server().seed.tenant().account().create();
    const sent = await server().client(t.key).post("/send", { to: input, message: "hi" });
    expect(sent.status).toBe(200);
    expect(sent.body.to).toBe(expected);
  });

  it.each([["0501234"], ["0112345678"], ["966112345678"], ["abc"], ["+1"], [""], ["05012345678"]])("refuses %s with 422 naming the field, and sends nothing", async (input) => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const before = server().app.channel.ledger.length;
    const r = await api.post("/send", { to: input, message: "hi" });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ success: false, error: { code: "VALIDATION_ERROR", fields: { to: expect.any(String) } } });
    expect(server().app.channel.ledger.length).toBe(before);
    expect((await api.get("/balance")).body.messages.used).toBe(0);
  });

  it("counts message length in code points: 4000 Arabic letters or emoji pass, 4001 do not", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    expect((await api.post("/send", { to: "0501234567", message: "ع".repeat(4000) })).status).toBe(200);
    expect((await api.post("/send", { to: "0501234567", message: "😀".repeat(4000) })).status).toBe(200);
    const long = await api.post("/send", { to: "0501234567", message: "😀".repeat(4001) });
    expect(long.status).toBe(422);
    expect(long.body.error.fields).toEqual({ message: "must be at most 4000 characters" });
  });

  it("reports every invalid field together in the documented shape", async () => {
    const t = await server().seed.tenant().account().create();
    const r = await server().client(t.key).post("/send", { to: 501234567, message: "", image_url: "ftp://x/y.png", account_id: "one" });
    expect(r.status).toBe(422);
    expect(r.body.success).toBe(false);
    expect(r.body.error.code).toBe("VALIDATION_ERROR");
    expect(r.body.error.fields).toEqual({
      to: "must be a string",
      message: "must not be empty",
      image_url: "must be an absolute http(s) URL",
      account_id: "must be a number",
    });

    const missing = await server().client(t.key).post("/send", {});
    expect(missing.status).toBe(422);
    expect(missing.body.error.fields).toEqual({ to: "is required", message: "is required unless a template or another content kind is given" });

    const semantic = await server().client(t.key).post("/send", { to: "0501234567", message: "  ", image_url: "ftp://x/y.png" });
    expect(semantic.status).toBe(422);
    expect(semantic.body.error.fields).toEqual({ message: "must not be empty", image_url: "must be an absolute http(s) URL" });
  });

  it("accepts an image_url and keeps it", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const r = await api.post("/send", { to: "0501234567", message: "see", image_url: "https://93.184.216.34/a.png" });
    expect(r.status).toBe(200);
    const row = await server().app.deps.db.message.findUniqueOrThrow({ where: { id: BigInt(r.body.message_id) } });
    expect(row.imageUrl).toBe("https://93.184.216.34/a.png");
  });

  it("gives 422 NO_CONNECTED_NUMBER when no number is connected", async () => {
    const t = await server().seed.tenant().account({ status: "disconnected" }).create();
    const api = server().client(t.key);
    const r = await api.post("/send", { to: "0501234567", message: "hi" });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ success: false, error: { code: "NO_CONNECTED_NUMBER", message: expect.any(String) } });
    expect((await api.get("/balance")).body.messages.used).toBe(0);
    expect(await server().app.deps.db.message.count({ where: { tenantId: t.id } })).toBe(0);
  });

  it("answers 502 CHANNEL_ERROR with the message id when the channel fails, and gives the allowance back", async () => {
    const t = await server().seed.tenant({ monthlyLimit: 5 }).account().create();
    const api = server().client(t.key);
    const r = await api.post("/send", { to: "0500000001", message: "hi" });
    expect(r.status).toBe(502);
    expect(r.body).toMatchObject({ success: false, message_id: expect.any(Number), status: "failed", error: { code: "CHANNEL_ERROR" } });
    const status = await api.get(`/messages/${r.body.message_id}`);
    expect(status.body).toMatchObject({ status: "failed", error: "recipient_not_on_whatsapp", sent_at: null });
    const balance = await api.get("/balance");
    expect(balance.body.messages).toEqual({ limit: 5, used: 0, remaining: 5 });
    const accounts = await api.get("/accounts");
    expect(accounts.body.accounts[0].today_sent).toBe(0);
  });

  it("gives 429 MONTHLY_LIMIT_REACHED when the allowance is used up", async () => {
    const t = await server().seed.tenant({ monthlyLimit: 2 }).account().create();
    const api = server().client(t.key);
    expect((await api.post("/send", { to: "0501234567", message: "1" })).status).toBe(200);
    expect((await api.post("/send", { to: "0501234567", message: "2" })).status).toBe(200);
    const r = await api.post("/send", { to: "0501234567", message: "3" });
    expect(r.status).toBe(429);
    expect(r.body.error.code).toBe("MONTHLY_LIMIT_REACHED");
    expect((await api.get("/balance")).body.messages).toEqual({ limit: 2, used: 2, remaining: 0 });
  });
});

describe("sender choice and per-number limits", () => {
  it("sends from the named account, and 429 ACCOUNT_LIMIT_REACHED once it is full", async () => {
    const t = await server().seed.tenant().account().account({ dailyLimit: 1 }).create();
    const api = server().client(t.key);
    const full = t.accounts[1]!;
    const first = await api.post("/send", { to: "0501234567", message: "1", account_id: full.id });
    expect(first.status).toBe(200);
    const row = await server().app.deps.db.message.findUniqueOrThrow({ where: { id: BigInt(first.body.message_id) } });
    expect(row.accountId).toBe(full.id);
    const second = await api.post("/send", { to: "0501234567", message: "2", account_id: full.id });
    expect(second.status).toBe(429);
    expect(second.body.error.code).toBe("ACCOUNT_LIMIT_REACHED");
    // The refused send took nothing from the monthly allowance.
    expect((await api.get("/balance")).body.messages.used).toBe(1);
  });

  it("enforces the monthly per-number limit too", async () => {
    const t = await server().seed.tenant().account({ monthlyLimit: 1 }).create();
    const api = server().client(t.key);
    expect((await api.post("/send", { to: "0501234567", message: "1" })).status).toBe(200);
    const r = await api.post("/send", { to: "0501234567", message: "2" });
    expect(r.status).toBe(429);
    expect(r.body.error.code).toBe("ACCOUNT_LIMIT_REACHED");
  });

  it("chooses automatically among connected accounts with room, least sent today first", async () => {
    const t = await server().seed.tenant().account().account().account({ status: "disconnected" }).create();
    const api = server().client(t.key);
    for (let i = 0; i < 6; i++) expect((await api.post("/send", { to: "0501234567", message: `m${i}` })).status).toBe(200);
    const accounts = (await api.get("/accounts")).body.accounts as Array<{ id: number; today_sent: number; month_sent: number; status: string }>;
    expect(accounts.map((a) => [a.status, a.today_sent, a.month_sent])).toEqual([
      ["connected", 3, 3],
      ["connected", 3, 3],
      ["disconnected", 0, 0],
    ]);
  });

  it("moves on to another account when one is full, and refuses once all are", async () => {
    const t = await server().seed.tenant().account({ dailyLimit: 1 }).account({ dailyLimit: 2 }).create();
    const api = server().client(t.key);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await api.post("/send", { to: "0501234567", message: `m${i}` })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("refuses an account_id that is not a connected account of the caller", async () => {
    const t = await server().seed.tenant().account().account({ status: "disconnected" }).create();
    const other = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    for (const accountId of [t.accounts[1]!.id, other.accounts[0]!.id, 999_999]) {
      const r = await api.post("/send", { to: "0501234567", message: "x", account_id: accountId });
      expect(r.status).toBe(422);
      expect(r.body.error).toMatchObject({ code: "VALIDATION_ERROR", fields: { account_id: expect.any(String) } });
    }
    expect((await api.get("/balance")).body.messages.used).toBe(0);
  });
});
