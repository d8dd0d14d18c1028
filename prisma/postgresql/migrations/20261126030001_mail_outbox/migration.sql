-- CreateTable
CREATE TABLE "mail_outbox" (
    "id" SERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "to_address" TEXT NOT NULL,
    "user_id" TEXT,
    "message" TEXT,
    "announcement_id" TEXT,
    "payload" TEXT,
    "priority" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMP(3) NOT NULL,
    "last_attempt_at" TIMESTAMP(3),
    "claim_token" TEXT,
    "lease_until" TIMESTAMP(3),
    "expires_at" TIMESTAMP(3),
    "give_up_at" TIMESTAMP(3) NOT NULL,
    "supersede_key" TEXT,
    "last_error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "mail_outbox_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "announcements" (
    "id" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "audience" TEXT NOT NULL,
    "recipients" INTEGER NOT NULL DEFAULT 0,
    "request_key" TEXT NOT NULL,
    "created_by_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "announcements_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mail_runs" (
    "key" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mail_runs_pkey" PRIMARY KEY ("key")
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

-- AddForeignKey
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "perfiles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_announcement_id_fkey" FOREIGN KEY ("announcement_id") REFERENCES "announcements"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "perfiles"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- "Actividad de tu cuenta" now sends a weekly summary mail, off unless asked for. Until now
-- the switch did nothing and was shown on by default, so nobody chose it knowingly: turn
-- it off for everyone, who may turn it on again.
UPDATE "user_settings" SET "notify_activity" = false;
