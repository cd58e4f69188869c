-- CreateTable
CREATE TABLE "mail_deliveries" (
    "id" UUID NOT NULL,
    "organization_id" TEXT,
    "tag" TEXT NOT NULL,
    "recipients" TEXT[],
    "subject" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "error" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mail_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "mail_deliveries_organization_id_created_at_idx" ON "mail_deliveries"("organization_id", "created_at");
