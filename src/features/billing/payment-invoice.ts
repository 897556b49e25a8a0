import type { ServiceDeps } from "../../core/deps.js";
import { dateOnly } from "../../core/clock.js";
import { invoiceOfPayment, issueInvoice, vatOfNet } from "../invoices/index.js";
import type { Payment } from "../../generated/prisma/client.js";
import type { ProviderPayment } from "./providers/index.js";
import { markRefunded, type Tx } from "./billing-sql.js";
import { billingUrl } from "./billing-url.js";
import { billingRecipients, mailOwners } from "./mails/billing-mails.js";

// Every paid charge is a tax invoice and every refund a credit note, issued in the transaction
// that records the payment or refund (so neither exists without the other), and mailed to the
// owners with the PDF attached. The invoice records the provider's payment id.

/** What a payment bought, as its invoice line and its receipt say it. */
async function bought(tx: Tx, pay: Payment): Promise<{ ar: string; en: string }> {
  if (pay.purpose === "top_up") {
    const pack = await tx.topUpPack.findUniqueOrThrow({ where: { id: pay.topUpPackId! } });
    const month = dateOnly(pay.periodStart!).slice(0, 7);
    return { ar: `باقة رسائل ${pack.name}: ${pack.messages} رسالة لشهر ${month}`, en: `Message pack ${pack.name}: ${pack.messages} messages for ${month}` };
  }
  const plan = await tx.plan.findUniqueOrThrow({ where: { id: pay.planId! } });
  if (pay.purpose === "upgrade") return { ar: `الترقية إلى خطة ${plan.name} لبقية الفترة الحالية`, en: `Upgrade to the ${plan.name} plan for the rest of the current period` };
  const yearly = pay.interval === "year";
  const [from, to] = [dateOnly(pay.periodStart!), dateOnly(pay.periodEnd!)];
  return { ar: `خطة ${plan.name} (${yearly ? "سنوية" : "شهرية"}) من ${from} إلى ${to}`, en: `The ${plan.name} plan (${yearly ? "yearly" : "monthly"}), ${from} to ${to}` };
}

/** The invoice of a paid charge and its receipt. */
export async function invoicePaid(deps: ServiceDeps, tx: Tx, pay: Payment, providerPaymentId: string): Promise<void> {
  const what = await bought(tx, pay);
  const at = deps.clock.now();
  // Read before the invoice takes its number: the series' counter stays locked from then to the commit.
  const owners = await billingRecipients(tx, pay.tenantId);
  const invoice = await issueInvoice(tx, {
    tenantId: pay.tenantId,
    kind: "invoice",
    lines: [{ descriptionAr: what.ar, descriptionEn: what.en, quantity: 1, unitHalalas: pay.net }],
    payment: { provider: pay.provider, reference: providerPaymentId },
    at,
  });
  const receipt = { kind: "receipt", paymentId: pay.id, invoiceId: invoice.id, invoiceNumber: invoice.number, total: invoice.totalHalalas, what } as const;
  await mailOwners(tx, { tenantId: pay.tenantId, billingUrl: billingUrl(deps), at }, receipt, owners);
}

/** The largest amount before VAT whose total with VAT is at most `total` (a whole refund gives back its invoice's subtotal). */
export function netWithin(total: number): number {
  let net = Math.floor((total * 100) / 115) + 1;
  while (net > 0 && net + vatOfNet(net) > total) net--;
  return net;
}

/**
 * A credit note for what the provider refunded beyond what earlier credit notes took back; the
 * payment is marked refunded once all of it is. Returns false when there was nothing new.
 */
export async function creditRefund(deps: Pick<ServiceDeps, "clock" | "config" | "urls">, tx: Tx, pay: Payment, p: ProviderPayment): Promise<boolean> {
  const invoice = await invoiceOfPayment(tx, pay.provider, p.id);
  if (!invoice || p.refunded <= 0) return false;
  const refunded = Math.min(p.refunded, invoice.totalHalalas);
  const net = netWithin(refunded - invoice.creditedHalalas);
  if (net <= 0) return false;
  const at = deps.clock.now();
  const note = await issueInvoice(tx, {
    tenantId: pay.tenantId,
    kind: "credit_note",
    creditFor: invoice.id,
    lines: [{ descriptionAr: `استرداد من الفاتورة ${invoice.number}`, descriptionEn: `Refund on invoice ${invoice.number}`, quantity: 1, unitHalalas: net }],
    // One credit note per refunded total the provider reports: a replayed report finds it issued.
    payment: { provider: pay.provider, reference: `${p.id}/refunded/${refunded}` },
    at,
  });
  if (refunded >= pay.amount) await markRefunded(tx, pay.id, at);
  await mailOwners(
    tx,
    { tenantId: pay.tenantId, billingUrl: billingUrl(deps), at },
    { kind: "credit_note", invoiceId: note.id, invoiceNumber: note.number, total: note.totalHalalas },
  );
  return true;
}
