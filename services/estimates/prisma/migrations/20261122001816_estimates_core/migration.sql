-- CreateTable
CREATE TABLE "project_types" (
    "id" UUID NOT NULL,
    "organization_id" TEXT,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "icon" TEXT NOT NULL DEFAULT 'package',
    "is_system_template" BOOLEAN NOT NULL DEFAULT false,
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "project_types_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "phase_groups" (
    "id" UUID NOT NULL,
    "organization_id" TEXT,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "phase_groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "phase_group_phases" (
    "id" UUID NOT NULL,
    "phase_group_id" UUID NOT NULL,
    "organization_id" TEXT,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "default_percentage" DECIMAL(5,2) NOT NULL DEFAULT 0,
    "cost_codes" TEXT,
    "sort_order" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "phase_group_phases_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "project_type_phase_groups" (
    "project_type_id" UUID NOT NULL,
    "phase_group_id" UUID NOT NULL,
    "organization_id" TEXT,
    "is_default" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "project_type_phase_groups_pkey" PRIMARY KEY ("project_type_id","phase_group_id")
);

-- CreateTable
CREATE TABLE "templates" (
    "id" UUID NOT NULL,
    "organization_id" TEXT,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "category" TEXT NOT NULL,
    "is_system_template" BOOLEAN NOT NULL DEFAULT false,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "created_by" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "templates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "template_sections" (
    "id" UUID NOT NULL,
    "template_id" UUID NOT NULL,
    "organization_id" TEXT,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "sort_order" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "template_sections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "template_line_items" (
    "id" UUID NOT NULL,
    "template_section_id" UUID NOT NULL,
    "organization_id" TEXT,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "quantity" DECIMAL(12,3) NOT NULL DEFAULT 1,
    "unit" TEXT NOT NULL DEFAULT 'each',
    "cost" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "sort_order" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "template_line_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "estimates" (
    "id" UUID NOT NULL,
    "organization_id" TEXT NOT NULL,
    "created_by" TEXT NOT NULL,
    "project_type_id" UUID,
    "project_name" TEXT NOT NULL,
    "client_name" TEXT NOT NULL,
    "client_email" TEXT,
    "property_address" TEXT NOT NULL,
    "square_footage" INTEGER,
    "total_cost" DECIMAL(14,2),
    "status" TEXT NOT NULL DEFAULT 'draft',
    "special_features" TEXT,
    "meeting_transcript" TEXT,
    "ai_summary" TEXT,
    "property_data" JSONB,
    "viewed_at" TIMESTAMPTZ(3),
    "locked_at" TIMESTAMPTZ(3),
    "reopened_at" TIMESTAMPTZ(3),
    "reopened_by" TEXT,
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "estimates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "estimate_phases" (
    "id" UUID NOT NULL,
    "estimate_id" UUID NOT NULL,
    "organization_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "estimated_cost" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "adjusted_cost" DECIMAL(14,2),
    "percentage" DECIMAL(5,2) NOT NULL DEFAULT 0,
    "amount" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "is_enabled" BOOLEAN NOT NULL DEFAULT true,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "start_date" DATE,
    "end_date" DATE,
    "completion_percentage" INTEGER NOT NULL DEFAULT 0,
    "cost_codes" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "estimate_phases_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "content_sections" (
    "id" UUID NOT NULL,
    "estimate_id" UUID NOT NULL,
    "organization_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "content" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "content_sections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "content_links" (
    "id" UUID NOT NULL,
    "estimate_id" UUID NOT NULL,
    "organization_id" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "show_to_client" BOOLEAN NOT NULL DEFAULT true,
    "include_in_pdf" BOOLEAN NOT NULL DEFAULT true,
    "include_in_web_link" BOOLEAN NOT NULL DEFAULT true,
    "is_customized" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "content_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sections" (
    "id" UUID NOT NULL,
    "estimate_id" UUID NOT NULL,
    "organization_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "total" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "line_items" (
    "id" UUID NOT NULL,
    "section_id" UUID NOT NULL,
    "estimate_id" UUID NOT NULL,
    "organization_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "category" TEXT,
    "quantity" DECIMAL(12,3) NOT NULL DEFAULT 1,
    "unit" TEXT NOT NULL DEFAULT 'each',
    "unit_cost" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "total_cost" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "is_labor" BOOLEAN NOT NULL DEFAULT false,
    "is_material" BOOLEAN NOT NULL DEFAULT true,
    "is_equipment" BOOLEAN NOT NULL DEFAULT false,
    "is_subcontractor" BOOLEAN NOT NULL DEFAULT false,
    "apply_markup" BOOLEAN NOT NULL DEFAULT true,
    "apply_tax" BOOLEAN NOT NULL DEFAULT true,
    "vendor" TEXT,
    "part_number" TEXT,
    "notes" TEXT,
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "line_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "markup_profiles" (
    "id" UUID NOT NULL,
    "organization_id" TEXT NOT NULL,
    "estimate_id" UUID,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "overhead_percentage" DECIMAL(5,2) NOT NULL DEFAULT 0,
    "profit_percentage" DECIMAL(5,2) NOT NULL DEFAULT 0,
    "contingency_percentage" DECIMAL(5,2) NOT NULL DEFAULT 0,
    "labor_markup_percentage" DECIMAL(5,2) NOT NULL DEFAULT 0,
    "material_markup_percentage" DECIMAL(5,2) NOT NULL DEFAULT 0,
    "equipment_markup_percentage" DECIMAL(5,2) NOT NULL DEFAULT 0,
    "subcontractor_markup_percentage" DECIMAL(5,2) NOT NULL DEFAULT 0,
    "is_template" BOOLEAN NOT NULL DEFAULT true,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "created_by" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "markup_profiles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tax_profiles" (
    "id" UUID NOT NULL,
    "organization_id" TEXT NOT NULL,
    "estimate_id" UUID,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "tax_type" TEXT NOT NULL DEFAULT 'sales',
    "rate" DECIMAL(6,4) NOT NULL DEFAULT 0,
    "jurisdiction" TEXT,
    "jurisdiction_code" TEXT,
    "apply_to_labor" BOOLEAN NOT NULL DEFAULT false,
    "apply_to_materials" BOOLEAN NOT NULL DEFAULT true,
    "apply_to_equipment" BOOLEAN NOT NULL DEFAULT true,
    "apply_to_subcontractors" BOOLEAN NOT NULL DEFAULT false,
    "minimum_amount" DECIMAL(14,2),
    "maximum_amount" DECIMAL(14,2),
    "exemption_threshold" DECIMAL(14,2),
    "is_template" BOOLEAN NOT NULL DEFAULT true,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_by" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "tax_profiles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "estimate_markup_selection" (
    "estimate_id" UUID NOT NULL,
    "organization_id" TEXT NOT NULL,
    "markup_profile_id" UUID NOT NULL,
    "selected_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "estimate_markup_selection_pkey" PRIMARY KEY ("estimate_id")
);

-- CreateTable
CREATE TABLE "estimate_tax_selection" (
    "estimate_id" UUID NOT NULL,
    "tax_profile_id" UUID NOT NULL,
    "organization_id" TEXT NOT NULL,
    "selected_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "estimate_tax_selection_pkey" PRIMARY KEY ("estimate_id","tax_profile_id")
);

-- CreateTable
CREATE TABLE "share_links" (
    "id" UUID NOT NULL,
    "estimate_id" UUID NOT NULL,
    "organization_id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "token_ciphertext" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by" TEXT NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "share_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "estimate_approvals" (
    "id" UUID NOT NULL,
    "estimate_id" UUID NOT NULL,
    "organization_id" TEXT NOT NULL,
    "decision" TEXT NOT NULL,
    "signer_name" TEXT,
    "reason" TEXT,
    "consent" BOOLEAN NOT NULL DEFAULT false,
    "snapshot" JSONB NOT NULL,
    "snapshot_sha256" TEXT NOT NULL,
    "ip_hash" TEXT,
    "user_agent" TEXT,
    "decided_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "estimate_approvals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_keys" (
    "organization_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "status_code" INTEGER NOT NULL,
    "response" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("organization_id","key")
);

-- CreateIndex
CREATE INDEX "project_types_organization_id_sort_order_idx" ON "project_types"("organization_id", "sort_order");

-- CreateIndex
CREATE INDEX "phase_groups_organization_id_name_idx" ON "phase_groups"("organization_id", "name");

-- CreateIndex
CREATE INDEX "phase_group_phases_organization_id_phase_group_id_sort_orde_idx" ON "phase_group_phases"("organization_id", "phase_group_id", "sort_order");

-- CreateIndex
CREATE INDEX "phase_group_phases_phase_group_id_idx" ON "phase_group_phases"("phase_group_id");

-- CreateIndex
CREATE INDEX "project_type_phase_groups_organization_id_project_type_id_idx" ON "project_type_phase_groups"("organization_id", "project_type_id");

-- CreateIndex
CREATE INDEX "project_type_phase_groups_phase_group_id_idx" ON "project_type_phase_groups"("phase_group_id");

-- CreateIndex
CREATE INDEX "templates_organization_id_category_name_idx" ON "templates"("organization_id", "category", "name");

-- CreateIndex
CREATE INDEX "template_sections_organization_id_template_id_sort_order_idx" ON "template_sections"("organization_id", "template_id", "sort_order");

-- CreateIndex
CREATE INDEX "template_sections_template_id_sort_order_idx" ON "template_sections"("template_id", "sort_order");

-- CreateIndex
CREATE INDEX "template_line_items_organization_id_template_section_id_sor_idx" ON "template_line_items"("organization_id", "template_section_id", "sort_order");

-- CreateIndex
CREATE INDEX "template_line_items_template_section_id_sort_order_idx" ON "template_line_items"("template_section_id", "sort_order");

-- CreateIndex
CREATE INDEX "estimates_organization_id_updated_at_idx" ON "estimates"("organization_id", "updated_at");

-- CreateIndex
CREATE INDEX "estimates_organization_id_created_at_idx" ON "estimates"("organization_id", "created_at");

-- CreateIndex
CREATE INDEX "estimates_organization_id_status_idx" ON "estimates"("organization_id", "status");

-- CreateIndex
CREATE INDEX "estimates_organization_id_project_type_id_idx" ON "estimates"("organization_id", "project_type_id");

-- CreateIndex
CREATE INDEX "estimate_phases_organization_id_estimate_id_sort_order_idx" ON "estimate_phases"("organization_id", "estimate_id", "sort_order");

-- CreateIndex
CREATE INDEX "estimate_phases_estimate_id_idx" ON "estimate_phases"("estimate_id");

-- CreateIndex
CREATE INDEX "content_sections_organization_id_estimate_id_idx" ON "content_sections"("organization_id", "estimate_id");

-- CreateIndex
CREATE UNIQUE INDEX "content_sections_estimate_id_type_key" ON "content_sections"("estimate_id", "type");

-- CreateIndex
CREATE INDEX "content_links_organization_id_estimate_id_idx" ON "content_links"("organization_id", "estimate_id");

-- CreateIndex
CREATE UNIQUE INDEX "content_links_estimate_id_role_key" ON "content_links"("estimate_id", "role");

-- CreateIndex
CREATE INDEX "sections_organization_id_estimate_id_sort_order_idx" ON "sections"("organization_id", "estimate_id", "sort_order");

-- CreateIndex
CREATE INDEX "sections_estimate_id_idx" ON "sections"("estimate_id");

-- CreateIndex
CREATE INDEX "line_items_organization_id_section_id_sort_order_idx" ON "line_items"("organization_id", "section_id", "sort_order");

-- CreateIndex
CREATE INDEX "line_items_organization_id_estimate_id_idx" ON "line_items"("organization_id", "estimate_id");

-- CreateIndex
CREATE INDEX "line_items_section_id_idx" ON "line_items"("section_id");

-- CreateIndex
CREATE INDEX "line_items_estimate_id_idx" ON "line_items"("estimate_id");

-- CreateIndex
CREATE INDEX "markup_profiles_organization_id_estimate_id_idx" ON "markup_profiles"("organization_id", "estimate_id");

-- CreateIndex
CREATE INDEX "markup_profiles_organization_id_is_template_name_idx" ON "markup_profiles"("organization_id", "is_template", "name");

-- CreateIndex
CREATE INDEX "markup_profiles_estimate_id_idx" ON "markup_profiles"("estimate_id");

-- CreateIndex
CREATE INDEX "tax_profiles_organization_id_estimate_id_idx" ON "tax_profiles"("organization_id", "estimate_id");

-- CreateIndex
CREATE INDEX "tax_profiles_organization_id_is_template_name_idx" ON "tax_profiles"("organization_id", "is_template", "name");

-- CreateIndex
CREATE INDEX "tax_profiles_estimate_id_idx" ON "tax_profiles"("estimate_id");

-- CreateIndex
CREATE INDEX "estimate_markup_selection_organization_id_markup_profile_id_idx" ON "estimate_markup_selection"("organization_id", "markup_profile_id");

-- CreateIndex
CREATE INDEX "estimate_markup_selection_markup_profile_id_idx" ON "estimate_markup_selection"("markup_profile_id");

-- CreateIndex
CREATE INDEX "estimate_tax_selection_organization_id_estimate_id_idx" ON "estimate_tax_selection"("organization_id", "estimate_id");

-- CreateIndex
CREATE INDEX "estimate_tax_selection_tax_profile_id_idx" ON "estimate_tax_selection"("tax_profile_id");

-- CreateIndex
CREATE UNIQUE INDEX "share_links_estimate_id_key" ON "share_links"("estimate_id");

-- CreateIndex
CREATE UNIQUE INDEX "share_links_token_hash_key" ON "share_links"("token_hash");

-- CreateIndex
CREATE INDEX "share_links_organization_id_estimate_id_idx" ON "share_links"("organization_id", "estimate_id");

-- CreateIndex
CREATE INDEX "estimate_approvals_organization_id_estimate_id_decided_at_idx" ON "estimate_approvals"("organization_id", "estimate_id", "decided_at");

-- CreateIndex
CREATE INDEX "estimate_approvals_estimate_id_decided_at_idx" ON "estimate_approvals"("estimate_id", "decided_at");

-- CreateIndex
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys"("created_at");

-- AddForeignKey
ALTER TABLE "phase_group_phases" ADD CONSTRAINT "phase_group_phases_phase_group_id_fkey" FOREIGN KEY ("phase_group_id") REFERENCES "phase_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "project_type_phase_groups" ADD CONSTRAINT "project_type_phase_groups_project_type_id_fkey" FOREIGN KEY ("project_type_id") REFERENCES "project_types"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "project_type_phase_groups" ADD CONSTRAINT "project_type_phase_groups_phase_group_id_fkey" FOREIGN KEY ("phase_group_id") REFERENCES "phase_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "template_sections" ADD CONSTRAINT "template_sections_template_id_fkey" FOREIGN KEY ("template_id") REFERENCES "templates"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "template_line_items" ADD CONSTRAINT "template_line_items_template_section_id_fkey" FOREIGN KEY ("template_section_id") REFERENCES "template_sections"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_project_type_id_fkey" FOREIGN KEY ("project_type_id") REFERENCES "project_types"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "estimate_phases" ADD CONSTRAINT "estimate_phases_estimate_id_fkey" FOREIGN KEY ("estimate_id") REFERENCES "estimates"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "content_sections" ADD CONSTRAINT "content_sections_estimate_id_fkey" FOREIGN KEY ("estimate_id") REFERENCES "estimates"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "content_links" ADD CONSTRAINT "content_links_estimate_id_fkey" FOREIGN KEY ("estimate_id") REFERENCES "estimates"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sections" ADD CONSTRAINT "sections_estimate_id_fkey" FOREIGN KEY ("estimate_id") REFERENCES "estimates"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "line_items" ADD CONSTRAINT "line_items_section_id_fkey" FOREIGN KEY ("section_id") REFERENCES "sections"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "line_items" ADD CONSTRAINT "line_items_estimate_id_fkey" FOREIGN KEY ("estimate_id") REFERENCES "estimates"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "markup_profiles" ADD CONSTRAINT "markup_profiles_estimate_id_fkey" FOREIGN KEY ("estimate_id") REFERENCES "estimates"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tax_profiles" ADD CONSTRAINT "tax_profiles_estimate_id_fkey" FOREIGN KEY ("estimate_id") REFERENCES "estimates"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "estimate_markup_selection" ADD CONSTRAINT "estimate_markup_selection_estimate_id_fkey" FOREIGN KEY ("estimate_id") REFERENCES "estimates"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "estimate_markup_selection" ADD CONSTRAINT "estimate_markup_selection_markup_profile_id_fkey" FOREIGN KEY ("markup_profile_id") REFERENCES "markup_profiles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "estimate_tax_selection" ADD CONSTRAINT "estimate_tax_selection_estimate_id_fkey" FOREIGN KEY ("estimate_id") REFERENCES "estimates"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "estimate_tax_selection" ADD CONSTRAINT "estimate_tax_selection_tax_profile_id_fkey" FOREIGN KEY ("tax_profile_id") REFERENCES "tax_profiles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_estimate_id_fkey" FOREIGN KEY ("estimate_id") REFERENCES "estimates"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "estimate_approvals" ADD CONSTRAINT "estimate_approvals_estimate_id_fkey" FOREIGN KEY ("estimate_id") REFERENCES "estimates"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- ── Hand-written (Prisma cannot express these, and the drift diff ignores them) ─────────────────

-- List search: ILIKE over project name, client name and address through a trigram index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "estimates_search_trgm_idx" ON "estimates" USING gin ((lower("project_name" || ' ' || "client_name" || ' ' || "property_address")) gin_trgm_ops);

-- Client decisions are evidence: rows are never changed or removed. (The body spells its
-- semicolon as the escape \073 because the schema engine splits migrations on that character.)
CREATE FUNCTION "estimate_approvals_immutable"() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN RAISE EXCEPTION ''estimate_approvals rows are immutable''\073 END';
CREATE TRIGGER "estimate_approvals_no_update_delete" BEFORE UPDATE OR DELETE ON "estimate_approvals"
  FOR EACH ROW EXECUTE FUNCTION "estimate_approvals_immutable"();
