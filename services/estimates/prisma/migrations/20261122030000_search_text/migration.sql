-- List search reads a stored lower-cased copy of the searchable text instead of computing
-- lower(a || ' ' || b || ' ' || c) for every candidate row the trigram index returns.
ALTER TABLE "estimates" ADD COLUMN "search_text" TEXT GENERATED ALWAYS AS (lower("project_name" || ' ' || "client_name" || ' ' || "property_address")) STORED;
CREATE INDEX "estimates_search_text_trgm_idx" ON "estimates" USING gin ("search_text" gin_trgm_ops);
DROP INDEX "estimates_search_trgm_idx";
