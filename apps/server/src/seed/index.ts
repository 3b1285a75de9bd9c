import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import { withPlatformScope } from '../db/row-scope.js';
import type { Database, TableName } from '../db/types.js';
import { now } from '../platform/dates.js';
import { newId } from '../platform/ids.js';
import { hashSecret, md5Hex, verifySecret } from '../platform/passwords.js';
import { createStamp, live } from '../platform/rows.js';
import { isTenantDatabaseTable } from '../platform/tenant-databases.js';
import { AUTHORITY_DEMO_ACCOUNTS, seedAuthority } from './authority.js';
import { type InsertMissing, seedConsole } from './console-data.js';
import {
  DEMO_ACCOUNTS,
  DEMO_TENANT,
  DEPTS,
  type DemoAccount,
  DICTS,
  ID,
  MENUS,
  PARAMS,
  PLATFORM_TENANT,
  POSTS,
  ROLES,
  SITE_RESOURCES,
  TENANTS,
} from './demo-data.js';
import { seedDictionaries } from './dictionaries.js';
import { seedFlow } from './flow.js';
import { seedFlowWork } from './flow-work.js';
import { seedLeads } from './leads.js';
import { seedLogs } from './logs.js';
import { seedMenus } from './menus.js';
import { seedOnline } from './online.js';
import { seedPatent } from './patent.js';
import { seedResources } from './resources.js';
import { ENABLED_ROW } from './rows.js';
import { seedSignin } from './signin.js';
import { seedSite } from './site.js';
import { seedTenancy, TENANCY_DEMO_ACCOUNTS } from './tenancy.js';
import { seedUserMenus, seedUsers } from './users.js';

export interface SeedOutcome {
  mode: 'demo' | 'production';
  /** Set once, when a production install created its first administrator with a generated password. */
  generatedAdminPassword?: string;
}

/** Rows per statement: well under PostgreSQL's 65,535 parameters and SQLite's 32,766 for any seeded table. */
const SEED_CHUNK = 200;

const chunked = <T>(items: T[], size: number): T[][] => {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
};

/**
 * Inserts each row whose natural key is not present yet; rows already there are left exactly as they are (and of
 * rows repeating a key, the first wins). The keys present are read once per chunk, and the missing rows are
 * inserted in multi-row statements grouped by their columns: the seed runs on every start and in every test app,
 * so one round trip per row would cost seconds on PostgreSQL.
 */
async function insertMissing<T extends TableName>(
  db: Kysely<Database>,
  table: T,
  rows: Array<Record<string, unknown>>,
  key: string[],
): Promise<number> {
  const keyOf = (row: Record<string, unknown>) => JSON.stringify(key.map((k) => row[k] ?? null));
  const [first, ...rest] = key as [string, ...string[]];
  const present = new Set<string>();
  for (const chunk of chunked(rows, SEED_CHUNK)) {
    // The first key column narrows the read; the full key is compared here (composite keys are few and short).
    // biome-ignore lint/suspicious/noExplicitAny: generic over tables; each call site passes rows of its table
    const found: Array<Record<string, unknown>> = await (db.selectFrom(table) as any)
      .select([first, ...rest])
      .where(first, 'in', [...new Set(chunk.map((row) => row[first]))])
      .execute();
    for (const row of found) present.add(keyOf(row));
  }
  const missing: Array<Record<string, unknown>> = [];
  for (const row of rows) {
    const k = keyOf(row);
    if (present.has(k)) continue;
    present.add(k);
    missing.push(row);
  }
  const byColumns = new Map<string, Array<Record<string, unknown>>>();
  for (const row of missing) {
    const columns = Object.keys(row).sort().join(',');
    byColumns.set(columns, [...(byColumns.get(columns) ?? []), row]);
  }
  for (const group of byColumns.values()) {
    for (const chunk of chunked(group, SEED_CHUNK)) {
      // biome-ignore lint/suspicious/noExplicitAny: see above
      await (db.insertInto(table) as any).values(chunk).execute();
    }
  }
  return missing.length;
}

/**
 * Idempotent seed, run on every start. Demo mode: both demo tenants, their org, accounts with documented
 * passwords. Production: the platform tenant and one administrator whose password comes from
 * `CUBE_ADMIN_PASSWORD` or is generated and printed once, and must be changed at first login.
 */
/** Seeds every tenant it knows, so it runs in the platform row scope. */
export function seed(db: Kysely<Database>, config: AppConfig): Promise<SeedOutcome> {
  return withPlatformScope(() => seedAll(db, config));
}

