-- CreateTable
CREATE TABLE "counted_estimates" (
    "organization_id" TEXT NOT NULL,
    "estimate_id" TEXT NOT NULL,
    "created" BOOLEAN NOT NULL DEFAULT false,
    "deleted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "counted_estimates_pkey" PRIMARY KEY ("organization_id","estimate_id")
);
