-- AlterTable
ALTER TABLE "user_settings" ADD COLUMN "spanish_register" TEXT;
ALTER TABLE "user_settings" ADD COLUMN "spanish_variant" TEXT;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_generation_events" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "page" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "latency_ms" INTEGER NOT NULL,
    "outcome" TEXT NOT NULL,
    "error_kind" TEXT,
    "language" TEXT,
    "variant" TEXT,
    "rejected_phrases" INTEGER NOT NULL DEFAULT 0,
    "user_id" TEXT,
    CONSTRAINT "generation_events_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "perfiles" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_generation_events" ("created_at", "error_kind", "id", "latency_ms", "model", "outcome", "page", "provider", "user_id") SELECT "created_at", "error_kind", "id", "latency_ms", "model", "outcome", "page", "provider", "user_id" FROM "generation_events";
DROP TABLE "generation_events";
ALTER TABLE "new_generation_events" RENAME TO "generation_events";
CREATE INDEX "generation_events_created_at_idx" ON "generation_events"("created_at");
CREATE INDEX "generation_events_user_id_idx" ON "generation_events"("user_id");
CREATE INDEX "generation_events_created_at_outcome_provider_idx" ON "generation_events"("created_at", "outcome", "provider");
CREATE INDEX "generation_events_latency_ms_created_at_idx" ON "generation_events"("latency_ms", "created_at");
CREATE INDEX "generation_events_provider_latency_ms_created_at_idx" ON "generation_events"("provider", "latency_ms", "created_at");
CREATE INDEX "generation_events_created_at_outcome_language_variant_idx" ON "generation_events"("created_at", "outcome", "language", "variant");
CREATE INDEX "generation_events_created_at_rejected_phrases_outcome_provider_model_idx" ON "generation_events"("created_at", "rejected_phrases", "outcome", "provider", "model");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
