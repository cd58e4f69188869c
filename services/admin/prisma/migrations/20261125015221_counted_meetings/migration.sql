-- CreateTable
CREATE TABLE "counted_meetings" (
    "organization_id" TEXT NOT NULL,
    "meeting_id" TEXT NOT NULL,
    "created" BOOLEAN NOT NULL DEFAULT false,
    "deleted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "counted_meetings_pkey" PRIMARY KEY ("organization_id","meeting_id")
);
