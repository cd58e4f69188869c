-- CreateTable
CREATE TABLE "estimate_sends" (
    "id" UUID NOT NULL,
    "estimate_id" UUID NOT NULL,
    "organization_id" TEXT NOT NULL,
    "sent_by" TEXT NOT NULL,
    "sent_by_email" TEXT NOT NULL,
    "to" TEXT[],
    "cc" TEXT[],
    "subject" TEXT NOT NULL,
    "message" TEXT,
    "attach_pdf" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "estimate_sends_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "estimate_timeline" (
    "id" UUID NOT NULL,
    "estimate_id" UUID NOT NULL,
    "organization_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "actor_id" TEXT,
    "actor_email" TEXT,
    "summary" TEXT NOT NULL,
    "details" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "estimate_timeline_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "estimate_sends_organization_id_created_at_idx" ON "estimate_sends"("organization_id", "created_at");

-- CreateIndex
CREATE INDEX "estimate_sends_estimate_id_created_at_idx" ON "estimate_sends"("estimate_id", "created_at");

-- CreateIndex
CREATE INDEX "estimate_timeline_organization_id_estimate_id_created_at_idx" ON "estimate_timeline"("organization_id", "estimate_id", "created_at");

-- AddForeignKey
ALTER TABLE "estimate_sends" ADD CONSTRAINT "estimate_sends_estimate_id_fkey" FOREIGN KEY ("estimate_id") REFERENCES "estimates"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "estimate_timeline" ADD CONSTRAINT "estimate_timeline_estimate_id_fkey" FOREIGN KEY ("estimate_id") REFERENCES "estimates"("id") ON DELETE CASCADE ON UPDATE CASCADE;
