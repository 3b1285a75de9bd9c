import {
  API_SCOPE_SETTING_CODE,
  apiScopeEntity,
  DATA_SCOPE_SETTING_CODE,
  dataScopeEntity,
  deptEntity,
  ROLE_GRANT_CODE,
  roleEntity,
} from '@cube/contract';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/types.js';
import { now } from '../platform/dates.js';
import { newId } from '../platform/ids.js';
import { hashSecret, md5Hex } from '../platform/passwords.js';
import { createStamp, live } from '../platform/rows.js';
import { CONSOLE_ID, type InsertMissing } from './console-data.js';
import {
  button,
  DEMO_POST_ID,
  DEMO_TENANT,
  type DemoAccount,
  entityMenus,
  ID,
  type MenuSeed,
  menu,
  TENANT_DEFAULT_MENU_CODES,
} from './demo-data.js';
import { seedIds } from './ids.js';
import { ENABLED_ROW } from './rows.js';

const fixedId = seedIds('authority');

/**
 * Authority seed rows, laid out as BladeX/Saber seed them: 部门管理 under 系统管理, and 权限管理 holding 角色管理
 * (platform and tenant administrators: each tenant manages its own roles), 数据权限 and 接口权限 (the platform's:
 * the rules are platform-wide rows, and a tenant's roles are given them through 角色管理's 权限设置); example data
 * and API scopes, and in demo mode the 100000 tenant's three-level organisation and working roles.
 */
const SYSTEM_MENU = ID.menuSystem;

export const AUTHORITY_ID = {
  menuAuthority: fixedId(300),
  menuRole: fixedId(310),
  roleGrant: fixedId(315),
  menuDept: fixedId(320),
  buttonDeptView: fixedId(324),
  menuDataScope: fixedId(330),
  dataScopeSetting: fixedId(331),
  menuApiScope: fixedId(340),
  apiScopeSetting: fixedId(341),
  scopeDeptAll: fixedId(350),
  scopeDeptOwn: fixedId(351),
  scopeDeptBelow: fixedId(352),
  scopeNoticeOwn: fixedId(353),
  scopeNoticeDept: fixedId(354),
  scopeNoticeCustom: fixedId(355),
  scopeUserAll: fixedId(356),
  scopeUserOwn: fixedId(357),
  scopeUserDept: fixedId(358),
  scopeUserBelow: fixedId(359),
  apiNoticeRead: fixedId(360),
  apiNoticeAll: fixedId(361),
  apiDeptRead: fixedId(362),
  roleManager: fixedId(370),
  roleAgent: fixedId(371),
  roleProcess: fixedId(372),
  deptMechanical: fixedId(380),
  deptChemical: fixedId(381),
  deptTrademarkApply: fixedId(382),
  deptTrademarkRights: fixedId(383),
  deptProcess: fixedId(384),
  deptFinance: fixedId(385),
  topMenuDemoSystem: fixedId(390),
  userManager: fixedId(391),
  userAgent: fixedId(392),
} as const;

const A = AUTHORITY_ID;

/** 角色管理's page; it was `/system/role` (under 系统管理) before, which the console still redirects here. */
export const ROLE_PATH = '/authority/role';
const OLD_ROLE_PATH = '/system/role';

/**
 * Demo accounts of the working roles (README "Demo accounts"): a department manager who sees the patent department
 * and below, and a patent attorney who sees only their own notices.
 */
export const AUTHORITY_DEMO_ACCOUNTS: DemoAccount[] = [
  {
    id: A.userManager,
    tenantId: DEMO_TENANT,
    account: 'manager',
    password: 'Manager@2026',
    name: '周经理',
    realName: '周建国',
    roleId: A.roleManager,
    deptId: ID.deptDemoPatent,
    postId: DEMO_POST_ID.pm,
    email: 'zhou.jianguo@lifang-ip.cn',
    phone: '13911112222',
    sex: 1,
  },
  {
    id: A.userAgent,
    tenantId: DEMO_TENANT,
    account: 'agent',
    password: 'Agent@2026',
    name: '王律师',
    realName: '王芳',
    roleId: A.roleAgent,
    deptId: A.deptMechanical,
    postId: DEMO_POST_ID.staff,
    email: 'wang.fang@lifang-ip.cn',
    phone: '13922223333',
    sex: 2,
  },
];

