-- CreateTable
CREATE TABLE "monitoring_samples" (
    "id" BIGSERIAL NOT NULL,
    "taken_at" TIMESTAMPTZ(3) NOT NULL,
    "service" TEXT NOT NULL,
    "instance" TEXT NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "requests" DOUBLE PRECISION NOT NULL,
    "server_errors" DOUBLE PRECISION NOT NULL,
    "duration_seconds_sum" DOUBLE PRECISION NOT NULL,
    "slow_requests" DOUBLE PRECISION NOT NULL,
    "buckets" JSONB NOT NULL,

    CONSTRAINT "monitoring_samples_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "monitoring_errors" (
    "id" TEXT NOT NULL,
    "service" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "endpoint" TEXT NOT NULL,
    "correlation_id" TEXT NOT NULL,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "monitoring_errors_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "monitoring_uptime" (
    "day" DATE NOT NULL,
    "up" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "monitoring_uptime_pkey" PRIMARY KEY ("day")
);

-- CreateIndex
CREATE INDEX "monitoring_samples_taken_at_idx" ON "monitoring_samples"("taken_at");

-- CreateIndex
CREATE INDEX "monitoring_errors_occurred_at_idx" ON "monitoring_errors"("occurred_at" DESC);
