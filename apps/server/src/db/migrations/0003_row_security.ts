import type { Kysely } from 'kysely';
import { enableTenantRowSecurity } from '../row-security.js';

/**
 * PostgreSQL row-level security on every tenant-owned table of 0001 and 0002 (no-op on SQLite). Frozen: a later
 * migration that adds a tenant-owned table calls `enableTenantRowSecurity` itself, and a test fails otherwise.
 */
const TENANT_TABLES = [
  'cube_tenant',
  'cube_site_resource',
  'cube_user',
  'cube_role',
  'cube_dept',
  'cube_post',
  'cube_top_menu',
  'cube_dict_biz',
  'cube_auth_session',
  'cube_notice',
  'cube_log_error',
];

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TENANT_TABLES) await enableTenantRowSecurity(db, table);
}
