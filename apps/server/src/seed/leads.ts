import { LEAD_EXPORT_PERMISSION, LeadStatus, leadEntity } from '@cube/contract';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/types.js';
import { formatDateTime } from '../platform/dates.js';
import { newId } from '../platform/ids.js';
import { createStamp } from '../platform/rows.js';
import { CONSOLE_ID, type InsertMissing } from './console-data.js';
import { button, DEMO_TENANT, entityMenus, ID, type MenuSeed } from './demo-data.js';
import { seedIds } from './ids.js';
import { ENABLED_ROW } from './rows.js';

const fixedId = seedIds('leads');

/**
 * 客户咨询: the leads screen under 工作台 with its buttons and 导出, granted to the
 * platform administrator and, in demo mode, to the demo tenant's administrator; a few demo leads as a real
 * agency's week would bring them.
 */
export const LEADS_ID = {
  menu: fixedId(900),
  add: fixedId(901),
  edit: fixedId(902),
  remove: fixedId(903),
  view: fixedId(904),
  export: fixedId(905),
} as const;

export const LEAD_MENUS: MenuSeed[] = [
  ...entityMenus(
    leadEntity,
    {
      menu: LEADS_ID.menu,
      add: LEADS_ID.add,
      edit: LEADS_ID.edit,
      remove: LEADS_ID.remove,
      view: LEADS_ID.view,
    },
    CONSOLE_ID.menuDesk,
    '/desk/lead',
    'message',
    2,
  ),
  button(LEADS_ID.export, LEADS_ID.menu, LEAD_EXPORT_PERMISSION, '导出', 'export', 'download', 1, 5),
];

const DEMO_LEADS: Array<{
  name: string;
  phone: string;
  company: string;
  service: string;
  message: string;
  status: number;
  daysAgo: number;
}> = [
  {
    name: '王建国',
    phone: '13812345678',
    company: '苏州恒芯微电子有限公司',
    service: '专利申请',
    message: '我们有一项芯片散热结构的改进，想了解发明专利和实用新型哪个更合适，费用和周期大概多少？',
    status: LeadStatus.new,
    daysAgo: 0,
  },
  {
    name: '李晓雯',
    phone: '13698765432',
    company: '杭州青禾茶业有限公司',
    service: '商标注册',
    message: '新品牌“青禾谷雨”准备注册第30类和第35类商标，请先帮忙做一下近似查询。',
    status: LeadStatus.contacted,
    daysAgo: 1,
  },
  {
    name: '陈志强',
    phone: '15900001111',
    company: '宁波海曙智能装备厂',
    service: '体系认证',
    message: '明年投标需要ISO 9001和ISO 14001证书，想咨询认证流程和辅导服务。',
    status: LeadStatus.new,
    daysAgo: 2,
  },
  {
    name: '赵敏',
    phone: '18800002222',
    company: '',
    service: '版权登记',
    message: '个人原创插画作品约20幅，想办理美术作品著作权登记。',
    status: LeadStatus.closed,
    daysAgo: 5,
  },
];

export async function seedLeads(
  db: Kysely<Database>,
  config: AppConfig,
  insertMissing: InsertMissing,
): Promise<void> {
  await insertMissing(
    db,
    'cubeMenu',
    LEAD_MENUS.map((m) => ({ ...m, isOpen: 1, remark: '', isDeleted: 0 })),
    ['id'],
  );
  const ids = LEAD_MENUS.map((m) => m.id);
  await insertMissing(
    db,
    'cubeRoleMenu',
    [
      ...ids.map((menuId) => ({ id: newId(), roleId: ID.rolePlatformAdministrator, menuId })),
      ...(config.demo ? ids.map((menuId) => ({ id: newId(), roleId: ID.roleDemoAdmin, menuId })) : []),
    ],
    ['roleId', 'menuId'],
  );
  await insertMissing(
    db,
    'cubeTopMenuSetting',
    [CONSOLE_ID.topMenuPlatformDesk, ...(config.demo ? [CONSOLE_ID.topMenuDemoDesk] : [])].map(
      (topMenuId) => ({
        id: newId(),
        topMenuId,
        menuId: LEADS_ID.menu,
      }),
    ),
    ['topMenuId', 'menuId'],
  );
  if (!config.demo) return;
  await insertMissing(
    db,
    'cubeLead',
    DEMO_LEADS.map((lead, i) => {
      const at = formatDateTime(new Date(Date.now() - lead.daysAgo * 86_400_000 - (i + 1) * 3_600_000));
      return {
        id: newId(),
        tenantId: DEMO_TENANT,
        name: lead.name,
        phone: lead.phone,
        company: lead.company,
        service: lead.service,
        message: lead.message,
        leadStatus: lead.status,
        assigneeId: lead.status === LeadStatus.new ? null : ID.userDemoAdmin,
        notes: lead.status === LeadStatus.new ? '' : '已电话沟通，已发送报价单。',
        sourceIp: '',
        // Fixed keys: the seed inserts each demo lead once, however often it runs.
        dedupeKey: `seed:${i + 1}`,
        ...createStamp(null, at),
        ...ENABLED_ROW,
      };
    }),
    ['tenantId', 'dedupeKey'],
  );
}