const ROLE_MENUS: MenuSeed[] = [
  ...entityMenus(
    roleEntity,
    {
      menu: A.menuRole,
      add: fixedId(311),
      edit: fixedId(312),
      remove: fixedId(313),
      view: fixedId(314),
    },
    A.menuAuthority,
    ROLE_PATH,
    'team',
    1,
  ),
  button(A.roleGrant, A.menuRole, ROLE_GRANT_CODE, '权限设置', 'grant', 'setting', 2, 5),
];

const DEPT_MENUS: MenuSeed[] = entityMenus(
  deptEntity,
  {
    menu: A.menuDept,
    add: fixedId(321),
    edit: fixedId(322),
    remove: fixedId(323),
    view: A.buttonDeptView,
  },
  SYSTEM_MENU,
  '/system/dept',
  'apartment',
  2,
);

/** 权限管理 (sort 98): platform-only pages. */
const AUTHORITY_PAGES: MenuSeed[] = [
  menu(A.menuAuthority, '0', 'authority', '/authority', 'safety-certificate', 98),
  menu(
    A.menuDataScope,
    A.menuAuthority,
    dataScopeEntity.permissions.read,
    '/authority/datascope',
    'database',
    2,
  ),
  button(
    A.dataScopeSetting,
    A.menuDataScope,
    DATA_SCOPE_SETTING_CODE,
    '权限配置',
    'setting',
    'setting',
    2,
    1,
  ),
  menu(A.menuApiScope, A.menuAuthority, apiScopeEntity.permissions.read, '/authority/apiscope', 'api', 3),
  button(A.apiScopeSetting, A.menuApiScope, API_SCOPE_SETTING_CODE, '权限配置', 'setting', 'setting', 2, 1),
];

/** The author of the platform's example rows. */
const PLATFORM_ADMIN = { userId: ID.userPlatformAdmin, deptId: ID.deptPlatform };

export const AUTHORITY_MENUS: MenuSeed[] = [...ROLE_MENUS, ...DEPT_MENUS, ...AUTHORITY_PAGES];

/**
 * An installation seeded before 角色管理 moved under 权限管理 keeps its row (the seed inserts only what is
 * missing), so this one row is moved where it still sits at its old place, and the default grants of new tenants
 * (`tenant.default.menuCode`, still an earlier default) take 权限管理 and 工作台 (消息中心, its 邮件设置) along.
 * Rows an operator changed are left alone.
 */
async function relocateRoleMenu(db: Kysely<Database>): Promise<void> {
  await db
    .updateTable('cubeMenu')
    .set({ parentId: A.menuAuthority, path: ROLE_PATH, sort: 1 })
    .where('id', '=', A.menuRole)
    .where('path', '=', OLD_ROLE_PATH)
    .where('parentId', '=', SYSTEM_MENU)
    .execute();
  await db
    .updateTable('cubeParam')
    .set({ paramValue: TENANT_DEFAULT_MENU_CODES })
    .where('paramKey', '=', 'tenant.default.menuCode')
    .where('paramValue', 'in', ['system', 'system,work,patent', 'system,authority,work,patent'])
    .execute();
}

const dataScope = (
  id: string,
  menuId: string,
  scopeName: string,
  scopeType: number,
  scopeValue = '',
  remark = '',
) => ({
  id,
  menuId,
  resourceCode: '',
  scopeName,
  scopeField: '*',
  scopeClass: '',
  scopeColumn: '',
  scopeType,
  scopeValue,
  remark,
});

const apiScope = (id: string, menuId: string, scopeName: string, scopePath: string, scopeMethod: string) => ({
  id,
  menuId,
  resourceCode: '',
  scopeName,
  scopePath,
  scopeMethod,
  scopeType: 2,
  remark: '',
});

