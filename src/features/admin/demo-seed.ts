import type { Db } from "../../core/db/database.js";
import { runAdminCommand } from "./admin.js";
import type { ServiceClock } from "../../core/clock.js";

/**
 * First start of the embedded database: a demo plan, tenant and two connected numbers, and a key
 * to try them with. Returns the key, or undefined when the database already has tenants.
 */
export async function seedDemoTenant(db: Db, clock: ServiceClock): Promise<string | undefined> {
  if ((await db.tenant.count()) > 0) return undefined;
  const yearAhead = new Date(clock.now().getTime() + 365 * 86_400_000);
  await runAdminCommand(db, "plan:create", { name: "Demo", monthlyLimit: 1000, maxAccounts: 3 });
  const tenant = (await runAdminCommand(db, "tenant:create", { name: "Demo company", plan: "Demo", ends: clock.day(yearAhead) })) as { id: number };
  await runAdminCommand(db, "account:create", { tenant: tenant.id, phone: "0551000001", name: "Sales", dailyLimit: 500, monthlyLimit: 10000, warmUp: "false" });
  await runAdminCommand(db, "account:create", { tenant: tenant.id, phone: "0551000002", name: "Support", dailyLimit: 500, monthlyLimit: 10000, warmUp: "false" });
  const key = (await runAdminCommand(db, "key:create", { tenant: tenant.id, label: "demo" })) as { key: string };
  return key.key;
}
