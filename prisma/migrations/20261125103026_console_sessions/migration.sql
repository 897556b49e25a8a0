-- CreateTable
CREATE TABLE "console_session" (
    "id" SERIAL NOT NULL,
    "token_hash" TEXT NOT NULL,
    "api_key_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3),

    CONSTRAINT "console_session_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "console_session_token_hash_key" ON "console_session"("token_hash");

-- CreateIndex
CREATE INDEX "console_session_api_key_id_idx" ON "console_session"("api_key_id");

-- CreateIndex
CREATE INDEX "console_session_expires_at_idx" ON "console_session"("expires_at");

-- AddForeignKey
ALTER TABLE "console_session" ADD CONSTRAINT "console_session_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
