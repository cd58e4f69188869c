-- CreateTable
CREATE TABLE "files" (
    "id" UUID NOT NULL,
    "organization_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "mime_type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "estimate_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "files_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "file_blobs" (
    "file_id" UUID NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "file_blobs_pkey" PRIMARY KEY ("file_id")
);

-- CreateIndex
CREATE INDEX "files_org_kind_created_idx" ON "files"("organization_id", "kind", "created_at");

-- CreateIndex
CREATE INDEX "files_kind_created_idx" ON "files"("kind", "created_at");
