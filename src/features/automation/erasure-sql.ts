import type { DbClient } from "../../core/db/database.js";

// Automation's part of erasing a contact (the erasure feature runs every owner's part in one
// transaction): the rows that hold the contact's number go. The messages its rules sent are the
// queue's, masked there.

export async function eraseAutomationContact(tx: DbClient, tenantId: number, phone: string): Promise<void> {
  await tx.automationAnswer.deleteMany({ where: { tenantId, phone } });
  await tx.automationHandover.deleteMany({ where: { tenantId, phone } });
  await tx.automationWork.deleteMany({ where: { tenantId, phone } });
  await tx.automationTypebotSession.deleteMany({ where: { tenantId, phone } });
  await tx.automationMenuState.deleteMany({ where: { tenantId, phone } });
}
