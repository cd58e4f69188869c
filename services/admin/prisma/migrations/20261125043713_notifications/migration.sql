-- CreateEnum
CREATE TYPE "notification_kind" AS ENUM ('estimate_viewed', 'estimate_approved', 'estimate_declined', 'estimate_shared', 'meeting_transcribed', 'task_assigned', 'task_due');

-- CreateTable
CREATE TABLE "notifications" (
    "id" UUID NOT NULL,
    "organization_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "source_key" TEXT NOT NULL,
    "kind" "notification_kind" NOT NULL,
    "entity_id" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "detail" TEXT,
    "actor_id" TEXT,
    "read_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "estimate_participants" (
    "organization_id" TEXT NOT NULL,
    "estimate_id" TEXT NOT NULL,
    "creator_id" TEXT,
    "sharer_id" TEXT,
    "shared_at" TIMESTAMPTZ(3),

    CONSTRAINT "estimate_participants_pkey" PRIMARY KEY ("organization_id","estimate_id")
);

-- CreateTable
CREATE TABLE "tracked_tasks" (
    "organization_id" TEXT NOT NULL,
    "task_id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "due_date" DATE,
    "recipient_id" TEXT,
    "completed" BOOLEAN NOT NULL DEFAULT false,
    "deleted" BOOLEAN NOT NULL DEFAULT false,
    "last_event_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "tracked_tasks_pkey" PRIMARY KEY ("organization_id","task_id")
);

-- CreateIndex
CREATE INDEX "notifications_organization_id_user_id_created_at_id_idx" ON "notifications"("organization_id", "user_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "notifications_organization_id_entity_id_idx" ON "notifications"("organization_id", "entity_id");

-- CreateIndex
CREATE UNIQUE INDEX "notifications_user_id_source_key_key" ON "notifications"("user_id", "source_key");

-- CreateIndex
CREATE INDEX "tracked_tasks_organization_id_recipient_id_due_date_idx" ON "tracked_tasks"("organization_id", "recipient_id", "due_date");
