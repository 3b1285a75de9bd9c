import {
  CLIENT_RESET_SECRET_CODE,
  clientEntity,
  DICT_ROOT_KEY,
  dictBizEntity,
  dictEntity,
} from '@cube/contract';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/types.js';
import { now } from '../platform/dates.js';
import { newId } from '../platform/ids.js';
import { createStamp, live } from '../platform/rows.js';
import { CONSOLE_ID, type InsertMissing } from './console-data.js';
import { button, DEMO_TENANT, entityMenus, ID, type MenuSeed, PLATFORM_TENANT } from './demo-data.js';
import { seedIds } from './ids.js';
import { ENABLED_ROW } from './rows.js';

const fixedId = seedIds('dictionaries');

/** The 系统管理 branch of the console menu. */
const SYSTEM_MENU = ID.menuSystem;

/** Fixed ids of the dictionary and client rows. */
export const DICTIONARIES_ID = {
  menuDict: fixedId(500),
  menuDictBiz: fixedId(510),
  menuClient: fixedId(520),
  clientResetSecret: fixedId(525),
  /** The demo tenant's 系统管理 top menu, when no other seed has made it yet (others find it by its code). */
  topMenuDemoSystem: fixedId(590),
} as const;

/** 系统字典: platform-wide rows, so only the platform administrator gets this page. */
const DICT_MENUS: MenuSeed[] = entityMenus(
  dictEntity,
  {
    menu: DICTIONARIES_ID.menuDict,
    add: fixedId(501),
    edit: fixedId(502),
    remove: fixedId(503),
    view: fixedId(504),
  },
  SYSTEM_MENU,
  '/system/dict',
  'book',
  4,
);

/** 业务字典: each tenant's own dictionaries, so tenant administrators get it too (BladeX `tenant.default.menuCode`). */
const DICT_BIZ_MENUS: MenuSeed[] = entityMenus(
  dictBizEntity,
  {
    menu: DICTIONARIES_ID.menuDictBiz,
    add: fixedId(511),
    edit: fixedId(512),
    remove: fixedId(513),
    view: fixedId(514),
  },
  SYSTEM_MENU,
  '/system/dictbiz',
  'read',
  5,
);

/** 应用管理: the OAuth clients, platform-wide. */
const CLIENT_MENUS: MenuSeed[] = [
  ...entityMenus(
    clientEntity,
    {
      menu: DICTIONARIES_ID.menuClient,
      add: fixedId(521),
      edit: fixedId(522),
      remove: fixedId(523),
      view: fixedId(524),
    },
    SYSTEM_MENU,
    '/system/client',
    'api',
    10,
  ),
  button(
    DICTIONARIES_ID.clientResetSecret,
    DICTIONARIES_ID.menuClient,
    CLIENT_RESET_SECRET_CODE,
    '重置密钥',
    'secret',
    'key',
    2,
    5,
  ),
];

export const DICTIONARY_MENUS: MenuSeed[] = [...DICT_MENUS, ...DICT_BIZ_MENUS, ...CLIENT_MENUS];

/**
 * The `flow` business dictionary (one row per built-in process): process definitions are
 * stamped `flow_<dictKey>`, and the console routes a row of that category to `/work/process/<remark>/…`.
 */
const FLOW_DICT = {
  code: 'flow',
  title: '流程类型',
  items: [
    ['1', '发明专利全流程', 'invention'],
    ['2', '实用新型和外观设计专利全流程', 'utility-design'],
    ['3', '专利申请审批流程', 'approval'],
  ],
} as const;

/**
 * Dictionary and client administration: the pages and buttons, granted to the platform administrator (all) and
 * the demo tenant's administrator (business dictionaries), linked to the platform's 系统管理 top menu; and the
 * `flow` business dictionary of every seeded tenant.
 */
export async function seedDictionaries(
  db: Kysely<Database>,
  config: AppConfig,
  insertMissing: InsertMissing,
): Promise<void> {
  await insertMissing(
    db,
    'cubeMenu',
    DICTIONARY_MENUS.map((m) => ({ ...m, isOpen: 1, remark: '', isDeleted: 0 })),
    ['id'],
  );
  const grants = [
    ...DICTIONARY_MENUS.map((m) => ({ roleId: ID.rolePlatformAdministrator, menuId: m.id })),
    ...(config.demo
      ? [SYSTEM_MENU, ...DICT_BIZ_MENUS.map((m) => m.id)].map((menuId) => ({
          roleId: ID.roleDemoAdmin,
          menuId,
        }))
      : []),
  ];
  await insertMissing(
    db,
    'cubeRoleMenu',
    grants.map((g) => ({ id: newId(), ...g })),
    ['roleId', 'menuId'],
  );
  const pages = DICTIONARY_MENUS.filter((m) => m.category === 1);
  await insertMissing(
    db,
    'cubeTopMenuSetting',
    pages.map((m) => ({ id: newId(), topMenuId: CONSOLE_ID.topMenuPlatformSystem, menuId: m.id })),
    ['topMenuId', 'menuId'],
  );

  if (config.demo) await linkDemoSystemTopMenu(db, insertMissing);

  for (const tenantId of config.demo ? [PLATFORM_TENANT, DEMO_TENANT] : [PLATFORM_TENANT]) {
    await insertMissing(
      db,
      'cubeDictBiz',
      [
        {
          id: newId(),
          tenantId,
          parentId: '0',
          code: FLOW_DICT.code,
          dictKey: DICT_ROOT_KEY,
          dictValue: FLOW_DICT.title,
          sort: 1,
          remark: '',
          isSealed: 0,
          isDeleted: 0,
        },
      ],
      ['tenantId', 'code', 'dictKey'],
    );
    const root = await db
      .selectFrom('cubeDictBiz')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('code', '=', FLOW_DICT.code)
      .where('dictKey', '=', DICT_ROOT_KEY)
      .$call(live)
      .executeTakeFirstOrThrow();
    await insertMissing(
      db,
      'cubeDictBiz',
      FLOW_DICT.items.map(([dictKey, dictValue, remark], i) => ({
        id: newId(),
        tenantId,
        parentId: root.id,
        code: FLOW_DICT.code,
        dictKey,
        dictValue,
        sort: i + 1,
        remark,
        isSealed: 0,
        isDeleted: 0,
      })),
      ['tenantId', 'code', 'dictKey'],
    );
  }
}

/** 业务字典 in the demo tenant's 系统管理 top menu (found by its code, made if missing), so its header shows it. */
async function linkDemoSystemTopMenu(db: Kysely<Database>, insertMissing: InsertMissing): Promise<void> {
  let topMenu = await db
    .selectFrom('cubeTopMenu')
    .select('id')
    .where('tenantId', '=', DEMO_TENANT)
    .where('code', '=', 'system')
    .$call(live)
    .executeTakeFirst();
  if (!topMenu) {
    const stamp = now();
    await db
      .insertInto('cubeTopMenu')
      .values({
        id: DICTIONARIES_ID.topMenuDemoSystem,
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
    topMenu = { id: DICTIONARIES_ID.topMenuDemoSystem };
  }
  await insertMissing(
    db,
    'cubeTopMenuSetting',
    [{ id: newId(), topMenuId: topMenu.id, menuId: DICTIONARIES_ID.menuDictBiz }],
    ['topMenuId', 'menuId'],
  );
}
