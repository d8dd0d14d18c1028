-- AlterTable
ALTER TABLE "generation_events" ADD COLUMN     "language" TEXT,
ADD COLUMN     "rejected_phrases" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "variant" TEXT;

-- AlterTable
ALTER TABLE "user_settings" ADD COLUMN     "spanish_register" TEXT,
ADD COLUMN     "spanish_variant" TEXT;

-- CreateIndex
CREATE INDEX "generation_events_created_at_outcome_language_variant_idx" ON "generation_events"("created_at", "outcome", "language", "variant");

-- CreateIndex
CREATE INDEX "generation_events_created_at_rejected_phrases_outcome_provi_idx" ON "generation_events"("created_at", "rejected_phrases", "outcome", "provider", "model");
