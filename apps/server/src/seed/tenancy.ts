import { randomBytes } from 'node:crypto';
import { datasourceEntity, TenantCode, tenantEntity, tenantPackageEntity } from '@cube/contract';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/types.js';
import { menusByCode } from '../modules/system/tenant/provision.js';
import { now } from '../platform/dates.js';
import { newId } from '../platform/ids.js';
import { hashSecret, md5Hex } from '../platform/passwords.js';
import { createStamp, live } from '../platform/rows.js';
import { CONSOLE_ID, type InsertMissing } from './console-data.js';
import { button, type DemoAccount, entityMenus, ID, type MenuSeed, PLATFORM_TENANT } from './demo-data.js';
import { seedIds } from './ids.js';
import { ENABLED_ROW } from './rows.js';

const fixedId = seedIds('tenancy');

/**
 * Tenancy seed rows: the 租户管理 and 产品包管理 screens under 系统管理 for the platform
 * administrator only (tenant administrators never see them), and in demo mode a second tenant, 200000, limited
 * by a package so that what a package does is visible beside the unrestricted 100000.
 */
const SYSTEM_MENU = ID.menuSystem;

export const TENANCY_ID = {
  menuTenant: fixedId(100),
  menuTenantPackage: fixedId(110),
  menuDatasource: fixedId(170),
  package: fixedId(150),
  packagePatent: fixedId(163),
  tenant: fixedId(151),
  roleAdmin: fixedId(152),
  roleUser: fixedId(153),
  deptRoot: fixedId(154),
  deptRd: fixedId(155),
  deptPlatform: fixedId(156),
  deptMarket: fixedId(157),
  deptFinance: fixedId(158),
  postCeo: fixedId(160),
  postEngineer: fixedId(161),
  postSales: fixedId(162),
  userAdmin: fixedId(165),
} as const;

export const SECOND_DEMO_TENANT = '200000';

export const TENANCY_MENUS: MenuSeed[] = [
  ...entityMenus(
    tenantEntity,
    {
      menu: TENANCY_ID.menuTenant,
      add: fixedId(101),
      edit: fixedId(102),
      remove: fixedId(103),
      view: fixedId(104),
    },
    SYSTEM_MENU,
    '/system/tenant',
    'team',
    8,
  ),
  button(fixedId(105), TENANCY_ID.menuTenant, TenantCode.setting, '授权配置', 'setting', 'setting', 1, 5),
  button(
    fixedId(106),
    TENANCY_ID.menuTenant,
    TenantCode.packageSetting,
    '产品包配置',
    'package',
    'appstore',
    2,
    6,
  ),
  // No separate view button on the package screen (the entity defines none).
  ...entityMenus(
    tenantPackageEntity,
    {
      menu: TENANCY_ID.menuTenantPackage,
      add: fixedId(111),
      edit: fixedId(112),
      remove: fixedId(113),
      view: fixedId(114),
    },
    SYSTEM_MENU,
    '/system/tenantpackage',
    'appstore',
    9,
  ),
  button(
    fixedId(107),
    TENANCY_ID.menuTenant,
    TenantCode.datasource,
    '数据源配置',
    'datasource',
    'database',
    2,
    7,
  ),
  // 数据源管理 at BladeX's Saber path; the platform's own (tenants are bound to these rows).
  ...entityMenus(
    datasourceEntity,
    {
      menu: TENANCY_ID.menuDatasource,
      add: fixedId(171),
      edit: fixedId(172),
      remove: fixedId(173),
      view: fixedId(174),
    },
    SYSTEM_MENU,
    '/tool/datasource',
    'database',
    10,
  ),
];

/** The second demo tenant's administrator (README "Demo accounts"); a production start refuses while it works. */
export const TENANCY_DEMO_ACCOUNTS: DemoAccount[] = [
  {
    id: TENANCY_ID.userAdmin,
    tenantId: SECOND_DEMO_TENANT,
    account: 'admin',
    password: 'Demo@2026',
    name: '陈总',
    realName: '陈思远',
    roleId: TENANCY_ID.roleAdmin,
    deptId: TENANCY_ID.deptRoot,
    postId: TENANCY_ID.postCeo,
    email: 'chen.siyuan@huashu-cloud.cn',
    phone: '13600001111',
    sex: 1,
  },
];