async function seedAll(db: Kysely<Database>, config: AppConfig): Promise<SeedOutcome> {
  const mode = config.demo ? 'demo' : 'production';
  const outcome: SeedOutcome = { mode };
  const tenantIds = config.demo ? TENANTS.map((t) => t.tenantId) : [PLATFORM_TENANT];
  const inTenants = <R extends { tenantId: string }>(rows: R[]) =>
    rows.filter((r) => tenantIds.includes(r.tenantId));

  await insertMissing(
    db,
    'cubeTenant',
    inTenants(TENANTS).map((t) => ({
      ...t,
      domain: '',
      backgroundUrl: '',
      licenseKey: '',
      accountNumber: -1,
      expireTime: null,
      packageId: null,
      datasourceId: null,
      ...createStamp(null),
      ...ENABLED_ROW,
    })),
    ['tenantId'],
  );
  await insertMissing(
    db,
    'cubeSiteResource',
    Object.entries(SITE_RESOURCES).map(([resourcesCode, resourcesContent]) => ({
      id: newId(),
      tenantId: PLATFORM_TENANT,
      resourcesCode,
      resourcesContent,
    })),
    ['tenantId', 'resourcesCode'],
  );
  await ensureWebClient(db, config);
  await insertMissing(
    db,
    'cubeRole',
    inTenants(ROLES).map((r) => ({ ...r, parentId: '0', isDeleted: 0 })),
    ['id'],
  );
  await insertMissing(
    db,
    'cubeDept',
    inTenants(DEPTS).map((d) => ({
      ...d,
      deptCategory: d.parentId === '0' ? 1 : 2,
      remark: '',
      isDeleted: 0,
    })),
    ['id'],
  );
  await insertMissing(
    db,
    'cubePost',
    inTenants(POSTS).map((p) => ({ ...p, remark: '', ...createStamp(null), ...ENABLED_ROW })),
    ['id'],
  );
  await insertMissing(
    db,
    'cubeMenu',
    MENUS.map((m) => ({ ...m, isOpen: 1, remark: '', isDeleted: 0 })),
    ['id'],
  );
  // The platform administrator holds every code anyway; the grants make the menu tree answer the same way.
  await insertMissing(
    db,
    'cubeRoleMenu',
    MENUS.map((m) => ({ id: newId(), roleId: ID.rolePlatformAdministrator, menuId: m.id })),
    ['roleId', 'menuId'],
  );
  for (const [code, dict] of Object.entries(DICTS)) {
    await insertMissing(
      db,
      'cubeDict',
      [
        {
          id: newId(),
          parentId: '0',
          code,
          dictKey: '-1',
          dictValue: dict.title,
          sort: 0,
          remark: '',
          isSealed: 0,
          isDeleted: 0,
        },
      ],
      ['code', 'dictKey'],
    );
    const root = await db
      .selectFrom('cubeDict')
      .select('id')
      .where('code', '=', code)
      .where('dictKey', '=', '-1')
      .executeTakeFirstOrThrow();
    await insertMissing(
      db,
      'cubeDict',
      dict.items.map(([dictKey, dictValue], i) => ({
        id: newId(),
        parentId: root.id,
        code,
        dictKey,
        dictValue,
        sort: i + 1,
        remark: '',
        isSealed: 0,
        isDeleted: 0,
      })),
      ['code', 'dictKey'],
    );
  }
  await insertMissing(
    db,
    'cubeParam',
    PARAMS.map((p) => ({ ...p, ...createStamp(null), ...ENABLED_ROW })),
    ['paramKey'],
  );
  // A tenant bound to a datasource of its own keeps its business rows there (platform/tenant-databases.ts): the
  // seed, which runs on every start, must not put its demo rows back on the master beside them.
  const bound = new Set(
    (
      await db.selectFrom('cubeTenant').select('tenantId').where('datasourceId', 'is not', null).execute()
    ).map((r) => r.tenantId),
  );
  const seedRows: InsertMissing = (target, table, rows, key) =>
    insertMissing(
      target,
      table,
      isTenantDatabaseTable(table) ? rows.filter((r) => !bound.has(String(r.tenantId))) : rows,
      key,
    );
  await seedConsole(db, config, seedRows);
  await seedSite(db, config, seedRows);
  await seedDictionaries(db, config, seedRows);
  await seedMenus(db, config, seedRows);
  await seedLogs(db, config, seedRows);
  await seedResources(db, config, seedRows);
  await seedSignin(db, config, seedRows);

  const insertAccount = async (account: DemoAccount, password: string, mustChange: boolean) => {
    const { password: _documented, ...user } = account;
    await db
      .insertInto('cubeUser')
      .values({
        ...user,
        code: '',
        userType: 1,
        avatar: '',
        birthday: null,
        password: await hashSecret(md5Hex(password)),
        passwordMustChange: mustChange ? 1 : 0,
        ...createStamp(null),
        ...ENABLED_ROW,
      })
      .execute();
  };
  if (config.demo) {
    for (const account of DEMO_ACCOUNTS) {
      const exists = await db
        .selectFrom('cubeUser')
        .select('id')
        .where('id', '=', account.id)
        .executeTakeFirst();
      if (!exists) await insertAccount(account, account.password, false);
    }
  } else {
    const admin = await db
      .selectFrom('cubeUser')
      .select('id')
      .where('tenantId', '=', PLATFORM_TENANT)
      .where('account', '=', 'admin')
      .executeTakeFirst();
    if (!admin) {
      const password = config.adminPassword ?? randomBytes(12).toString('base64url');
      if (!config.adminPassword) outcome.generatedAdminPassword = password;
      await insertAccount(DEMO_ACCOUNTS[0]!, password, true);
    }
  }
  await seedUserMenus(db, config, seedRows);
  await seedAuthority(db, config, seedRows);
  await seedLeads(db, config, seedRows);
  await seedPatent(db, config, seedRows);
  await seedFlow(db, config, seedRows);
  // After the cases, the grants and the deployed processes it starts instances of. It runs the demo processes
  // through the flow commands on the master: not for a demo tenant whose patent and flow rows are in its own
  // database (they were moved there with it).
  if (!bound.has(DEMO_TENANT)) await seedFlowWork(db, config, seedRows);
  await seedUsers(db, config, seedRows);
  await seedOnline(db, config, seedRows);
  // Last: the 200000 demo administrator starts from every grant the seeds above gave the 100000 one.
  await seedTenancy(db, config, seedRows);
  await db
    .insertInto('cubeMeta')
    .values({ metaKey: 'seed.mode', metaValue: mode })
    .onConflict((oc) => oc.column('metaKey').doUpdateSet({ metaValue: mode }))
    .execute();
  return outcome;
}

