-- CreateTable
CREATE TABLE "section_versions" (
    "section_id" UUID NOT NULL,
    "version" BIGINT NOT NULL,

    CONSTRAINT "section_versions_pkey" PRIMARY KEY ("section_id")
);

-- AddForeignKey
ALTER TABLE "section_versions" ADD CONSTRAINT "section_versions_section_id_fkey" FOREIGN KEY ("section_id") REFERENCES "sections"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A section's version (see the model's comment): one bump per statement for every section whose
-- row, or one of whose line items, it added, changed or deleted. A line item that moves between
-- sections bumps both. Rows only for sections that still exist (a section's delete cascades to its
-- line items; their trigger then finds no section). ORDER BY keeps the lock order fixed.
CREATE FUNCTION section_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO section_versions AS v (section_id, version)
    SELECT DISTINCT c.section_id, 1 FROM new_rows c JOIN sections s ON s.id = c.section_id ORDER BY 1
    ON CONFLICT (section_id) DO UPDATE SET version = v.version + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO section_versions AS v (section_id, version)
    SELECT DISTINCT c.section_id, 1 FROM old_rows c JOIN sections s ON s.id = c.section_id ORDER BY 1
    ON CONFLICT (section_id) DO UPDATE SET version = v.version + 1;
  ELSIF TG_TABLE_NAME = 'sections' THEN
    INSERT INTO section_versions AS v (section_id, version)
    SELECT c.id, 1 FROM new_rows c ORDER BY 1
    ON CONFLICT (section_id) DO UPDATE SET version = v.version + 1;
  ELSE
    INSERT INTO section_versions AS v (section_id, version)
    SELECT DISTINCT c.section_id, 1
      FROM (SELECT section_id FROM new_rows UNION SELECT section_id FROM old_rows) c JOIN sections s ON s.id = c.section_id
     ORDER BY 1
    ON CONFLICT (section_id) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END $$;

-- Trigger names sort after the estimate's (…_version_update before …_version_update_section):
-- PostgreSQL fires a table's triggers by name, so every writer locks the estimate's version row
-- before any section's, and two edits of one estimate cannot wait on each other in a cycle.
CREATE TRIGGER line_items_version_insert_section AFTER INSERT ON line_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION section_version_bump();
CREATE TRIGGER line_items_version_update_section AFTER UPDATE ON line_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION section_version_bump();
CREATE TRIGGER line_items_version_delete_section AFTER DELETE ON line_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION section_version_bump();
CREATE TRIGGER sections_version_update_section AFTER UPDATE ON sections
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION section_version_bump();

CREATE FUNCTION section_version_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO section_versions AS v (section_id, version)
  SELECT id, 1 FROM sections ORDER BY 1
  ON CONFLICT (section_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER line_items_version_truncate_section AFTER TRUNCATE ON line_items FOR EACH STATEMENT EXECUTE FUNCTION section_version_truncate();
