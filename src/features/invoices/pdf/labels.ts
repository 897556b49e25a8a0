// What the PDF prints besides the invoice's own data, in both languages: ZATCA expects Arabic on a
// simplified tax invoice, and the English beside it serves tenants who read English.

export interface Bilingual {
  ar: string;
  en: string;
}

export const LABELS = {
  simplifiedTaxInvoice: { ar: "فاتورة ضريبية مبسطة", en: "Simplified Tax Invoice" },
  taxInvoice: { ar: "فاتورة ضريبية", en: "Tax Invoice" },
  creditNote: { ar: "إشعار دائن", en: "Credit Note" },
  number: { ar: "رقم الفاتورة", en: "Number" },
  issued: { ar: "تاريخ الإصدار", en: "Issued" },
  corrects: { ar: "تصحيح للفاتورة", en: "Corrects invoice" },
  seller: { ar: "البائع", en: "Seller" },
  buyer: { ar: "المشتري", en: "Buyer" },
  vatNumber: { ar: "الرقم الضريبي", en: "VAT number" },
  description: { ar: "الوصف", en: "Description" },
  quantity: { ar: "الكمية", en: "Qty" },
  unitPrice: { ar: "سعر الوحدة", en: "Unit price" },
  net: { ar: "المبلغ", en: "Amount" },
  vat: { ar: "ضريبة القيمة المضافة", en: "VAT" },
  lineTotal: { ar: "الإجمالي", en: "Total" },
  subtotal: { ar: "الإجمالي غير شامل الضريبة", en: "Total excluding VAT" },
  vatTotal: { ar: "مجموع ضريبة القيمة المضافة ١٥٪", en: "Total VAT 15%" },
  total: { ar: "الإجمالي شامل الضريبة", en: "Total including VAT" },
  payment: { ar: "الدفع", en: "Payment" },
  currency: { ar: "المبالغ بالريال السعودي", en: "Amounts in Saudi riyals (SAR)" },
} as const satisfies Record<string, Bilingual>;
