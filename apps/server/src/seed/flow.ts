import { FLOW_MENU_PATHS, FLOW_PERMISSIONS as P } from '@cube/contract';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/types.js';
import { parseModel } from '../modules/flow/bpmn.js';
import { builtinProcesses, xmlHash } from '../modules/flow/builtin.js';
import { deployParsed } from '../modules/flow/definitions.service.js';
import { now } from '../platform/dates.js';
import { newId } from '../platform/ids.js';
import { createStamp, live } from '../platform/rows.js';
import { AUTHORITY_ID } from './authority.js';
import { CONSOLE_ID, type InsertMissing } from './console-data.js';
import { button, DEMO_TENANT, ID, type MenuSeed, menu, PLATFORM_TENANT } from './demo-data.js';
import { seedIds } from './ids.js';
import { ENABLED_ROW } from './rows.js';

const fixedId = seedIds('flow');

/**
 * The workflow: 我的事务 (/work/*) for every working role and 流程管理
 * (/flow/*) for administrators, shown under each tenant's 工作台 top menu; the three shipped processes as built-in
 * models of the platform (and, in demo mode, of the demo tenant, whose administrator may edit and deploy their
 * own version) and as common definitions `flow_1..3`. A shipped file that changed since it was seeded updates a
 * model nobody edited and deploys it as a new common version; an edited model is left alone (restore-builtin).
 */
export const FLOW_ID = {
  menuWork: fixedId(1200),
  menuStart: fixedId(1201),
  menuClaim: fixedId(1205),
  menuTodo: fixedId(1210),
  menuSend: fixedId(1215),
  menuDone: fixedId(1220),
  menuFlow: fixedId(1230),
  menuModel: fixedId(1231),
  menuDeploy: fixedId(1240),
  menuManager: fixedId(1245),
  menuFollow: fixedId(1250),
} as const;

/** Built-in model rows: the platform's (deployed as common) and the demo tenant's own copies. */
const MODEL_IDS: Record<string, { platform: string; demo: string }> = {
  patent_invention: { platform: fixedId(1260), demo: fixedId(1263) },
  patent_utility_design: { platform: fixedId(1261), demo: fixedId(1264) },
  patent_approval: { platform: fixedId(1262), demo: fixedId(1265) },
};

const F = FLOW_ID;
const id = (n: number) => fixedId(1200 + n);

export const WORK_MENUS: MenuSeed[] = [
  menu(F.menuWork, '0', P.work, FLOW_MENU_PATHS.work, 'solution', 6),
  menu(F.menuStart, F.menuWork, P.start, FLOW_MENU_PATHS.start, 'form', 1),
  button(id(2), F.menuStart, P.startFlow, '发起', 'add', 'plus', 1, 1),
  button(id(3), F.menuStart, P.startImage, '流程图', 'view', 'partition', 2, 2),
  menu(F.menuClaim, F.menuWork, P.claim, FLOW_MENU_PATHS.claim, 'audit', 2),
  button(id(6), F.menuClaim, P.claimSign, '签收', 'edit', 'edit', 2, 1),
  button(id(7), F.menuClaim, P.claimDetail, '详情', 'view', 'file-text', 2, 2),
  button(id(8), F.menuClaim, P.claimFollow, '流程图', 'view', 'partition', 2, 3),
  menu(F.menuTodo, F.menuWork, P.todo, FLOW_MENU_PATHS.todo, 'profile', 3),
  button(id(11), F.menuTodo, P.todoHandle, '办理', 'edit', 'edit', 2, 1),
  button(id(12), F.menuTodo, P.todoDetail, '详情', 'view', 'file-text', 2, 2),
  button(id(13), F.menuTodo, P.todoFollow, '流程图', 'view', 'partition', 2, 3),
  menu(F.menuSend, F.menuWork, P.send, FLOW_MENU_PATHS.send, 'mail', 4),
  button(id(16), F.menuSend, P.sendDetail, '详情', 'view', 'file-text', 2, 1),
  button(id(17), F.menuSend, P.sendFollow, '流程图', 'view', 'partition', 2, 2),
  menu(F.menuDone, F.menuWork, P.done, FLOW_MENU_PATHS.done, 'file-done', 5),
  button(id(21), F.menuDone, P.doneDetail, '详情', 'view', 'file-text', 2, 1),
  button(id(22), F.menuDone, P.doneFollow, '流程图', 'view', 'partition', 2, 2),
];

export const FLOW_ADMIN_MENUS: MenuSeed[] = [
  menu(F.menuFlow, '0', P.flow, FLOW_MENU_PATHS.flow, 'deployment-unit', 7),
  menu(F.menuModel, F.menuFlow, P.model, FLOW_MENU_PATHS.model, 'partition', 1),
  button(id(32), F.menuModel, P.modelCreate, '新增', 'add', 'plus', 1, 1),
  button(id(33), F.menuModel, P.modelUpdate, '设计', 'edit', 'edit', 2, 2),
  button(id(34), F.menuModel, P.modelDelete, '删除', 'delete', 'delete', 3, 3),
  button(id(35), F.menuModel, P.modelView, '查看', 'view', 'file-text', 2, 4),
  button(id(36), F.menuModel, P.modelDeploy, '部署', 'deploy', 'cloud', 2, 5),
  button(id(37), F.menuModel, P.modelDownload, '下载', 'download', 'link', 2, 6),
  button(id(38), F.menuModel, P.modelRestore, '恢复内置', 'restore', 'tool', 2, 7),
  menu(F.menuDeploy, F.menuFlow, P.deploy, FLOW_MENU_PATHS.deploy, 'cloud', 2),
  menu(F.menuManager, F.menuFlow, P.manager, FLOW_MENU_PATHS.manager, 'appstore', 3),
  button(id(46), F.menuManager, P.managerState, '变更状态', 'edit', 'edit', 2, 1),
  button(id(47), F.menuManager, P.managerImage, '流程图', 'view', 'partition', 2, 2),
  button(id(48), F.menuManager, P.managerRemove, '删除', 'delete', 'delete', 3, 3),
  menu(F.menuFollow, F.menuFlow, P.follow, FLOW_MENU_PATHS.follow, 'node-index', 4),
  button(id(51), F.menuFollow, P.followDelete, '终止', 'delete', 'delete', 3, 1),
];

