-- AlterTable
ALTER TABLE "account" ADD COLUMN     "removed_at" TIMESTAMPTZ(3),
ALTER COLUMN "phone_number" DROP NOT NULL;

-- CreateTable
CREATE TABLE "waha_server" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "base_url" TEXT NOT NULL,
    "api_key" TEXT,
    "capacity" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "waha_server_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "number_link" (
    "account_id" INTEGER NOT NULL,
    "server_id" INTEGER,
    "session" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'CREATING',
    "qr" TEXT,
    "qr_changed_at" TIMESTAMPTZ(3),
    "pairing_phone" TEXT,
    "pairing_code" TEXT,
    "warm_up" BOOLEAN NOT NULL DEFAULT true,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "number_link_pkey" PRIMARY KEY ("account_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "waha_server_name_key" ON "waha_server"("name");

-- CreateIndex
CREATE UNIQUE INDEX "number_link_session_key" ON "number_link"("session");

-- CreateIndex
CREATE INDEX "number_link_server_id_idx" ON "number_link"("server_id");

-- AddForeignKey
ALTER TABLE "number_link" ADD CONSTRAINT "number_link_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "number_link" ADD CONSTRAINT "number_link_server_id_fkey" FOREIGN KEY ("server_id") REFERENCES "waha_server"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
