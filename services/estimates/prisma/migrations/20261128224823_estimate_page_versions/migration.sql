-- CreateTable
CREATE TABLE "estimate_page_versions" (
    "organization_id" TEXT NOT NULL,
    "slot" SMALLINT NOT NULL,
    "version" BIGINT NOT NULL,

    CONSTRAINT "estimate_page_versions_pkey" PRIMARY KEY ("organization_id","slot")
);

-- The page version (see the model's comment): one bump per statement and organisation whose
-- estimates or share links it added, changed or deleted, in any column (a list page shows most of
-- them). The slot is the backend's, as in estimates_count_delta, so concurrent writers do not queue
-- on one row; ORDER BY keeps the lock order fixed when one statement touches several organisations.
CREATE FUNCTION estimate_page_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  my_slot smallint := (pg_backend_pid() % 16)::smallint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO estimate_page_versions AS v (organization_id, slot, version)
    SELECT DISTINCT organization_id, my_slot, 1 FROM new_rows ORDER BY 1
    ON CONFLICT (organization_id, slot) DO UPDATE SET version = v.version + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO estimate_page_versions AS v (organization_id, slot, version)
    SELECT DISTINCT organization_id, my_slot, 1 FROM old_rows ORDER BY 1
    ON CONFLICT (organization_id, slot) DO UPDATE SET version = v.version + 1;
  ELSE
    INSERT INTO estimate_page_versions AS v (organization_id, slot, version)
    SELECT org, my_slot, 1 FROM (SELECT organization_id FROM new_rows UNION SELECT organization_id FROM old_rows) AS changed(org) ORDER BY 1
    ON CONFLICT (organization_id, slot) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END $$;

-- PostgreSQL fires triggers of one event in name order: estimates_a_… fires before
-- estimates_count_… and estimates_list_version_…, so every writer takes its page-version row
-- first (a share link's statement takes only that row) and two writers never wait on each other
-- in opposite orders.
CREATE TRIGGER estimates_a_page_version_insert AFTER INSERT ON estimates
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION estimate_page_version_bump();
CREATE TRIGGER estimates_a_page_version_update AFTER UPDATE ON estimates
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION estimate_page_version_bump();
CREATE TRIGGER estimates_a_page_version_delete AFTER DELETE ON estimates
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION estimate_page_version_bump();
CREATE TRIGGER share_links_page_version_insert AFTER INSERT ON share_links
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION estimate_page_version_bump();
CREATE TRIGGER share_links_page_version_update AFTER UPDATE ON share_links
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION estimate_page_version_bump();
CREATE TRIGGER share_links_page_version_delete AFTER DELETE ON share_links
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION estimate_page_version_bump();

-- TRUNCATE names no rows: every organisation's version moves. Every organisation with estimates
-- has a version row (the insert trigger makes one; existing ones are seeded below).
CREATE FUNCTION estimate_page_version_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE estimate_page_versions SET version = version + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER estimates_a_page_version_truncate AFTER TRUNCATE ON estimates FOR EACH STATEMENT EXECUTE FUNCTION estimate_page_version_truncate();
CREATE TRIGGER share_links_page_version_truncate AFTER TRUNCATE ON share_links FOR EACH STATEMENT EXECUTE FUNCTION estimate_page_version_truncate();

INSERT INTO estimate_page_versions (organization_id, slot, version)
SELECT DISTINCT organization_id, 0, 1 FROM estimates;
