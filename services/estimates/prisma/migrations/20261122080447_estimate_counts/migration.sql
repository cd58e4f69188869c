-- CreateTable
CREATE TABLE "estimate_counts" (
    "organization_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "project_type_id" UUID NOT NULL,
    "slot" SMALLINT NOT NULL,
    "n" INTEGER NOT NULL,

    CONSTRAINT "estimate_counts_pkey" PRIMARY KEY ("organization_id","status","project_type_id","slot")
);

-- Keeps estimate_counts in step with the live (not deleted) estimates, in the same transaction
-- as the change. Statement-level with transition tables: a statement adds one delta per
-- (organisation, status, type) it changed, so a bulk write costs a handful of upserts, and an
-- update that leaves those columns alone nets to zero and writes nothing. A project type of
-- NULL counts under the nil UUID. The slot is the backend's: concurrent sessions add to
-- different rows (no queue on one hot row), and one session always uses the same slot.
CREATE FUNCTION estimates_count_delta() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  my_slot smallint := (pg_backend_pid() % 16)::smallint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO estimate_counts AS c (organization_id, status, project_type_id, slot, n)
    SELECT organization_id, status, coalesce(project_type_id, '00000000-0000-0000-0000-000000000000'), my_slot, count(*)::int
      FROM new_rows WHERE deleted_at IS NULL GROUP BY 1, 2, 3
    ON CONFLICT (organization_id, status, project_type_id, slot) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO estimate_counts AS c (organization_id, status, project_type_id, slot, n)
    SELECT organization_id, status, coalesce(project_type_id, '00000000-0000-0000-0000-000000000000'), my_slot, -count(*)::int
      FROM old_rows WHERE deleted_at IS NULL GROUP BY 1, 2, 3
    ON CONFLICT (organization_id, status, project_type_id, slot) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO estimate_counts AS c (organization_id, status, project_type_id, slot, n)
    SELECT organization_id, status, coalesce(project_type_id, '00000000-0000-0000-0000-000000000000'), my_slot, sum(delta)::int
      FROM (SELECT organization_id, status, project_type_id, 1 AS delta FROM new_rows WHERE deleted_at IS NULL
            UNION ALL
            SELECT organization_id, status, project_type_id, -1 FROM old_rows WHERE deleted_at IS NULL) d
     GROUP BY 1, 2, 3 HAVING sum(delta) <> 0
    ON CONFLICT (organization_id, status, project_type_id, slot) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER estimates_count_insert AFTER INSERT ON estimates
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION estimates_count_delta();
CREATE TRIGGER estimates_count_update AFTER UPDATE ON estimates
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION estimates_count_delta();
CREATE TRIGGER estimates_count_delete AFTER DELETE ON estimates
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION estimates_count_delta();

CREATE FUNCTION estimates_count_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE estimate_counts;
  RETURN NULL;
END $$;

CREATE TRIGGER estimates_count_reset AFTER TRUNCATE ON estimates FOR EACH STATEMENT EXECUTE FUNCTION estimates_count_reset();

INSERT INTO estimate_counts (organization_id, status, project_type_id, slot, n)
SELECT organization_id, status, coalesce(project_type_id, '00000000-0000-0000-0000-000000000000'), 0, count(*)::int
  FROM estimates WHERE deleted_at IS NULL GROUP BY 1, 2, 3;
