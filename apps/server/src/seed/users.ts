import { randomBytes } from 'node:crypto';
import { postEntity, USER_ACTION_CODES, userEntity } from '@cube/contract';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/types.js';
import { now } from '../platform/dates.js';
import { newId } from '../platform/ids.js';
import { hashSecret, md5Hex } from '../platform/passwords.js';
import { createStamp, live } from '../platform/rows.js';
import { CONSOLE_ID, type InsertMissing } from './console-data.js';
import { button, DEMO_POST_ID, DEMO_TENANT, entityMenus, ID, type MenuSeed } from './demo-data.js';
import { seedIds } from './ids.js';
import { ENABLED_ROW } from './rows.js';

const fixedId = seedIds('users');

/**
 * User and post administration seed rows: the 用户管理 and 岗位管理 pages under
 * 系统管理 with their buttons, granted to the platform administrator and the demo tenant's administrator; in demo
 * mode a few more posts and a dozen staff of the demo tenant, spread over its departments.
 */
const SYSTEM_MENU = ID.menuSystem;

export const USERS_ID = {
  menuUser: fixedId(200),
  menuPost: fixedId(210),
} as const;

export const USER_MENUS: MenuSeed[] = [
  ...entityMenus(
    userEntity,
    {
      menu: USERS_ID.menuUser,
      add: fixedId(201),
      edit: fixedId(202),
      remove: fixedId(203),
      view: fixedId(204),
    },
    SYSTEM_MENU,
    '/system/user',
    'user',
    1,
  ),
  button(fixedId(205), USERS_ID.menuUser, USER_ACTION_CODES.grant, '角色配置', 'role', 'team', 2, 5),
  button(fixedId(206), USERS_ID.menuUser, USER_ACTION_CODES.reset, '密码重置', 'reset', 'key', 2, 6),
  button(fixedId(207), USERS_ID.menuUser, USER_ACTION_CODES.unlock, '账号解封', 'unlock', 'unlock', 2, 7),
  button(fixedId(208), USERS_ID.menuUser, USER_ACTION_CODES.import, '导入', 'import', 'import', 1, 8),
  button(fixedId(209), USERS_ID.menuUser, USER_ACTION_CODES.export, '导出', 'export', 'export', 1, 9),
  ...entityMenus(
    postEntity,
    {
      menu: USERS_ID.menuPost,
      add: fixedId(211),
      edit: fixedId(212),
      remove: fixedId(213),
      view: fixedId(214),
    },
    SYSTEM_MENU,
    '/system/post',
    'idcard',
    3,
  ),
];

/** Posts of an IP agency beside the eight standard ones (demo tenant). */
const DEMO_POSTS = [
  { id: fixedId(220), postCode: 'dept_head', postName: '部门经理', category: 2, sort: 9 },
  { id: fixedId(221), postCode: 'patent_agent', postName: '专利代理师', category: 3, sort: 10 },
  { id: fixedId(222), postCode: 'trademark_agent', postName: '商标代理人', category: 3, sort: 11 },
  { id: fixedId(223), postCode: 'ip_consultant', postName: '知识产权顾问', category: 3, sort: 12 },
  { id: fixedId(224), postCode: 'admin_staff', postName: '行政专员', category: 3, sort: 13 },
];

/** Posts of the demo tenant, the standard ones from demo-data.ts and this screen's own. */
const POST = {
  cfo: DEMO_POST_ID.cfo,
  cto: DEMO_POST_ID.cto,
  hrm: DEMO_POST_ID.hrm,
  deptHead: DEMO_POSTS[0]!.id,
  patentAgent: DEMO_POSTS[1]!.id,
  trademarkAgent: DEMO_POSTS[2]!.id,
  consultant: DEMO_POSTS[3]!.id,
  adminStaff: DEMO_POSTS[4]!.id,
};

interface StaffSeed {
  id: string;
  account: string;
  name: string;
  realName: string;
  deptId: string;
  postId: string;
  phone: string;
  sex: 1 | 2;
  birthday: string;
  status?: number;
}

const DEMO_STAFF: StaffSeed[] = [
  [
    '230',
    'wangjianguo',
    '王经理',
    '王建国',
    ID.deptDemoPatent,
    POST.deptHead,
    '13916620231',
    1,
    '1978-03-12',
  ],
  ['231', 'chenjing', '陈律', '陈静', ID.deptDemoPatent, POST.patentAgent, '13816620232', 2, '1986-07-21'],
  ['232', 'liuyang', '刘工', '刘洋', ID.deptDemoPatent, POST.patentAgent, '13761620233', 1, '1990-11-02'],
  ['233', 'zhaolei', '赵工', '赵磊', ID.deptDemoPatent, POST.patentAgent, '13661620234', 1, '1992-05-16', 0],
  ['234', 'sunli', '孙经理', '孙丽', ID.deptDemoTrademark, POST.deptHead, '13516620235', 2, '1981-09-08'],
  [
    '235',
    'zhoumin',
    '周代理',
    '周敏',
    ID.deptDemoTrademark,
    POST.trademarkAgent,
    '18917620236',
    2,
    '1993-01-27',
  ],
  [
    '236',
    'wuhao',
    '吴代理',
    '吴昊',
    ID.deptDemoTrademark,
    POST.trademarkAgent,
    '18817620237',
    1,
    '1995-04-30',
  ],
  [
    '237',
    'zhengxue',
    '郑主管',
    '郑雪',
    ID.deptDemoOffice,
    `${POST.hrm},${POST.adminStaff}`,
    '15021620238',
    2,
    '1988-12-05',
  ],
  ['238', 'fengtao', '冯总监', '冯涛', ID.deptDemoOffice, POST.cfo, '15821620239', 1, '1979-06-18'],
  ['239', 'heyan', '何专员', '何燕', ID.deptDemoOffice, POST.adminStaff, '17721620240', 2, '1997-08-09'],
  ['240', 'xuming', '徐总', '徐明', ID.deptDemo, POST.cto, '13301620241', 1, '1975-02-14'],
  [
    '241',
    'gaofei',
    '高顾问',
    '高飞',
    `${ID.deptDemoPatent},${ID.deptDemoTrademark}`,
    POST.consultant,
    '13120620242',
    1,
    '1984-10-23',
  ],
].map(([n, account, name, realName, deptId, postId, phone, sex, birthday, status]) => ({
  id: fixedId(Number(n)),
  account: account as string,
  name: name as string,
  realName: realName as string,
  deptId: deptId as string,
  postId: postId as string,
  phone: phone as string,
  sex: sex as 1 | 2,
  birthday: `${birthday} 00:00:00`,
  ...(status === undefined ? {} : { status: status as number }),
}));

