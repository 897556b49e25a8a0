import type { Db } from "../../src/core/db/database.js";
import { runAdminCommand } from "../../src/features/admin/admin.js";

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

interface TenantOptions {
  monthlyLimit?: number;
  maxAccounts?: number;
  ends?: string;
  status?: "active" | "suspended";
  requestsPerSecond?: number;
  requestBurst?: number;
  /** The plan's warm-up ramp (daily sends of a new number) and first-contact cap. */
  warmupRamp?: number[];
  firstContactCap?: number;
  /** The plan's users that are not disabled (invited or active). */
  maxUsers?: number;
}

export interface SeededTenant {
  id: number;
  key: string;
  accounts: Array<{ id: number; phoneNumber: string }>;
}

/**
 * Fluent seeds through the same admin commands operators use:
 * `await seed.tenant({ monthlyLimit: 10 }).account().account({ dailyLimit: 5 }).create()`.
 */
export class Seeder {
  constructor(private readonly db: Db) {}

  tenant(opts: TenantOptions = {}) {
    return new TenantSeed(this.db, opts);
  }
}

let phoneCounter = 1_000_000;

interface AccountSpec {
  dailyLimit?: number;
  monthlyLimit?: number;
  status?: "connected" | "disconnected";
  minIntervalMs?: number;
  jitterMs?: number;
  /** A WhatsApp Cloud number (the driver, its phone-number id and token). */
  cloud?: { phoneNumberId: string; token?: string; wabaId?: string };
  /** A WAHA number, in this session. */
  wahaSession?: string;
  /** A new number, on its plan's warm-up ramp from today. */
  warmUp?: boolean;
}

class TenantSeed {
  private accountSpecs: AccountSpec[] = [];

  constructor(
    private readonly db: Db,
    private readonly opts: TenantOptions,
  ) {}

  account(spec: AccountSpec = {}): this {
    this.accountSpecs.push(spec);
    return this;
  }

  async create(): Promise<SeededTenant> {
    const name = `plan-${unique()}`;
    await runAdminCommand(this.db, "plan:create", {
      name,
      monthlyLimit: this.opts.monthlyLimit ?? 1000,
      maxAccounts: this.opts.maxAccounts ?? 10,
      // Tests fire requests far faster than a plan allows; the rate-limit test sets its own.
      requestsPerSecond: this.opts.requestsPerSecond ?? 1_000_000,
      requestBurst: this.opts.requestBurst ?? 1_000_000,
      // Room for the users tests invite; test/user-limit.test.ts sets its own.
      maxUsers: this.opts.maxUsers ?? 200,
      ...(this.opts.warmupRamp ? { warmupRamp: this.opts.warmupRamp.join(",") } : {}),
      ...(this.opts.firstContactCap ? { firstContactCap: this.opts.firstContactCap } : {}),
    });
    const tenant = (await runAdminCommand(this.db, "tenant:create", { name: `tenant-${unique()}`, plan: name, ends: this.opts.ends ?? "2099-12-31" })) as { id: number };
    const accounts: SeededTenant["accounts"] = [];
    for (const spec of this.accountSpecs) {
      const phone = `96655${String(phoneCounter++ % 10_000_000).padStart(7, "0")}`;
      const account = (await runAdminCommand(this.db, "account:create", {
        tenant: tenant.id,
        phone,
        name: `acct-${unique()}`,
        dailyLimit: spec.dailyLimit ?? 1000,
        monthlyLimit: spec.monthlyLimit ?? 30000,
        status: spec.status ?? "connected",
        // No pacing unless a test asks for it.
        minIntervalMs: spec.minIntervalMs ?? 0,
        jitterMs: spec.jitterMs ?? 0,
        // Not a new number unless a test asks for a warm-up.
        warmUp: spec.warmUp ? "true" : "false",
      })) as { id: number; phoneNumber: string };
      if (spec.cloud) {
        await runAdminCommand(this.db, "account:update", {
          account: account.id,
          channel: "whatsapp-cloud",
          cloudPhoneNumberId: spec.cloud.phoneNumberId,
          cloudAccessToken: spec.cloud.token ?? "token",
          ...(spec.cloud.wabaId ? { cloudWabaId: spec.cloud.wabaId } : {}),
        });
      }
      if (spec.wahaSession) await runAdminCommand(this.db, "account:update", { account: account.id, channel: "waha", wahaSession: spec.wahaSession });
      accounts.push(account);
    }
    if (this.opts.status === "suspended") await runAdminCommand(this.db, "tenant:suspend", { tenant: tenant.id });
    const key = (await runAdminCommand(this.db, "key:create", { tenant: tenant.id, label: "test" })) as { key: string };
    return { id: tenant.id, key: key.key, accounts };
  }
}