/** Staff of 200000 (no documented password: they show the package's limit on data, not a sign-in). */
const STAFF: Array<Omit<DemoAccount, 'password' | 'tenantId'>> = [
  [fixedId(166), 'wangjun', '王工', '王俊', TENANCY_ID.deptPlatform, TENANCY_ID.postEngineer, 1],
  [fixedId(167), 'liuyang', '刘工', '刘洋', TENANCY_ID.deptPlatform, TENANCY_ID.postEngineer, 1],
  [fixedId(168), 'zhaomin', '赵经理', '赵敏', TENANCY_ID.deptMarket, TENANCY_ID.postSales, 2],
  [fixedId(169), 'sunli', '孙会计', '孙丽', TENANCY_ID.deptFinance, TENANCY_ID.postSales, 2],
].map(([id, account, name, realName, deptId, postId, sex], i) => ({
  id: id as string,
  account: account as string,
  name: name as string,
  realName: realName as string,
  roleId: TENANCY_ID.roleUser,
  deptId: deptId as string,
  postId: postId as string,
  email: `${account}@huashu-cloud.cn`,
  phone: `1360000${String(2222 + i * 1111).padStart(4, '0')}`,
  sex: sex as number,
}));

/** What the 200000 package offers: the desk and the tenant's own organisation screens, whichever exist. */
const PACKAGE_MENU_CODES = ['desk', 'user', 'dept', 'post', 'role'];

/**
 * The package a patent agency is sold: the standard one plus 我的事务 and 专利管理 (cases, notices, deadlines, fees,
 * deadline rules, companies; the holiday calendar stays the platform's).
 */
const PATENT_PACKAGE_MENU_CODES = [...PACKAGE_MENU_CODES, 'work', 'patent'];

export async function seedTenancy(
  db: Kysely<Database>,
  config: AppConfig,
  insertMissing: InsertMissing,
): Promise<void> {
  const stamp = now();
  await insertMissing(
    db,
    'cubeMenu',
    TENANCY_MENUS.map((m) => ({ ...m, isOpen: 1, remark: '', isDeleted: 0 })),
    ['id'],
  );
  // Only the platform administrator's role; no tenant role is ever granted these.
  await insertMissing(
    db,
    'cubeRoleMenu',
    TENANCY_MENUS.map((m) => ({ id: newId(), roleId: ID.rolePlatformAdministrator, menuId: m.id })),
    ['roleId', 'menuId'],
  );
  await insertMissing(
    db,
    'cubeTopMenuSetting',
    [TENANCY_ID.menuTenant, TENANCY_ID.menuTenantPackage, TENANCY_ID.menuDatasource].map((menuId) => ({
      id: newId(),
      topMenuId: CONSOLE_ID.topMenuPlatformSystem,
      menuId,
    })),
    ['topMenuId', 'menuId'],
  );
  if (!config.demo) return;

  const packageMenus = await menusByCode(db, PACKAGE_MENU_CODES);
  const patentPackageMenus = await menusByCode(db, PATENT_PACKAGE_MENU_CODES);
  await insertMissing(
    db,
    'cubeTenantPackage',
    [
      {
        id: TENANCY_ID.package,
        packageName: '标准版',
        menuId: packageMenus.join(','),
        remark: '工作台与组织管理（用户、部门、岗位、角色）',
        ...createStamp(null, stamp),
        ...ENABLED_ROW,
      },
      {
        id: TENANCY_ID.packagePatent,
        packageName: '专利代理版',
        menuId: patentPackageMenus.join(','),
        remark: '标准版加我的事务与专利管理（案件、通知书、期限、费用、期限规则、代理公司）',
        ...createStamp(null, stamp),
        ...ENABLED_ROW,
      },
    ],
    ['id'],
  );
  await insertMissing(
    db,
    'cubeTenant',
    [
      {
        id: TENANCY_ID.tenant,
        tenantId: SECOND_DEMO_TENANT,
        tenantName: '华数云智信息技术有限公司',
        domain: '',
        backgroundUrl: '',
        linkman: '陈思远',
        contactNumber: '0571-8765 4321',
        address: '浙江省杭州市西湖区文三路 90 号东部软件园 3 号楼',
        licenseKey: '',
        accountNumber: 50,
        expireTime: null,
        packageId: TENANCY_ID.package,
        datasourceId: null,
        ...createStamp(null, stamp),
        ...ENABLED_ROW,
      },
    ],
    ['tenantId'],
  );
  const tenantId = SECOND_DEMO_TENANT;
  // Grants are made with the roles, once: a later start must not grant what menus seeded since then add.
  const firstSeed = !(await db
    .selectFrom('cubeRole')
    .select('id')
    .where('id', '=', TENANCY_ID.roleAdmin)
    .executeTakeFirst());
  await insertMissing(
    db,
    'cubeRole',
    [
      {
        id: TENANCY_ID.roleAdmin,
        tenantId,
        parentId: '0',
        roleName: '管理员',
        roleAlias: 'admin',
        sort: 1,
        isDeleted: 0,
      },
      {
        id: TENANCY_ID.roleUser,
        tenantId,
        parentId: '0',
        roleName: '普通员工',
        roleAlias: 'user',
        sort: 2,
        isDeleted: 0,
      },
    ],
    ['id'],
  );
  const dept = (id: string, parentId: string, ancestors: string, deptName: string, sort: number) => ({
    id,
    tenantId,
    parentId,
    ancestors,
    deptCategory: parentId === '0' ? 1 : 2,
    deptName,
    fullName: parentId === '0' ? '华数云智信息技术有限公司' : deptName,
    sort,
    remark: '',
    isDeleted: 0,
  });
  const root = TENANCY_ID.deptRoot;
  await insertMissing(
    db,
    'cubeDept',
    [
      dept(root, '0', '0', '华数云智', 1),
      dept(TENANCY_ID.deptRd, root, `0,${root}`, '研发中心', 1),
      dept(TENANCY_ID.deptPlatform, TENANCY_ID.deptRd, `0,${root},${TENANCY_ID.deptRd}`, '平台研发部', 1),
      dept(TENANCY_ID.deptMarket, root, `0,${root}`, '市场部', 2),
      dept(TENANCY_ID.deptFinance, root, `0,${root}`, '财务部', 3),
    ],
    ['id'],
  );
  await insertMissing(
    db,
    'cubePost',
    [
      [TENANCY_ID.postCeo, 'ceo', '首席执行官', 1],
      [TENANCY_ID.postEngineer, 'engineer', '软件工程师', 3],
      [TENANCY_ID.postSales, 'staff', '业务专员', 3],
    ].map(([id, postCode, postName, category], i) => ({
      id,
      tenantId,
      category,
      postCode,
      postName,
      sort: i + 1,
      remark: '',
      ...createStamp(null, stamp),
      ...ENABLED_ROW,
    })),
    ['id'],
  );

  if (firstSeed) await grantDemoRoles(db, packageMenus, insertMissing);

  for (const account of TENANCY_DEMO_ACCOUNTS) await insertUser(db, account, account.password, stamp);
  // Staff accounts get a random password nobody knows: they are data for the screens, not sign-ins.
  for (const staff of STAFF)
    await insertUser(db, { ...staff, tenantId }, randomBytes(18).toString('base64url'), stamp);

  const hasDicts = await db
    .selectFrom('cubeDictBiz')
    .select('id')
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
  if (!hasDicts) {
    const template = await db
      .selectFrom('cubeDictBiz')
      .selectAll()
      .where('tenantId', '=', PLATFORM_TENANT)
      .$call(live)
      .execute();
    const ids = new Map(template.map((r) => [String(r.id), newId()]));
    for (const row of template)
      await db
        .insertInto('cubeDictBiz')
        .values({
          ...row,
          id: ids.get(String(row.id)) as string,
          tenantId,
          parentId: ids.get(String(row.parentId)) ?? '0',
        })
        .execute();
  }
}