export const FLOW_MENUS: MenuSeed[] = [...WORK_MENUS, ...FLOW_ADMIN_MENUS];

export async function seedFlow(
  db: Kysely<Database>,
  config: AppConfig,
  insertMissing: InsertMissing,
): Promise<void> {
  await insertMissing(
    db,
    'cubeMenu',
    FLOW_MENUS.map((m) => ({ ...m, isOpen: 1, remark: '', isDeleted: 0 })),
    ['id'],
  );
  const all = FLOW_MENUS.map((m) => m.id);
  const work = WORK_MENUS.map((m) => m.id);
  const workingRoles = [
    ID.roleDemoUser,
    AUTHORITY_ID.roleManager,
    AUTHORITY_ID.roleAgent,
    AUTHORITY_ID.roleProcess,
  ];
  await insertMissing(
    db,
    'cubeRoleMenu',
    [
      ...all.map((menuId) => ({ id: newId(), roleId: ID.rolePlatformAdministrator, menuId })),
      ...(config.demo
        ? [
            ...all.map((menuId) => ({ id: newId(), roleId: ID.roleDemoAdmin, menuId })),
            ...workingRoles.flatMap((roleId) => work.map((menuId) => ({ id: newId(), roleId, menuId }))),
          ]
        : []),
    ],
    ['roleId', 'menuId'],
  );
  const pages = FLOW_MENUS.filter((m) => m.category === 1).map((m) => m.id);
  await insertMissing(
    db,
    'cubeTopMenuSetting',
    [
      ...pages.map((menuId) => ({ id: newId(), topMenuId: CONSOLE_ID.topMenuPlatformDesk, menuId })),
      ...(config.demo
        ? pages.map((menuId) => ({ id: newId(), topMenuId: CONSOLE_ID.topMenuDemoDesk, menuId }))
        : []),
    ],
    ['topMenuId', 'menuId'],
  );
  await seedBuiltins(db, config, insertMissing);
}

async function seedBuiltins(
  db: Kysely<Database>,
  config: AppConfig,
  insertMissing: InsertMissing,
): Promise<void> {
  const tenants = config.demo ? [PLATFORM_TENANT, DEMO_TENANT] : [PLATFORM_TENANT];
  for (const shipped of builtinProcesses()) {
    const ids = MODEL_IDS[shipped.key];
    if (!ids) continue;
    const parsed = await parseModel(shipped.xml, shipped.key);
    if (!parsed.meta)
      throw new Error(
        `built-in process ${shipped.key} does not validate: ${JSON.stringify(parsed.validation.errors)}`,
      );
    await insertMissing(
      db,
      'flowModel',
      tenants.map((tenantId) => ({
        id: tenantId === PLATFORM_TENANT ? ids.platform : ids.demo,
        tenantId,
        modelKey: shipped.key,
        name: shipped.name,
        description: '内置流程，可在设计器中修改后重新部署；“恢复内置”可还原为出厂版本',
        category: shipped.category,
        modelEditorXml: shipped.xml,
        version: 1,
        builtinKey: shipped.key,
        builtinHash: shipped.hash,
        ...createStamp(null),
        ...ENABLED_ROW,
      })),
      ['id'],
    );
    // A newer shipped file replaces the platform model when nobody edited it, and becomes a new common version.
    const platformModel = await db
      .selectFrom('flowModel')
      .select(['id', 'modelEditorXml', 'builtinHash', 'version'])
      .where('id', '=', ids.platform)
      .$call(live)
      .executeTakeFirst();
    let upgraded = false;
    if (
      platformModel &&
      platformModel.builtinHash !== shipped.hash &&
      xmlHash(platformModel.modelEditorXml) === platformModel.builtinHash
    ) {
      await db
        .updateTable('flowModel')
        .set({
          modelEditorXml: shipped.xml,
          builtinHash: shipped.hash,
          version: platformModel.version + 1,
          updateTime: now(),
        })
        .where('id', '=', ids.platform)
        .execute();
      upgraded = true;
    }
    const common = await db
      .selectFrom('flowDefinition')
      .select('id')
      .where('tenantId', '=', '')
      .where('processKey', '=', shipped.key)
      .executeTakeFirst();
    if (!common || upgraded)
      await deployParsed(
        db,
        null,
        null,
        [''],
        {
          xml: shipped.xml,
          expectedKey: shipped.key,
          category: shipped.category,
          tenantIds: '',
          modelId: ids.platform,
          source: 'builtin',
          name: shipped.name,
        },
        parsed.meta,
      );
  }
}
