import { NOTIFICATION_SMTP_PERMISSION, noticeEntity } from '@cube/contract';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import type { Database, TableName } from '../db/types.js';
import { formatDateTime, now } from '../platform/dates.js';
import { newId } from '../platform/ids.js';
import { createStamp } from '../platform/rows.js';
import {
  button,
  DEMO_TENANT,
  entityMenus,
  ID,
  MENUS,
  type MenuSeed,
  menu,
  PLATFORM_TENANT,
} from './demo-data.js';
import { seedIds } from './ids.js';
import { ENABLED_ROW } from './rows.js';

const firstId = { menu: seedIds('menu'), notice: seedIds('notice'), topMenu: seedIds('topMenu') };

/**
 * Seed rows of the console shell: the desk (notices) and monitor (error log) menus, the top
 * menus of both tenants, and demo notices. Same rules as demo-data: fixed ids, inserted only when missing.
 */
export const CONSOLE_ID = {
  menuDesk: firstId.menu(220),
  menuNotice: firstId.menu(221),
  menuNotify: firstId.menu(226),
  buttonNotifySmtp: firstId.menu(227),
  menuMonitor: firstId.menu(230),
  menuLog: firstId.menu(231),
  menuLogError: firstId.menu(232),
  buttonLogErrorView: firstId.menu(233),
  topMenuPlatformDesk: firstId.topMenu(201),
  topMenuPlatformSystem: firstId.topMenu(202),
  topMenuDemoDesk: firstId.topMenu(211),
} as const;

const DESK_MENUS: MenuSeed[] = [
  menu(CONSOLE_ID.menuDesk, '0', 'desk', '/desk', 'dashboard', 1),
  ...entityMenus(
    noticeEntity,
    {
      menu: CONSOLE_ID.menuNotice,
      add: firstId.menu(222),
      edit: firstId.menu(223),
      remove: firstId.menu(224),
      view: firstId.menu(225),
    },
    CONSOLE_ID.menuDesk,
    '/desk/notice',
    'notification',
    1,
  ),
  // 消息中心: every user's own notifications (its API is open to any signed-in user).
  menu(CONSOLE_ID.menuNotify, CONSOLE_ID.menuDesk, 'notify', '/desk/notify', 'message', 2),
  // 邮件设置 (and its 发送测试邮件): the tenant's mail server, the administrator's only (modules/notify).
  button(
    CONSOLE_ID.buttonNotifySmtp,
    CONSOLE_ID.menuNotify,
    NOTIFICATION_SMTP_PERMISSION,
    '邮件设置',
    'setting',
    'setting',
    2,
    1,
  ),
];

const MONITOR_MENUS: MenuSeed[] = [
  menu(CONSOLE_ID.menuMonitor, '0', 'monitor', '/monitor', 'fund', 3),
  menu(CONSOLE_ID.menuLog, CONSOLE_ID.menuMonitor, 'log', '/monitor/log', 'file-search', 3),
  menu(CONSOLE_ID.menuLogError, CONSOLE_ID.menuLog, 'log_error', '/monitor/log/error', 'bug', 3),
  button(
    CONSOLE_ID.buttonLogErrorView,
    CONSOLE_ID.menuLogError,
    'log_error_view',
    '查看',
    'view',
    'file-text',
    2,
    1,
  ),
];

export const CONSOLE_MENUS: MenuSeed[] = [...DESK_MENUS, ...MONITOR_MENUS];

const pageMenuIds = (rows: MenuSeed[]) => rows.filter((m) => m.category === 1).map((m) => m.id);

/** Top menus and the menus each one shows in the sidebar. */
const TOP_MENUS = [
  {
    id: CONSOLE_ID.topMenuPlatformDesk,
    tenantId: PLATFORM_TENANT,
    code: 'desk',
    name: '工作台',
    source: 'dashboard',
    path: '/desk',
    sort: 1,
    menuIds: pageMenuIds(DESK_MENUS),
  },
  {
    id: CONSOLE_ID.topMenuPlatformSystem,
    tenantId: PLATFORM_TENANT,
    code: 'system',
    name: '系统管理',
    source: 'setting',
    path: '/system',
    sort: 2,
    menuIds: [...pageMenuIds(MENUS), ...pageMenuIds(MONITOR_MENUS)],
  },
  {
    id: CONSOLE_ID.topMenuDemoDesk,
    tenantId: DEMO_TENANT,
    code: 'desk',
    name: '工作台',
    source: 'dashboard',
    path: '/desk',
    sort: 1,
    menuIds: pageMenuIds(DESK_MENUS),
  },
];

interface NoticeSeed {
  id: string;
  tenantId: string;
  title: string;
  /** Key of the `notice` dictionary: 1 发布通知 … 6 事务通知. */
  category: number;
  /** Released this many days before the first seed, at 09:00, so that every seeded notice is published. */
  daysAgo: number;
  content: string;
  author: { userId: string; deptId: string };
}

const demoAdmin = { userId: ID.userDemoAdmin, deptId: ID.deptDemo };
const platformAdmin = { userId: ID.userPlatformAdmin, deptId: ID.deptPlatform };

