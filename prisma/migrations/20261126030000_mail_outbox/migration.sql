-- CreateTable
CREATE TABLE "mail_outbox" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL,
    "to_address" TEXT NOT NULL,
    "user_id" TEXT,
    "message" TEXT,
    "announcement_id" TEXT,
    "payload" TEXT,
    "priority" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" DATETIME NOT NULL,
    "last_attempt_at" DATETIME,
    "claim_token" TEXT,
    "lease_until" DATETIME,
    "expires_at" DATETIME,
    "give_up_at" DATETIME NOT NULL,
    "supersede_key" TEXT,
    "last_error" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" DATETIME,
    CONSTRAINT "mail_outbox_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "perfiles" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "mail_outbox_announcement_id_fkey" FOREIGN KEY ("announcement_id") REFERENCES "announcements" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "announcements" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "subject" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "audience" TEXT NOT NULL,
    "recipients" INTEGER NOT NULL DEFAULT 0,
    "request_key" TEXT NOT NULL,
    "created_by_id" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "announcements_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "perfiles" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "mail_runs" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "mail_outbox_status_priority_next_attempt_at_idx" ON "mail_outbox"("status", "priority", "next_attempt_at");

-- CreateIndex
CREATE INDEX "mail_outbox_status_lease_until_idx" ON "mail_outbox"("status", "lease_until");

-- CreateIndex
CREATE INDEX "mail_outbox_status_finished_at_idx" ON "mail_outbox"("status", "finished_at");

-- CreateIndex
CREATE INDEX "mail_outbox_last_attempt_at_idx" ON "mail_outbox"("last_attempt_at");

-- CreateIndex
CREATE INDEX "mail_outbox_supersede_key_idx" ON "mail_outbox"("supersede_key");

-- CreateIndex
CREATE INDEX "mail_outbox_announcement_id_status_idx" ON "mail_outbox"("announcement_id", "status");

-- CreateIndex
CREATE INDEX "mail_outbox_user_id_idx" ON "mail_outbox"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "announcements_request_key_key" ON "announcements"("request_key");

-- CreateIndex
CREATE INDEX "announcements_audience_created_at_idx" ON "announcements"("audience", "created_at");

-- CreateIndex
CREATE INDEX "announcements_created_at_idx" ON "announcements"("created_at");

-- CreateIndex
CREATE INDEX "announcements_created_by_id_idx" ON "announcements"("created_by_id");

-- "Actividad de tu cuenta" now sends a weekly summary mail, off unless asked for. Until now
-- the switch did nothing and was shown on by default, so nobody chose it knowingly: turn
-- it off for everyone, who may turn it on again.
UPDATE "user_settings" SET "notify_activity" = false;
