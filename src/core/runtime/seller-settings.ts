import type { Settings } from "../settings-schema.js";
import { StartupError } from "./startup-error.js";

// The operator as the seller its invoices name (the SELLER_* settings, docs/invoices.md).

/**
 * The seller an invoice names: the operator of this gateway, in English and Arabic (Config's
 * `seller`: outside production a development seller when none is set; undefined in production
 * until all five SELLER_* are set).
 */
export interface InvoiceSeller {
  name: string;
  nameAr: string;
  /** 15 digits, starting and ending with 3. */
  vatNumber: string;
  address: string;
  addressAr: string;
}

const developmentSeller: InvoiceSeller = {
  name: "Gateway Operator (development)",
  nameAr: "مشغل البوابة (تطوير)",
  vatNumber: "300000000000003",
  address: "Riyadh, Saudi Arabia",
  addressAr: "الرياض، المملكة العربية السعودية",
};

/** The SELLER_* settings: all five or none, since an invoice missing one of them is not a valid tax invoice. */
export function sellerSettings(e: Settings): InvoiceSeller | undefined {
  const given = { name: e.SELLER_NAME, nameAr: e.SELLER_NAME_AR, vatNumber: e.SELLER_VAT_NUMBER, address: e.SELLER_ADDRESS, addressAr: e.SELLER_ADDRESS_AR };
  const { name, nameAr, vatNumber, address, addressAr } = given;
  if (name && nameAr && vatNumber && address && addressAr) return { name, nameAr, vatNumber, address, addressAr };
  if (Object.values(given).some((v) => v !== undefined)) {
    throw new StartupError(
      "Invalid settings:\n  - SELLER_NAME, SELLER_NAME_AR, SELLER_VAT_NUMBER, SELLER_ADDRESS, SELLER_ADDRESS_AR: set all five (an invoice needs each) or none",
    );
  }
  return e.NODE_ENV === "production" ? undefined : developmentSeller;
}