async function insertUser(
  db: Kysely<Database>,
  account: Omit<DemoAccount, 'password'>,
  password: string,
  stamp: string,
): Promise<void> {
  const exists = await db.selectFrom('cubeUser').select('id').where('id', '=', account.id).executeTakeFirst();
  if (exists) return;
  await db
    .insertInto('cubeUser')
    .values({
      ...account,
      code: '',
      userType: 1,
      avatar: '',
      birthday: null,
      password: await hashSecret(md5Hex(password)),
      passwordMustChange: 0,
      ...createStamp(null, stamp),
      ...ENABLED_ROW,
    })
    .execute();
  await db
    .insertInto('cubeUserDept')
    .values({ id: newId(), tenantId: account.tenantId, userId: account.id, deptId: account.deptId })
    .execute();
}

/**
 * The 200000 administrator holds what the 100000 administrator holds; the package then trims it, which is what
 * the demo shows. The staff role holds the desk.
 */
async function grantDemoRoles(
  db: Kysely<Database>,
  packageMenus: readonly string[],
  insertMissing: InsertMissing,
): Promise<void> {
  const demoAdminGrants = await db
    .selectFrom('cubeRoleMenu')
    .select('menuId')
    .where('roleId', '=', ID.roleDemoAdmin)
    .execute();
  const desk = await menusByCode(db, ['desk']);
  await insertMissing(
    db,
    'cubeRoleMenu',
    [...new Set([...demoAdminGrants.map((g) => String(g.menuId)), ...packageMenus])].map((menuId) => ({
      id: newId(),
      roleId: TENANCY_ID.roleAdmin,
      menuId,
    })),
    ['roleId', 'menuId'],
  );
  await insertMissing(
    db,
    'cubeRoleMenu',
    desk.map((menuId) => ({ id: newId(), roleId: TENANCY_ID.roleUser, menuId })),
    ['roleId', 'menuId'],
  );
}
