#!/bin/sh
# Creates the application's role and database: no superuser, no BYPASSRLS, so row-level security binds it
# (docs/operations.md, decision D10). Run once against a fresh server: by the postgres image at first start
# (/docker-entrypoint-initdb.d, compose.yaml) and by the cluster harness (scripts/cluster) after its initdb.
# Environment: CUBE_DB_PASSWORD (required); POSTGRES_USER / PGHOST / PGPORT as psql reads them.
set -eu
: "${CUBE_DB_PASSWORD:?CUBE_DB_PASSWORD is required}"
psql -v ON_ERROR_STOP=1 --username "${POSTGRES_USER:-postgres}" --dbname postgres \
  -v app_password="$CUBE_DB_PASSWORD" <<'SQL'
create role cube_app login password :'app_password' nosuperuser nocreatedb nocreaterole nobypassrls;
create database cube owner cube_app;
SQL
