import fc from "fast-check";
import { expect } from "vitest";
import type { TestServer } from "./server.js";

// What the fuzz tests run against: one tenant with room to send (its key is the valid one),
// another tenant whose ids must look unknown to the first, and a few messages, a batch and
// webhook endpoints so that small ids name real rows.

/** A receipt secret for WhatsApp Cloud and WAHA, so signed receipts can be fuzzed too. */
export const APP_SECRET = "fuzz-app-secret-0123456789";
export const WAHA_SECRET = "fuzz-waha-hmac-key-0123456789";

/**
 * The fuzzed server: no recipient fails in the simulator (so no 502 CHANNEL_ERROR is legitimate:
 * every 5xx is a bug), receipts verifiable, and no worker, webhook dispatcher or housekeeper, so
 * nothing changes the database between two requests and "nothing stored" can be checked per case.
 */
export const FUZZ_ENV = {
  SIMULATOR_FAIL_PATTERN: "^x$",
  SIMULATOR_TRANSIENT_PATTERN: "^x$",
  SIMULATOR_FLAKY_PATTERN: "^x$",
  WHATSAPP_CLOUD_APP_SECRET: APP_SECRET,
  WHATSAPP_CLOUD_VERIFY_TOKEN: "fuzz-verify-token",
  WAHA_WEBHOOK_HMAC_KEY: WAHA_SECRET,
  WORKER_ENABLED: "false",
};

export interface FuzzWorld {
  key: string;
  otherKey: string;
  accountIds: number[];
  otherAccountIds: number[];
  /** Ids of rows that exist, ours and the other tenant's: small numbers that paths and arguments use. */
  ids: string[];
}

export async function seedWorld(s: TestServer): Promise<FuzzWorld> {
  const big = { dailyLimit: 10_000_000, monthlyLimit: 10_000_000 };
  const mine = await s.seed.tenant({ monthlyLimit: 100_000_000 }).account(big).account(big).create();
  const other = await s.seed.tenant({ monthlyLimit: 1_000 }).account().create();
  const post = async (key: string, path: string, body: unknown) => {
    const r = await s.client(key).post(path, body);
    expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
    return r.body;
  };
  await post(mine.key, "/send", { to: "0501234567", message: "seed" });
  await post(mine.key, "/send-bulk", { numbers: ["0501234568", "0501234569"], message: "seed bulk" });
  await post(mine.key, "/webhooks", { url: "https://93.184.215.14/hooks/seed" });
  await post(other.key, "/send", { to: "0501234567", message: "other tenant" });
  await post(other.key, "/webhooks", { url: "https://93.184.215.14/hooks/other" });
  return {
    key: mine.key,
    otherKey: other.key,
    accountIds: mine.accounts.map((a) => a.id),
    otherAccountIds: other.accounts.map((a) => a.id),
    ids: ["1", "2", "3", "4", "5"],
  };
}

export interface Credential {
  key: "valid" | "wrong" | "none";
  headers: Array<[string, string]>;
  /** `api_key=…` for the query string, already encoded, when the key travels there. */
  query?: string;
}

/** The tenant's key (in each of the three places), a wrong one, or none, some sent oddly. */
export function credentialArb(world: FuzzWorld): fc.Arbitrary<Credential> {
  const { key } = world;
  const valid = fc.constantFrom<Credential>(
    { key: "valid", headers: [["authorization", `Bearer ${key}`]] },
    { key: "valid", headers: [["authorization", `bearer   ${key}`]] },
    { key: "valid", headers: [["x-api-key", key]] },
    { key: "valid", headers: [], query: `api_key=${encodeURIComponent(key)}` },
    {
      key: "valid",
      headers: [
        ["authorization", `Bearer ${key}`],
        ["x-api-key", "gw_wrongwro_wrong"],
      ],
    },
  );
  const wrongKeys = [
    `${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}`,
    `${key.slice(0, 12)}${"x".repeat(Math.max(1, key.length - 12))}`,
    "gw_aaaaaaaa_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
    "gw_",
    "gw__",
    "x".repeat(9_000),
    "\u00e9\u00e8",
    `${key}x`,
    world.otherKey.replace(/.$/, "#"),
  ];
  const wrong = fc.oneof(
    fc.constantFrom(...wrongKeys).map((k): Credential => ({ key: "wrong", headers: [["authorization", `Bearer ${k}`]] })),
    fc.constantFrom(...wrongKeys).map((k): Credential => ({ key: "wrong", headers: [["x-api-key", k]] })),
    fc.constantFrom(...wrongKeys).map((k): Credential => ({ key: "wrong", headers: [], query: `api_key=${encodeURIComponent(k)}` })),
    fc.constant<Credential>({
      key: "wrong",
      headers: [
        ["authorization", "Bearer gw_wrongwro_wrong"],
        ["x-api-key", key],
      ],
    }),
    fc.constant<Credential>({
      key: "wrong",
      headers: [
        ["authorization", "Bearer gw_wrongwro_wrong"],
        ["authorization", `Bearer ${key}`],
      ],
    }),
  );
  const none = fc.constantFrom<Credential>(
    { key: "none", headers: [] },
    { key: "none", headers: [["authorization", `Basic ${Buffer.from(`user:${key}`).toString("base64")}`]] },
    { key: "none", headers: [["authorization", "Bearer"]] },
    { key: "none", headers: [["authorization", ""]] },
    { key: "none", headers: [["x-api-key", ""]] },
    { key: "none", headers: [], query: "api_key=" },
  );
  return fc.oneof({ arbitrary: valid, weight: 6 }, { arbitrary: wrong, weight: 2 }, { arbitrary: none, weight: 2 });
}
