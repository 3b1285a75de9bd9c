import type { Kysely } from 'kysely';

/**
 * The visitor's consent to the privacy notice, kept with the lead it came with (个人信息保护法: the agency must be
 * able to show that the person agreed before their details were stored). `privacy_consent` is 1 for a lead sent
 * through the public form, which refuses one without consent, and 0 for a lead entered in the console (no
 * visitor was asked); `consent_time` is when the visitor agreed (the submission's time), NULL without consent.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('cube_lead')
    .addColumn('privacy_consent', 'smallint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('cube_lead').addColumn('consent_time', 'timestamp').execute();
}
