-- AlterTable
ALTER TABLE "generation_batches" ADD COLUMN     "card_design" TEXT;

-- CreateTable
CREATE TABLE "user_brands" (
    "user_id" TEXT NOT NULL,
    "handle" TEXT,
    "corner" TEXT NOT NULL DEFAULT 'bottom-right',
    "use_design" BOOLEAN NOT NULL DEFAULT false,
    "font" TEXT NOT NULL DEFAULT 'arimo',
    "color" TEXT NOT NULL DEFAULT '#ffffff',
    "overlay" DOUBLE PRECISION NOT NULL DEFAULT 0.3,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "user_brands_pkey" PRIMARY KEY ("user_id")
);

-- AddForeignKey
ALTER TABLE "user_brands" ADD CONSTRAINT "user_brands_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "perfiles"("id") ON DELETE CASCADE ON UPDATE CASCADE;