/**
 * The web client's row follows the configuration: created on first start and re-hashed when the configured
 * secret changes, so that configuration is the single source of the secret.
 */
async function ensureWebClient(db: Kysely<Database>, config: AppConfig): Promise<void> {
  const { clientId, clientSecret } = config.webClient;
  const existing = await db
    .selectFrom('cubeClient')
    .select(['id', 'clientSecret'])
    .where('clientId', '=', clientId)
    .$call(live)
    .executeTakeFirst();
  if (existing) {
    if (!(await verifySecret(existing.clientSecret, clientSecret))) {
      await db
        .updateTable('cubeClient')
        .set({ clientSecret: await hashSecret(clientSecret), updateTime: now() })
        .where('id', '=', existing.id)
        .execute();
    }
    return;
  }
  await db
    .insertInto('cubeClient')
    .values({
      id: ID.clientWeb,
      clientId,
      clientSecret: await hashSecret(clientSecret),
      resourceIds: '',
      scope: 'all',
      authorizedGrantTypes: 'refresh_token,password,captcha',
      webServerRedirectUri: '',
      authorities: '',
      accessTokenValidity: 43_200,
      refreshTokenValidity: 604_800,
      additionalInformation: '',
      autoapprove: '',
      ...createStamp(null),
      ...ENABLED_ROW,
    })
    .execute();
}

/** Production refuses to run while a demo account still opens with its public password. */
/** Checks the demo accounts of every tenant (platform row scope). */
export function findWorkingDemoAccounts(db: Kysely<Database>): Promise<string[]> {
  return withPlatformScope(() => findWorkingDemoAccountsIn(db));
}

async function findWorkingDemoAccountsIn(db: Kysely<Database>): Promise<string[]> {
  const working: string[] = [];
  for (const account of [...DEMO_ACCOUNTS, ...TENANCY_DEMO_ACCOUNTS, ...AUTHORITY_DEMO_ACCOUNTS]) {
    const row = await db
      .selectFrom('cubeUser')
      .select('password')
      .where('tenantId', '=', account.tenantId)
      .where('account', '=', account.account)
      .$call(live)
      .executeTakeFirst();
    if (row && (await verifySecret(row.password, md5Hex(account.password))))
      working.push(`${account.tenantId}/${account.account}`);
  }
  return working;
}
