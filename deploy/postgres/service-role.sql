-- One service's own PostgreSQL role: it owns its schema and can use no other. Run once per
-- service, as an administrator, on the product's database (deploy/README.md, "Prerequisites"):
--
--   psql "$ADMIN_DATABASE_URL" -v service=estimates -v password="$(openssl rand -hex 32)" -f deploy/postgres/service-role.sql
--
-- The service's DATABASE_URL is then postgresql://estimates:<password>@<host>:5432/<database>.
-- Running it again changes the password and leaves everything else as it is.
\set ON_ERROR_STOP on

SELECT format('CREATE ROLE %I LOGIN', :'service') WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'service') \gexec
SELECT format('ALTER ROLE %I WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD %L', :'service', :'password') \gexec

-- The schema is the service's (schema name = service name, as each main.ts says) and only its.
SELECT format('CREATE SCHEMA IF NOT EXISTS %I AUTHORIZATION %I', :'service', :'service') \gexec
SELECT format('ALTER SCHEMA %I OWNER TO %I', :'service', :'service') \gexec
SELECT format('REVOKE ALL ON SCHEMA %I FROM PUBLIC', :'service') \gexec

-- Start-up runs CREATE SCHEMA IF NOT EXISTS, which PostgreSQL checks against CREATE on the
-- database even when the schema exists; CONNECT to sign in. Nobody writes to public.
SELECT format('GRANT CONNECT, CREATE ON DATABASE %I TO %I', current_database(), :'service') \gexec
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
