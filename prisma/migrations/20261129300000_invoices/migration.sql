-- Tax invoices and credit notes (docs/invoices.md). Each is numbered from a counter row updated in
-- the issuing transaction: a rolled-back issue gives its number back with the rest of its work, so
-- the numbers of a series have no gaps and no duplicates (a SEQUENCE would leave a gap for every
-- rollback). Two series, INV for invoices and CRN for credit notes, each counted per calendar year.
--
-- An issued invoice is a tax record: the triggers below refuse to change or delete it or its lines,
-- and it holds the seller and the buyer as they were when it was issued, so later edits of the
-- settings or of the tenant never change what it says.
CREATE TYPE "InvoiceKind" AS ENUM ('invoice', 'credit_note');

CREATE TABLE "invoice_counter" (
    "series" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "last" INTEGER NOT NULL,

    CONSTRAINT "invoice_counter_pkey" PRIMARY KEY ("series","year"),
    CONSTRAINT "invoice_counter_series_check" CHECK ("series" IN ('INV', 'CRN')),
    CONSTRAINT "invoice_counter_last_check" CHECK ("last" > 0)
);

CREATE TABLE "invoice" (
    "id" BIGSERIAL NOT NULL,
    "tenant_id" INTEGER NOT NULL,
    "kind" "InvoiceKind" NOT NULL,
    "number" TEXT NOT NULL,
    "credit_for_id" BIGINT,
    "issued_at" TIMESTAMPTZ(3) NOT NULL,
    "seller_name" TEXT NOT NULL,
    "seller_name_ar" TEXT NOT NULL,
    "seller_vat_number" TEXT NOT NULL,
    "seller_address" TEXT NOT NULL,
    "seller_address_ar" TEXT NOT NULL,
    "buyer_name" TEXT NOT NULL,
    "buyer_vat_number" TEXT,
    "subtotal_halalas" INTEGER NOT NULL,
    "vat_halalas" INTEGER NOT NULL,
    "total_halalas" INTEGER NOT NULL,
    "payment_provider" TEXT,
    "payment_reference" TEXT,

    CONSTRAINT "invoice_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "invoice_number_check" CHECK ("number" ~ '^(INV|CRN)-[0-9]{4}-[0-9]{6,}$'),
    CONSTRAINT "invoice_credit_for_check" CHECK (("kind" = 'credit_note') = ("credit_for_id" IS NOT NULL)),
    CONSTRAINT "invoice_seller_vat_number_check" CHECK ("seller_vat_number" ~ '^3[0-9]{13}3$'),
    CONSTRAINT "invoice_buyer_vat_number_check" CHECK ("buyer_vat_number" ~ '^3[0-9]{13}3$'),
    CONSTRAINT "invoice_amounts_check" CHECK ("subtotal_halalas" >= 0 AND "vat_halalas" >= 0 AND "total_halalas" = "subtotal_halalas" + "vat_halalas"),
    CONSTRAINT "invoice_payment_check" CHECK (("payment_provider" IS NULL) = ("payment_reference" IS NULL))
);

CREATE TABLE "invoice_line" (
    "invoice_id" BIGINT NOT NULL,
    "position" INTEGER NOT NULL,
    "description_ar" TEXT NOT NULL,
    "description_en" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "unit_halalas" INTEGER NOT NULL,
    "net_halalas" INTEGER NOT NULL,
    "vat_halalas" INTEGER NOT NULL,

    CONSTRAINT "invoice_line_pkey" PRIMARY KEY ("invoice_id","position"),
    CONSTRAINT "invoice_line_amounts_check" CHECK ("position" > 0 AND "quantity" > 0 AND "unit_halalas" >= 0 AND "net_halalas" = "quantity"::bigint * "unit_halalas" AND "vat_halalas" >= 0)
);

CREATE UNIQUE INDEX "invoice_number_key" ON "invoice"("number");

CREATE INDEX "invoice_tenant_id_id_idx" ON "invoice"("tenant_id", "id" DESC);

CREATE INDEX "invoice_credit_for_id_idx" ON "invoice"("credit_for_id");

-- One invoice per payment and one credit note per refund, whoever issues it twice.
CREATE UNIQUE INDEX "invoice_kind_payment_provider_payment_reference_key" ON "invoice"("kind", "payment_provider", "payment_reference");

ALTER TABLE "invoice" ADD CONSTRAINT "invoice_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

ALTER TABLE "invoice" ADD CONSTRAINT "invoice_credit_for_id_fkey" FOREIGN KEY ("credit_for_id") REFERENCES "invoice"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

ALTER TABLE "invoice_line" ADD CONSTRAINT "invoice_line_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoice"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Issued means final: a correction is a credit note, never an edit. TRUNCATE is refused too; only
-- dropping the tables (or the schema) removes them.
CREATE FUNCTION invoice_is_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% of an issued invoice is refused: invoices are tax records; correct one with a credit note', TG_OP
    USING ERRCODE = 'integrity_constraint_violation', TABLE = TG_TABLE_NAME;
END $$;

CREATE TRIGGER invoice_immutable BEFORE UPDATE OR DELETE ON "invoice"
  FOR EACH ROW EXECUTE FUNCTION invoice_is_immutable();

CREATE TRIGGER invoice_not_truncated BEFORE TRUNCATE ON "invoice"
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_is_immutable();

CREATE TRIGGER invoice_line_immutable BEFORE UPDATE OR DELETE ON "invoice_line"
  FOR EACH ROW EXECUTE FUNCTION invoice_is_immutable();

CREATE TRIGGER invoice_line_not_truncated BEFORE TRUNCATE ON "invoice_line"
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_is_immutable();
