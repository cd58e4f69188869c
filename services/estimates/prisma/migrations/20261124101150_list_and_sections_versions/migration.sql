-- CreateTable
CREATE TABLE "estimate_list_versions" (
    "organization_id" TEXT NOT NULL,
    "slot" SMALLINT NOT NULL,
    "version" BIGINT NOT NULL,

    CONSTRAINT "estimate_list_versions_pkey" PRIMARY KEY ("organization_id","slot")
);

-- CreateTable
CREATE TABLE "estimate_sections_versions" (
    "estimate_id" UUID NOT NULL,
    "version" BIGINT NOT NULL,

    CONSTRAINT "estimate_sections_versions_pkey" PRIMARY KEY ("estimate_id")
);

-- The list version (see the model's comment). One bump per statement and organisation whose
-- rows it added, deleted, or changed in a column that decides list membership; the slot is
-- the backend's, as in estimates_count_delta, so concurrent writers do not queue on one row.
-- ORDER BY keeps the lock order fixed when one statement touches several organisations.
CREATE FUNCTION estimates_list_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  my_slot smallint := (pg_backend_pid() % 16)::smallint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO estimate_list_versions AS v (organization_id, slot, version)
    SELECT DISTINCT organization_id, my_slot, 1 FROM new_rows ORDER BY 1
    ON CONFLICT (organization_id, slot) DO UPDATE SET version = v.version + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO estimate_list_versions AS v (organization_id, slot, version)
    SELECT DISTINCT organization_id, my_slot, 1 FROM old_rows ORDER BY 1
    ON CONFLICT (organization_id, slot) DO UPDATE SET version = v.version + 1;
  ELSE
    INSERT INTO estimate_list_versions AS v (organization_id, slot, version)
    SELECT DISTINCT org, my_slot, 1
      FROM new_rows n JOIN old_rows o ON o.id = n.id,
           LATERAL unnest(ARRAY[n.organization_id, o.organization_id]) AS org
     WHERE (n.organization_id, n.search_text, n.status, n.project_type_id, n.deleted_at, n.created_at)
           IS DISTINCT FROM (o.organization_id, o.search_text, o.status, o.project_type_id, o.deleted_at, o.created_at)
     ORDER BY 1
    ON CONFLICT (organization_id, slot) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER estimates_list_version_insert AFTER INSERT ON estimates
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION estimates_list_version_bump();
CREATE TRIGGER estimates_list_version_update AFTER UPDATE ON estimates
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION estimates_list_version_bump();
CREATE TRIGGER estimates_list_version_delete AFTER DELETE ON estimates
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION estimates_list_version_bump();

-- TRUNCATE names no rows: every organisation's version moves. Every organisation with
-- estimates has a version row (the insert trigger makes one; existing ones are seeded below).
CREATE FUNCTION estimates_list_version_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE estimate_list_versions SET version = version + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER estimates_list_version_truncate AFTER TRUNCATE ON estimates FOR EACH STATEMENT EXECUTE FUNCTION estimates_list_version_truncate();

INSERT INTO estimate_list_versions (organization_id, slot, version)
SELECT DISTINCT organization_id, 0, 1 FROM estimates;

-- The sections version (see the model's comment): one bump per statement and estimate whose
-- sections or line items it touched. Estimates that no longer exist (a hard delete cascading
-- to its sections) get no row.
CREATE FUNCTION sections_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO estimate_sections_versions AS v (estimate_id, version)
    SELECT DISTINCT c.estimate_id, 1 FROM new_rows c JOIN estimates e ON e.id = c.estimate_id ORDER BY 1
    ON CONFLICT (estimate_id) DO UPDATE SET version = v.version + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO estimate_sections_versions AS v (estimate_id, version)
    SELECT DISTINCT c.estimate_id, 1 FROM old_rows c JOIN estimates e ON e.id = c.estimate_id ORDER BY 1
    ON CONFLICT (estimate_id) DO UPDATE SET version = v.version + 1;
  ELSE
    INSERT INTO estimate_sections_versions AS v (estimate_id, version)
    SELECT DISTINCT c.estimate_id, 1
      FROM (SELECT estimate_id FROM new_rows UNION SELECT estimate_id FROM old_rows) c JOIN estimates e ON e.id = c.estimate_id
     ORDER BY 1
    ON CONFLICT (estimate_id) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER sections_version_insert AFTER INSERT ON sections
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sections_version_bump();
CREATE TRIGGER sections_version_update AFTER UPDATE ON sections
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sections_version_bump();
CREATE TRIGGER sections_version_delete AFTER DELETE ON sections
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sections_version_bump();
CREATE TRIGGER line_items_version_insert AFTER INSERT ON line_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sections_version_bump();
CREATE TRIGGER line_items_version_update AFTER UPDATE ON line_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sections_version_bump();
CREATE TRIGGER line_items_version_delete AFTER DELETE ON line_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sections_version_bump();

CREATE FUNCTION sections_version_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE estimate_sections_versions SET version = version + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER sections_version_truncate AFTER TRUNCATE ON sections FOR EACH STATEMENT EXECUTE FUNCTION sections_version_truncate();
CREATE TRIGGER line_items_version_truncate AFTER TRUNCATE ON line_items FOR EACH STATEMENT EXECUTE FUNCTION sections_version_truncate();

INSERT INTO estimate_sections_versions (estimate_id, version)
SELECT DISTINCT estimate_id, 1 FROM sections;