/** The pages, buttons and grants; runs before the tenancy seed, whose package is made of menus found by code. */
export async function seedUserMenus(
  db: Kysely<Database>,
  config: AppConfig,
  insertMissing: InsertMissing,
): Promise<void> {
  await insertMissing(
    db,
    'cubeMenu',
    USER_MENUS.map((m) => ({ ...m, isOpen: 1, remark: '', isDeleted: 0 })),
    ['id'],
  );
  const roles = [ID.rolePlatformAdministrator, ...(config.demo ? [ID.roleDemoAdmin] : [])];
  await insertMissing(
    db,
    'cubeRoleMenu',
    roles.flatMap((roleId) => USER_MENUS.map((m) => ({ id: newId(), roleId, menuId: m.id }))),
    ['roleId', 'menuId'],
  );
  // The sidebar of a 系统管理 top menu shows the pages: the platform's, and a tenant's own if one exists.
  const topMenus = await db
    .selectFrom('cubeTopMenu')
    .select('id')
    .where('code', '=', 'system')
    .$call(live)
    .where('tenantId', 'in', config.demo ? ['000000', DEMO_TENANT] : ['000000'])
    .execute();
  const topMenuIds = new Set([CONSOLE_ID.topMenuPlatformSystem, ...topMenus.map((t) => t.id)]);
  await insertMissing(
    db,
    'cubeTopMenuSetting',
    [...topMenuIds].flatMap((topMenuId) =>
      USER_MENUS.filter((m) => m.category === 1).map((m) => ({ id: newId(), topMenuId, menuId: m.id })),
    ),
    ['topMenuId', 'menuId'],
  );
}

/**
 * Demo posts and staff, then `cube_user_dept` rows for every account that has none yet (accounts other seeds
 * insert straight into `cube_user`); runs after every seed that creates accounts.
 */
export async function seedUsers(
  db: Kysely<Database>,
  config: AppConfig,
  insertMissing: InsertMissing,
): Promise<void> {
  const stamp = now();
  const stamped = createStamp(null, stamp);
  if (config.demo) {
    await insertMissing(
      db,
      'cubePost',
      DEMO_POSTS.map((p) => ({ ...p, tenantId: DEMO_TENANT, remark: '', ...stamped, ...ENABLED_ROW })),
      ['id'],
    );
    const existing = new Set(
      (
        await db
          .selectFrom('cubeUser')
          .select('id')
          .where(
            'id',
            'in',
            DEMO_STAFF.map((s) => s.id),
          )
          .execute()
      ).map((u) => u.id),
    );
    const missing = DEMO_STAFF.filter((s) => !existing.has(s.id));
    if (missing.length > 0) {
      // Nobody signs in as these; a random password (hashed once) keeps them closed until an admin resets one.
      const password = await hashSecret(md5Hex(randomBytes(18).toString('base64url')));
      await insertMissing(
        db,
        'cubeUser',
        missing.map((s) => ({
          ...s,
          tenantId: DEMO_TENANT,
          code: `LF${s.id.slice(-3)}`,
          userType: 1,
          avatar: '',
          email: `${s.account}@lifang-ip.cn`,
          roleId: ID.roleDemoUser,
          password,
          passwordMustChange: 1,
          ...stamped,
          status: s.status ?? 1,
          isDeleted: 0,
        })),
        ['id'],
      );
    }
  }
  await backfillUserDepts(db);
}

/** `cube_user_dept` rows of live accounts that have none (seeded or inserted outside the user screens). */
async function backfillUserDepts(db: Kysely<Database>): Promise<void> {
  const users = await db
    .selectFrom('cubeUser')
    .select(['id', 'tenantId', 'deptId'])
    .$call(live)
    .where('deptId', '<>', '')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('cubeUserDept as ud').select('ud.id').whereRef('ud.userId', '=', 'cubeUser.id'))),
    )
    .execute();
  const rows = users.flatMap((u) =>
    [
      ...new Set(
        u.deptId
          .split(',')
          .map((s) => s.trim())
          .filter((s) => /^[1-9]\d{0,18}$/.test(s)),
      ),
    ].map((deptId) => ({ id: newId(), tenantId: u.tenantId, userId: u.id, deptId })),
  );
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('cubeUserDept')
      .values(rows.slice(i, i + 500))
      .execute();
}
