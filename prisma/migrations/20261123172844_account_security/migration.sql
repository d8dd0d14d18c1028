-- CreateTable
CREATE TABLE "two_factor" (
    "user_id" TEXT NOT NULL PRIMARY KEY,
    "secret" TEXT NOT NULL,
    "enabled_at" DATETIME,
    "last_used_step" INTEGER,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "two_factor_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "perfiles" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "recovery_codes" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "user_id" TEXT NOT NULL,
    "code_hash" TEXT NOT NULL,
    "used_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "recovery_codes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "perfiles" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "pending_sign_ins" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "user_id" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "redirect_to" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expires_at" DATETIME NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "pending_sign_ins_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "perfiles" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "email_sign_in_codes" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "code_hash" TEXT NOT NULL,
    "link_token_hash" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expires_at" DATETIME NOT NULL,
    "used_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE UNIQUE INDEX "recovery_codes_user_id_code_hash_key" ON "recovery_codes"("user_id", "code_hash");

-- CreateIndex
CREATE INDEX "pending_sign_ins_user_id_idx" ON "pending_sign_ins"("user_id");

-- CreateIndex
CREATE INDEX "pending_sign_ins_expires_at_idx" ON "pending_sign_ins"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "email_sign_in_codes_link_token_hash_key" ON "email_sign_in_codes"("link_token_hash");

-- CreateIndex
CREATE INDEX "email_sign_in_codes_email_idx" ON "email_sign_in_codes"("email");

-- CreateIndex
CREATE INDEX "email_sign_in_codes_expires_at_idx" ON "email_sign_in_codes"("expires_at");