export async function seedAuthority(
  db: Kysely<Database>,
  config: AppConfig,
  insertMissing: InsertMissing,
): Promise<void> {
  const stamp = now();
  await insertMissing(
    db,
    'cubeMenu',
    AUTHORITY_MENUS.map((m) => ({ ...m, isOpen: 1, remark: '', isDeleted: 0 })),
    ['id'],
  );
  await relocateRoleMenu(db);
  // Tenant administrators manage their own roles and departments (the scope pages stay the platform's).
  const tenantPages = [{ id: SYSTEM_MENU }, { id: A.menuAuthority }, ...ROLE_MENUS, ...DEPT_MENUS];
  await insertMissing(
    db,
    'cubeRoleMenu',
    [
      ...AUTHORITY_MENUS.map((m) => ({ roleId: ID.rolePlatformAdministrator, menuId: m.id })),
      ...(config.demo ? tenantPages.map((m) => ({ roleId: ID.roleDemoAdmin, menuId: m.id })) : []),
    ].map((g) => ({ id: newId(), ...g })),
    ['roleId', 'menuId'],
  );
  await insertMissing(
    db,
    'cubeTopMenuSetting',
    [A.menuRole, A.menuDept, A.menuDataScope, A.menuApiScope].map((menuId) => ({
      id: newId(),
      topMenuId: CONSOLE_ID.topMenuPlatformSystem,
      menuId,
    })),
    ['topMenuId', 'menuId'],
  );

  // Rules on pages whose owners may have seeded them (users) are attached only when the page exists.
  const userMenu = await db
    .selectFrom('cubeMenu')
    .select('id')
    .where('code', '=', 'user')
    .$call(live)
    .executeTakeFirst();
  const notice = CONSOLE_ID.menuNotice;
  await insertMissing(
    db,
    'cubeScopeData',
    [
      dataScope(A.scopeDeptAll, A.menuDept, '全部机构', 1),
      dataScope(A.scopeDeptOwn, A.menuDept, '本机构', 3),
      dataScope(A.scopeDeptBelow, A.menuDept, '本机构及下级机构', 4),
      dataScope(A.scopeNoticeOwn, notice, '本人发布的通知', 2),
      dataScope(A.scopeNoticeDept, notice, '本部门发布的通知', 3),
      dataScope(
        A.scopeNoticeCustom,
        notice,
        '发布与批转通知',
        5,
        JSON.stringify([{ column: 'category', operator: 'in', value: '1,2' }]),
        '自定义：通知类型为发布通知或批转通知',
      ),
      ...(userMenu
        ? [
            dataScope(A.scopeUserAll, userMenu.id, '全部用户', 1),
            dataScope(A.scopeUserOwn, userMenu.id, '仅本人', 2),
            dataScope(A.scopeUserDept, userMenu.id, '本部门用户', 3),
            dataScope(A.scopeUserBelow, userMenu.id, '本部门及下级部门用户', 4),
          ]
        : []),
    ].map((s) => ({ ...s, ...createStamp(PLATFORM_ADMIN, stamp), ...ENABLED_ROW })),
    ['id'],
  );
  await insertMissing(
    db,
    'cubeScopeApi',
    [
      apiScope(A.apiNoticeRead, notice, '通知只读接口', '/api/cube-desk/notice/**', 'GET'),
      apiScope(A.apiNoticeAll, notice, '通知全部接口', '/api/cube-desk/notice/**', ''),
      apiScope(A.apiDeptRead, A.menuDept, '部门只读接口', '/api/cube-system/dept/**', 'GET'),
    ].map((s) => ({ ...s, ...createStamp(PLATFORM_ADMIN, stamp), ...ENABLED_ROW })),
    ['id'],
  );
  if (!config.demo) return;

  // 100000's own 系统管理 header menu (another seed may have made it: found by code, made only when missing).
  let topMenu = await db
    .selectFrom('cubeTopMenu')
    .select('id')
    .where('tenantId', '=', DEMO_TENANT)
    .where('code', '=', 'system')
    .$call(live)
    .executeTakeFirst();
  if (!topMenu) {
    await db
      .insertInto('cubeTopMenu')
      .values({
        id: A.topMenuDemoSystem,
        tenantId: DEMO_TENANT,
        code: 'system',
        name: '系统管理',
        source: 'setting',
        path: '/system',
        sort: 2,
        ...createStamp(null, stamp),
        ...ENABLED_ROW,
      })
      .execute();
    topMenu = { id: A.topMenuDemoSystem };
  }
  await insertMissing(
    db,
    'cubeTopMenuSetting',
    [A.menuRole, A.menuDept].map((menuId) => ({ id: newId(), topMenuId: topMenu.id, menuId })),
    ['topMenuId', 'menuId'],
  );

  // Third level under the demo departments of demo-data.ts.
  const dept = (id: string, parentId: string, deptName: string, fullName: string, sort: number) => ({
    id,
    tenantId: DEMO_TENANT,
    parentId,
    ancestors: `0,${ID.deptDemo},${parentId}`,
    deptCategory: 3,
    deptName,
    fullName,
    sort,
    remark: '',
    isDeleted: 0,
  });
  await insertMissing(
    db,
    'cubeDept',
    [
      dept(A.deptMechanical, ID.deptDemoPatent, '机械电学组', '专利代理部机械电学组', 1),
      dept(A.deptChemical, ID.deptDemoPatent, '化学生物组', '专利代理部化学生物组', 2),
      dept(A.deptTrademarkApply, ID.deptDemoTrademark, '商标申请组', '商标事务部商标申请组', 1),
      dept(A.deptTrademarkRights, ID.deptDemoTrademark, '商标维权组', '商标事务部商标维权组', 2),
      dept(A.deptProcess, ID.deptDemoOffice, '流程管理组', '综合管理部流程管理组', 1),
      dept(A.deptFinance, ID.deptDemoOffice, '财务组', '综合管理部财务组', 2),
    ],
    ['id'],
  );

  const role = (id: string, roleName: string, roleAlias: string, sort: number) => ({
    id,
    tenantId: DEMO_TENANT,
    parentId: '0',
    roleName,
    roleAlias,
    sort,
    isDeleted: 0,
  });
  await insertMissing(
    db,
    'cubeRole',
    [
      role(A.roleManager, '部门经理', 'manager', 3),
      role(A.roleAgent, '代理人', 'agent', 4),
      role(A.roleProcess, '流程专员', 'process', 5),
    ],
    ['id'],
  );
  const deskMenus = await db
    .selectFrom('cubeMenu')
    .select(['id', 'code'])
    .where('code', 'in', ['desk', 'notice', 'notice_view', 'notify'])
    .$call(live)
    .execute();
  const desk = deskMenus.map((m) => m.id);
  const deptView = [SYSTEM_MENU, A.menuDept, A.buttonDeptView];
  const grants: Array<{ roleId: string; menuId: string }> = [
    ...[...desk, ...deptView, ...(userMenu ? [userMenu.id] : [])].map((menuId) => ({
      roleId: A.roleManager,
      menuId,
    })),
    ...desk.map((menuId) => ({ roleId: A.roleAgent, menuId })),
    ...desk.map((menuId) => ({ roleId: A.roleProcess, menuId })),
  ];
  await insertMissing(
    db,
    'cubeRoleMenu',
    grants.map((g) => ({ id: newId(), ...g })),
    ['roleId', 'menuId'],
  );
  const scopeGrants = [
    { roleId: A.roleManager, scopeId: A.scopeDeptBelow, scopeCategory: 1 },
    { roleId: A.roleManager, scopeId: A.scopeNoticeDept, scopeCategory: 1 },
    ...(userMenu ? [{ roleId: A.roleManager, scopeId: A.scopeUserBelow, scopeCategory: 1 }] : []),
    { roleId: A.roleAgent, scopeId: A.scopeNoticeOwn, scopeCategory: 1 },
    { roleId: A.roleProcess, scopeId: A.apiNoticeRead, scopeCategory: 2 },
  ];
  await insertMissing(
    db,
    'cubeRoleScope',
    scopeGrants.map((g) => ({ id: newId(), ...g })),
    ['roleId', 'scopeCategory', 'scopeId'],
  );
  for (const { password, ...account } of AUTHORITY_DEMO_ACCOUNTS) {
    const exists = await db
      .selectFrom('cubeUser')
      .select('id')
      .where('id', '=', account.id)
      .executeTakeFirst();
    if (exists) continue;
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
        ...createStamp(PLATFORM_ADMIN, stamp),
        ...ENABLED_ROW,
      })
      .execute();
  }
}
