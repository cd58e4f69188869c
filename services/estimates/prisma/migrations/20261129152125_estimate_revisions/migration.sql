-- AlterTable
ALTER TABLE "share_links" ADD COLUMN     "seen_at" TIMESTAMPTZ(3),
ADD COLUMN     "seen_revision_id" UUID;

-- CreateTable
CREATE TABLE "estimate_revisions" (
    "id" UUID NOT NULL,
    "estimate_id" UUID NOT NULL,
    "organization_id" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "actor_id" TEXT,
    "actor_email" TEXT,
    "snapshot" JSONB NOT NULL,
    "content_sha256" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "estimate_revisions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "estimate_revisions_organization_id_estimate_id_number_idx" ON "estimate_revisions"("organization_id", "estimate_id", "number");

-- CreateIndex
CREATE UNIQUE INDEX "estimate_revisions_estimate_id_number_key" ON "estimate_revisions"("estimate_id", "number");

-- AddForeignKey
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_seen_revision_id_fkey" FOREIGN KEY ("seen_revision_id") REFERENCES "estimate_revisions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "estimate_revisions" ADD CONSTRAINT "estimate_revisions_estimate_id_fkey" FOREIGN KEY ("estimate_id") REFERENCES "estimates"("id") ON DELETE CASCADE ON UPDATE CASCADE;
