-- What a business's invoices name it by and the language its emails are written in: sign-up
-- writes both, the invoices and the outbox read them. A VAT number in Saudi Arabia is 15 digits,
-- starting and ending with 3; anything else would print an invoice ZATCA refuses.
ALTER TABLE "tenant"
  ADD COLUMN "vat_number" TEXT,
  ADD COLUMN "locale" TEXT NOT NULL DEFAULT 'ar',
  ADD CONSTRAINT "tenant_vat_number_check" CHECK ("vat_number" ~ '^3[0-9]{13}3$'),
  ADD CONSTRAINT "tenant_locale_check" CHECK ("locale" IN ('ar', 'en'));
