-- CreateEnum
CREATE TYPE "usage_kind" AS ENUM ('estimates', 'pdf', 'ai');

-- CreateEnum
CREATE TYPE "activity_type" AS ENUM ('estimate_created', 'estimate_updated', 'estimate_approved', 'estimate_shared', 'meeting_created', 'meeting_completed', 'team_member');

-- CreateTable
CREATE TABLE "company_settings" (
    "organization_id" TEXT NOT NULL,
    "company_name" TEXT,
    "company_email" TEXT,
    "company_phone" TEXT,
    "company_address" TEXT,
    "contractor_license" TEXT,
    "website" TEXT,
    "logo_url" TEXT,
    "logo_file_name" TEXT,
    "logo_mime_type" TEXT,
    "logo_file_size" INTEGER,
    "logo_stored_file_id" TEXT,
    "auto_generate_ai" BOOLEAN NOT NULL DEFAULT true,
    "ai_prompt_template" TEXT,
    "variance_range_percentage" DECIMAL(5,2) NOT NULL DEFAULT 15,
    "branding_colors" JSONB NOT NULL DEFAULT '{}',
    "estimate_template_settings" JSONB NOT NULL DEFAULT '{}',
    "enable_line_items" BOOLEAN NOT NULL DEFAULT false,
    "enable_cost_by_type" BOOLEAN NOT NULL DEFAULT false,
    "enable_sections" BOOLEAN NOT NULL DEFAULT false,
    "enable_business_insights" BOOLEAN NOT NULL DEFAULT false,
    "enable_markup_profiles" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_by" TEXT,

    CONSTRAINT "company_settings_pkey" PRIMARY KEY ("organization_id")
);

-- CreateTable
CREATE TABLE "plans" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "estimates_per_month" INTEGER NOT NULL,
    "pdf_generations_per_month" INTEGER NOT NULL,
    "ai_generations_per_month" INTEGER NOT NULL,

    CONSTRAINT "plans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "organization_plans" (
    "organization_id" TEXT NOT NULL,
    "plan_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "organization_plans_pkey" PRIMARY KEY ("organization_id")
);

-- CreateTable
CREATE TABLE "subscription_overrides" (
    "organization_id" TEXT NOT NULL,
    "estimates_per_month" INTEGER,
    "pdf_generations_per_month" INTEGER,
    "ai_generations_per_month" INTEGER,
    "note" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_by" TEXT,

    CONSTRAINT "subscription_overrides_pkey" PRIMARY KEY ("organization_id")
);

-- CreateTable
CREATE TABLE "usage_counters" (
    "organization_id" TEXT NOT NULL,
    "month" CHAR(7) NOT NULL,
    "kind" "usage_kind" NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "usage_counters_pkey" PRIMARY KEY ("organization_id","month","kind")
);

-- CreateTable
CREATE TABLE "org_totals" (
    "organization_id" TEXT NOT NULL,
    "total_estimates" INTEGER NOT NULL DEFAULT 0,
    "total_meetings" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "org_totals_pkey" PRIMARY KEY ("organization_id")
);

-- CreateTable
CREATE TABLE "activities" (
    "id" UUID NOT NULL,
    "organization_id" TEXT NOT NULL,
    "type" "activity_type" NOT NULL,
    "action" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "actor_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "activities_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "actors" (
    "user_id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "first_name" TEXT,
    "last_name" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "actors_pkey" PRIMARY KEY ("user_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "plans_name_key" ON "plans"("name");

-- CreateIndex
CREATE INDEX "organization_plans_plan_id_idx" ON "organization_plans"("plan_id");

-- CreateIndex
CREATE INDEX "activities_organization_id_created_at_idx" ON "activities"("organization_id", "created_at" DESC);

-- AddForeignKey
ALTER TABLE "organization_plans" ADD CONSTRAINT "organization_plans_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
