-- An operator's read-only look at a business ("view as", docs/operators.md): a console session of
-- the tenant, held by no key and no user, naming the operator who looks.

-- AlterTable
ALTER TABLE "console_session" ADD COLUMN     "view_tenant_id" INTEGER,
ADD COLUMN     "viewer_operator_id" INTEGER;

-- CreateIndex
CREATE INDEX "console_session_view_tenant_id_idx" ON "console_session"("view_tenant_id");

-- AddForeignKey
ALTER TABLE "console_session" ADD CONSTRAINT "console_session_view_tenant_id_fkey" FOREIGN KEY ("view_tenant_id") REFERENCES "tenant"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "console_session" ADD CONSTRAINT "console_session_viewer_operator_id_fkey" FOREIGN KEY ("viewer_operator_id") REFERENCES "operator_user"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A session stands for exactly one holder: an API key, a staff user, or an operator's read-only look
-- at a tenant, which names the operator too (features/operators, "view as").
ALTER TABLE "console_session" DROP CONSTRAINT "console_session_one_holder";
ALTER TABLE "console_session" ADD CONSTRAINT "console_session_one_holder"
  CHECK (num_nonnulls("api_key_id", "user_id", "view_tenant_id") = 1 AND ("view_tenant_id" IS NULL) = ("viewer_operator_id" IS NULL));
