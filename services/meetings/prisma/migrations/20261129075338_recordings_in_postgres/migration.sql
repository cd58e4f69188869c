-- CreateTable
CREATE TABLE "audio_chunks" (
    "storage_key" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audio_chunks_pkey" PRIMARY KEY ("storage_key","seq")
);

-- CreateTable
CREATE TABLE "audio_objects" (
    "storage_key" TEXT NOT NULL,
    "size_bytes" BIGINT NOT NULL,
    "chunk_bytes" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audio_objects_pkey" PRIMARY KEY ("storage_key")
);

-- CreateIndex
CREATE INDEX "audio_chunks_created_at_idx" ON "audio_chunks"("created_at");

-- Recordings are compressed already: store the chunks out of line without trying to compress them.
ALTER TABLE "audio_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;
