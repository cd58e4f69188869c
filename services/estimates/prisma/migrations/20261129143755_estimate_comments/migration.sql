-- CreateTable
CREATE TABLE "estimate_comments" (
    "id" UUID NOT NULL,
    "estimate_id" UUID NOT NULL,
    "organization_id" TEXT NOT NULL,
    "author" TEXT NOT NULL,
    "author_id" TEXT,
    "author_email" TEXT,
    "body" TEXT NOT NULL,
    "mailed_to" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "estimate_comments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "estimate_comments_organization_id_estimate_id_created_at_idx" ON "estimate_comments"("organization_id", "estimate_id", "created_at");

-- CreateIndex
CREATE INDEX "estimate_comments_estimate_id_author_created_at_idx" ON "estimate_comments"("estimate_id", "author", "created_at");

-- AddForeignKey
ALTER TABLE "estimate_comments" ADD CONSTRAINT "estimate_comments_estimate_id_fkey" FOREIGN KEY ("estimate_id") REFERENCES "estimates"("id") ON DELETE CASCADE ON UPDATE CASCADE;
