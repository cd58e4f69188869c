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
-- as the change. A project type of NULL counts under the nil UUID. The slot is the backend's:
-- concurrent sessions add to different rows (no queue on one hot row), and one session always
-- uses the same slot, so two transactions rarely share a row (a deadlock needs two).
CREATE FUNCTION estimates_count_delta() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  my_slot smallint := (pg_backend_pid() % 16)::smallint;
  nil constant uuid := '00000000-0000-0000-0000-000000000000';
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.organization_id, OLD.status, OLD.project_type_id, OLD.deleted_at IS NULL)
                         IS NOT DISTINCT FROM (NEW.organization_id, NEW.status, NEW.project_type_id, NEW.deleted_at IS NULL) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
    INSERT INTO estimate_counts AS c (organization_id, status, project_type_id, slot, n)
    VALUES (OLD.organization_id, OLD.status, coalesce(OLD.project_type_id, nil), my_slot, -1)
    ON CONFLICT (organization_id, status, project_type_id, slot) DO UPDATE SET n = c.n - 1;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.deleted_at IS NULL THEN
    INSERT INTO estimate_counts AS c (organization_id, status, project_type_id, slot, n)
    VALUES (NEW.organization_id, NEW.status, coalesce(NEW.project_type_id, nil), my_slot, 1)
    ON CONFLICT (organization_id, status, project_type_id, slot) DO UPDATE SET n = c.n + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER estimates_count_delta
  AFTER INSERT OR DELETE OR UPDATE OF organization_id, status, project_type_id, deleted_at ON estimates
  FOR EACH ROW EXECUTE FUNCTION estimates_count_delta();

CREATE FUNCTION estimates_count_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE estimate_counts;
  RETURN NULL;
END $$;

CREATE TRIGGER estimates_count_reset AFTER TRUNCATE ON estimates FOR EACH STATEMENT EXECUTE FUNCTION estimates_count_reset();

INSERT INTO estimate_counts (organization_id, status, project_type_id, slot, n)
SELECT organization_id, status, coalesce(project_type_id, '00000000-0000-0000-0000-000000000000'), 0, count(*)::int
  FROM estimates WHERE deleted_at IS NULL GROUP BY 1, 2, 3;
