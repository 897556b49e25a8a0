import type { InvoiceSeller } from "../../core/runtime/seller-settings.js";
import { ServiceError } from "../../core/errors.js";

// Who issues the invoices, and the time zone whose calendar year numbers them: the process's
// settings, set once at start by the composition root (src/app/runtime.ts) and by the admin CLI,
// so that issueInvoice keeps the signature its callers use inside their own transactions.

interface InvoiceSettings {
  seller: InvoiceSeller | undefined;
  timeZone: string;
}

let settings: InvoiceSettings | undefined;

export function useInvoiceSettings(next: InvoiceSettings): void {
  settings = next;
}

/** The seller and time zone to issue with; refused (503) while the operator has not set SELLER_*. */
export function invoiceSettings(): { seller: InvoiceSeller; timeZone: string } {
  const seller = settings?.seller;
  if (!settings || !seller) {
    throw new ServiceError(
      "SERVICE_UNAVAILABLE",
      "Invoicing is off: the operator has not set SELLER_NAME, SELLER_NAME_AR, SELLER_VAT_NUMBER, SELLER_ADDRESS and SELLER_ADDRESS_AR (docs/invoices.md).",
    );
  }
  return { seller, timeZone: settings.timeZone };
}

/** The zone invoices print their time in (the service's); Asia/Riyadh before the settings are set. */
export const invoiceTimeZone = (): string => settings?.timeZone ?? "Asia/Riyadh";
