-- CreateTable
CREATE TABLE "stored_files" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "content_type" TEXT NOT NULL,
    "bytes" BLOB NOT NULL,
    "size" INTEGER NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
