-- CreateTable
CREATE TABLE "phrase_likes" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "batch_id" TEXT,
    "position" INTEGER NOT NULL,
    "page" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "phrase_type" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    CONSTRAINT "phrase_likes_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "generation_batches" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "phrase_likes_provider_model_phrase_type_idx" ON "phrase_likes"("provider", "model", "phrase_type");

-- CreateIndex
CREATE INDEX "phrase_likes_created_at_idx" ON "phrase_likes"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "phrase_likes_batch_id_position_key" ON "phrase_likes"("batch_id", "position");
