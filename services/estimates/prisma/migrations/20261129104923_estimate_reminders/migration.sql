-- CreateTable
CREATE TABLE "estimate_reminders" (
    "estimate_id" UUID NOT NULL,
    "organization_id" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "every_days" INTEGER NOT NULL,
    "max_count" INTEGER NOT NULL,
    "sent_count" INTEGER NOT NULL DEFAULT 0,
    "recipients" TEXT[],
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "last_sent_at" TIMESTAMPTZ(3),
    "next_due_at" TIMESTAMPTZ(3),
    "stopped_reason" TEXT,
    "unsubscribed_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "estimate_reminders_pkey" PRIMARY KEY ("estimate_id")
);

-- CreateIndex
CREATE INDEX "estimate_reminders_next_due_at_idx" ON "estimate_reminders"("next_due_at");

-- CreateIndex
CREATE INDEX "estimate_reminders_organization_id_estimate_id_idx" ON "estimate_reminders"("organization_id", "estimate_id");

-- AddForeignKey
ALTER TABLE "estimate_reminders" ADD CONSTRAINT "estimate_reminders_estimate_id_fkey" FOREIGN KEY ("estimate_id") REFERENCES "estimates"("id") ON DELETE CASCADE ON UPDATE CASCADE;
