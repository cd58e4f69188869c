-- CreateIndex
CREATE INDEX "estimates_organization_id_project_name_idx" ON "estimates"("organization_id", "project_name");

-- CreateIndex
CREATE INDEX "estimates_organization_id_client_name_idx" ON "estimates"("organization_id", "client_name");

-- CreateIndex
CREATE INDEX "estimates_organization_id_total_cost_idx" ON "estimates"("organization_id", "total_cost");

-- CreateIndex
CREATE INDEX "estimates_list_count_idx" ON "estimates"("organization_id", "deleted_at", "status", "project_type_id", "created_at");