export const NOTICES: NoticeSeed[] = [
  {
    id: firstId.notice(201),
    tenantId: DEMO_TENANT,
    title: '关于开展专利申请文件质量专项检查的通知',
    category: 1,
    daysAgo: 2,
    content:
      '各部门：为进一步提升专利申请文件撰写质量，减少审查意见答复轮次，公司决定本月开展专利申请文件质量专项检查。请专利代理部各代理师于本周五前完成近三个月已提交案件的自查，并将自查表报送综合管理部。',
    author: demoAdmin,
  },
  {
    id: firstId.notice(202),
    tenantId: DEMO_TENANT,
    title: '转发国家知识产权局关于规范申请专利行为的通知',
    category: 3,
    daysAgo: 5,
    content:
      '现将国家知识产权局关于规范申请专利行为的有关要求转发给你们。请各代理师认真学习，严格审核委托案件的真实性，对明显不以保护创新为目的的申请一律不予代理。',
    author: demoAdmin,
  },
  {
    id: firstId.notice(203),
    tenantId: DEMO_TENANT,
    title: '关于节假日期间值班及期限监控安排的通知',
    category: 6,
    daysAgo: 9,
    content:
      '节假日期间请各部门安排专人值班，确保客户来电、官方来文及法定期限监控正常处理。值班表请于假期前两个工作日报综合管理部汇总。',
    author: demoAdmin,
  },
  {
    id: firstId.notice(204),
    tenantId: DEMO_TENANT,
    title: '关于聘任李晓雯同志为专利工程师的任免通知',
    category: 5,
    daysAgo: 14,
    content:
      '经公司研究决定，聘任李晓雯同志为专利代理部专利工程师，负责机械、电学领域专利申请文件的撰写与审查意见答复工作。',
    author: demoAdmin,
  },
  {
    id: firstId.notice(211),
    tenantId: PLATFORM_TENANT,
    title: '立方门户管理平台正式上线运行',
    category: 1,
    daysAgo: 3,
    content:
      '立方门户管理平台已完成部署并正式上线运行。平台提供多租户管理、角色权限、菜单配置、通知公告和日志管理等功能，使用中如遇问题，请通过错误日志上传或联系平台运营中心。',
    author: platformAdmin,
  },
  {
    id: firstId.notice(212),
    tenantId: PLATFORM_TENANT,
    title: '关于平台例行维护的通知',
    category: 6,
    daysAgo: 7,
    content:
      '平台将于每周日凌晨 02:00 至 04:00 进行例行维护，维护期间可能出现短暂无法访问的情况，请各租户提前做好工作安排。',
    author: platformAdmin,
  },
  {
    id: firstId.notice(213),
    tenantId: PLATFORM_TENANT,
    title: '关于加强账号与密码安全管理的通知',
    category: 4,
    daysAgo: 12,
    content:
      '请各租户管理员督促用户定期修改登录密码，不得使用弱口令或与他人共用账号；发现账号异常登录时，请立即修改密码并通知平台管理员。',
    author: platformAdmin,
  },
];

function daysAgoAtNine(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() - days);
  date.setHours(9, 0, 0, 0);
  return formatDateTime(date);
}

export type InsertMissing = (
  db: Kysely<Database>,
  table: TableName,
  rows: Array<Record<string, unknown>>,
  key: string[],
) => Promise<number>;

/**
 * The platform administrator role is granted every console menu; in demo mode the demo tenant's admin role gets
 * the desk (notices with all their buttons), and the demo tenant gets its top menu and notices.
 */
export async function seedConsole(
  db: Kysely<Database>,
  config: AppConfig,
  insertMissing: InsertMissing,
): Promise<void> {
  const tenantIds = config.demo ? [PLATFORM_TENANT, DEMO_TENANT] : [PLATFORM_TENANT];
  await insertMissing(
    db,
    'cubeMenu',
    CONSOLE_MENUS.map((m) => ({ ...m, isOpen: 1, remark: '', isDeleted: 0 })),
    ['id'],
  );
  const grants = [
    ...CONSOLE_MENUS.map((m) => ({ roleId: ID.rolePlatformAdministrator, menuId: m.id })),
    ...(config.demo ? DESK_MENUS.map((m) => ({ roleId: ID.roleDemoAdmin, menuId: m.id })) : []),
  ];
  await insertMissing(
    db,
    'cubeRoleMenu',
    grants.map((g) => ({ id: newId(), ...g })),
    ['roleId', 'menuId'],
  );

  const stamp = now();
  const topMenus = TOP_MENUS.filter((t) => tenantIds.includes(t.tenantId));
  await insertMissing(
    db,
    'cubeTopMenu',
    topMenus.map(({ menuIds: _menuIds, ...t }) => ({ ...t, ...createStamp(null, stamp), ...ENABLED_ROW })),
    ['id'],
  );
  await insertMissing(
    db,
    'cubeTopMenuSetting',
    topMenus.flatMap((t) => t.menuIds.map((menuId) => ({ id: newId(), topMenuId: t.id, menuId }))),
    ['topMenuId', 'menuId'],
  );

  if (config.demo) {
    await insertMissing(
      db,
      'cubeNotice',
      NOTICES.filter((n) => tenantIds.includes(n.tenantId)).map(({ daysAgo, author, ...n }) => {
        const released = daysAgoAtNine(daysAgo);
        return { ...n, releaseTime: released, ...createStamp(author, released), ...ENABLED_ROW };
      }),
      ['id'],
    );
  }
}
