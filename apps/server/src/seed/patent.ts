import {
  AGENT_COMPANY_AUTH_PERMISSION,
  agentCompanyEntity,
  PATENT_DASHBOARD_PERMISSION,
  PATENT_RECEIPT_RULE_PARAM,
  PATENT_REMINDER_OFFSETS_DEFAULT,
  PATENT_REMINDER_OFFSETS_PARAM,
  patentApplicationEntity,
  patentDeadlineEntity,
  patentDeadlineRuleEntity,
  patentFeeEntity,
  patentHolidayEntity,
  patentNoticeEntity,
} from '@cube/contract';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/types.js';
import { CN_CALENDAR_2026 } from '../modules/patent/holidays-2026.js';
import { newId } from '../platform/ids.js';
import { createStamp } from '../platform/rows.js';
import { AUTHORITY_ID } from './authority.js';
import { CONSOLE_ID, type InsertMissing } from './console-data.js';
import { button, DEMO_TENANT, entityMenus, ID, type MenuSeed, menu, PLATFORM_TENANT } from './demo-data.js';
import { seedIds } from './ids.js';
import { seedPatentWork } from './patent-work.js';
import { ENABLED_ROW } from './rows.js';

const fixedId = seedIds('patent');

/**
 * Patent cases and agent companies: the 专利管理 menu with its
 * screens and buttons, granted to the platform administrator and the demo tenant's administrator (the holiday
 * calendar is the platform's alone) and shown under each one's 工作台 top menu; the receipt-rule and reminder
 * settings; the 2026 holiday calendar; the usual deadline rules for the platform and the demo tenant (the statutory
 * ones marked reviewed, those following a notice's designated period left for an attorney to confirm); the demo
 * staff's grants and data scopes on cases (see docs/agency-roles.md); a few demo companies and cases with their work.
 */
export const PATENT_ID = {
  menuRoot: fixedId(1000),
  menuApplication: fixedId(1001),
  menuDeadline: fixedId(1015),
  menuHoliday: fixedId(1016),
  menuRule: fixedId(1020),
  menuCompany: fixedId(1024),
  paramReceiptRule: fixedId(1030),
  paramReminderDays: fixedId(1031),
  companyHengxin: fixedId(1040),
  companyQinghe: fixedId(1041),
  caseInvention: fixedId(1050),
  caseUtility: fixedId(1051),
  scopeCaseAll: fixedId(1090),
  scopeCaseOwn: fixedId(1091),
  scopeCaseDeptBelow: fixedId(1092),
} as const;

/** The buttons the staff roles are granted (see PATENT_STAFF_GRANTS). */
const BUTTON = {
  caseAdd: fixedId(1002),
  caseEdit: fixedId(1003),
  caseView: fixedId(1005),
  noticeAdd: fixedId(1006),
  noticeEdit: fixedId(1007),
  deadlineAdd: fixedId(1009),
  deadlineEdit: fixedId(1010),
  feeAdd: fixedId(1012),
  feeEdit: fixedId(1013),
  companyView: fixedId(1028),
  ruleView: fixedId(1098),
} as const;

const HOLIDAY_MENUS: MenuSeed[] = entityMenus(
  patentHolidayEntity,
  {
    menu: PATENT_ID.menuHoliday,
    add: fixedId(1017),
    edit: fixedId(1018),
    remove: fixedId(1019),
    view: fixedId(1099),
  },
  PATENT_ID.menuRoot,
  '/patent/holiday',
  'calendar',
  4,
);

const TENANT_MENUS: MenuSeed[] = [
  menu(PATENT_ID.menuRoot, '0', 'patent', '/patent', 'file-protect', 5),
  ...entityMenus(
    patentApplicationEntity,
    {
      menu: PATENT_ID.menuApplication,
      add: BUTTON.caseAdd,
      edit: BUTTON.caseEdit,
      remove: fixedId(1004),
      view: BUTTON.caseView,
    },
    PATENT_ID.menuRoot,
    '/patent/application',
    'file-protect',
    1,
  ),
  button(
    BUTTON.noticeAdd,
    PATENT_ID.menuApplication,
    patentNoticeEntity.permissions.add,
    '登记通知书',
    'add',
    'plus',
    1,
    6,
  ),
  button(
    BUTTON.noticeEdit,
    PATENT_ID.menuApplication,
    patentNoticeEntity.permissions.edit,
    '修改通知书',
    'edit',
    'form',
    2,
    7,
  ),
  button(
    fixedId(1008),
    PATENT_ID.menuApplication,
    patentNoticeEntity.permissions.remove,
    '删除通知书',
    'delete',
    'delete',
    3,
    8,
  ),
  button(
    BUTTON.deadlineAdd,
    PATENT_ID.menuApplication,
    patentDeadlineEntity.permissions.add,
    '新增期限',
    'add',
    'plus',
    1,
    9,
  ),
  button(
    BUTTON.deadlineEdit,
    PATENT_ID.menuApplication,
    patentDeadlineEntity.permissions.edit,
    '修改期限',
    'edit',
    'form',
    2,
    10,
  ),
  button(
    fixedId(1011),
    PATENT_ID.menuApplication,
    patentDeadlineEntity.permissions.remove,
    '删除期限',
    'delete',
    'delete',
    3,
    11,
  ),
  button(
    BUTTON.feeAdd,
    PATENT_ID.menuApplication,
    patentFeeEntity.permissions.add,
    '新增费用',
    'add',
    'plus',
    1,
    12,
  ),
  button(
    BUTTON.feeEdit,
    PATENT_ID.menuApplication,
    patentFeeEntity.permissions.edit,
    '修改费用',
    'edit',
    'form',
    2,
    13,
  ),
  button(
    fixedId(1014),
    PATENT_ID.menuApplication,
    patentFeeEntity.permissions.remove,
    '删除费用',
    'delete',
    'delete',
    3,
    14,
  ),
  menu(
    PATENT_ID.menuDeadline,
    PATENT_ID.menuRoot,
    PATENT_DASHBOARD_PERMISSION,
    '/patent/deadline',
    'schedule',
    2,
  ),
  ...entityMenus(
    patentDeadlineRuleEntity,
    {
      menu: PATENT_ID.menuRule,
      add: fixedId(1021),
      edit: fixedId(1022),
      remove: fixedId(1023),
      view: BUTTON.ruleView,
    },
    PATENT_ID.menuRoot,
    '/patent/rule',
    'ordered-list',
    3,
  ),
  ...entityMenus(
    agentCompanyEntity,
    {
      menu: PATENT_ID.menuCompany,
      add: fixedId(1025),
      edit: fixedId(1026),
      remove: fixedId(1027),
      view: BUTTON.companyView,
    },
    PATENT_ID.menuRoot,
    '/agent/company',
    'bank',
    5,
  ),
  button(
    fixedId(1029),
    PATENT_ID.menuCompany,
    AGENT_COMPANY_AUTH_PERMISSION,
    '授权用户',
    'auth',
    'team',
    2,
    5,
  ),
];

export const PATENT_MENUS: MenuSeed[] = [...TENANT_MENUS, ...HOLIDAY_MENUS];

const NOTE = '按通知书指定期限的常用做法预置，须经专利代理师审核确认后方可依赖（确认后请将“已审核”设为是）';
const STATUTORY_NOTE = '专利法及其实施细则规定的法定期限，已经专利代理师审核';

/** Rules whose period the patent law itself fixes; the others follow the period a notice designates. */
const STATUTORY_RULES = new Set([
  'APP_FEE',
  'SE_REQUEST',
  'VOLUNTARY_AMEND',
  'REGISTRATION',
  'REEXAM_REQUEST',
  'LITIGATION',
  'RESTORATION',
]);

/** The deadline rules; months/days are the statutory or usual periods, internal days a default. */
export const PATENT_RULES: ReadonlyArray<{
  ruleCode: string;
  kind: string;
  noticeType: string;
  patentTypes: string;
  anchor: string;
  offsetMonths: number;
  offsetDays: number;
  internalWorkdays: number;
  usesNoticePeriod: number;
  feeType: string;
}> = [
  {
    ruleCode: 'APP_FEE',
    kind: '缴纳申请费',
    noticeType: 'acceptance',
    patentTypes: '',
    anchor: 'filing_or_receipt',
    offsetMonths: 2,
    offsetDays: 15,
    internalWorkdays: 3,
    usesNoticePeriod: 0,
    feeType: '申请费',
  },
  {
    ruleCode: 'SE_REQUEST',
    kind: '提出实质审查请求',
    noticeType: 'acceptance',
    patentTypes: 'invention',
    anchor: 'filing',
    offsetMonths: 36,
    offsetDays: 0,
    internalWorkdays: 20,
    usesNoticePeriod: 0,
    feeType: '实质审查费',
  },
  {
    ruleCode: 'CORRECTION_RESPONSE',
    kind: '答复补正通知书',
    noticeType: 'correction',
    patentTypes: '',
    anchor: 'receipt',
    offsetMonths: 2,
    offsetDays: 0,
    internalWorkdays: 5,
    usesNoticePeriod: 1,
    feeType: '',
  },
  {
    ruleCode: 'OA1_RESPONSE',
    kind: '答复第一次审查意见',
    noticeType: 'oa_first',
    patentTypes: 'invention',
    anchor: 'receipt',
    offsetMonths: 4,
    offsetDays: 0,
    internalWorkdays: 10,
    usesNoticePeriod: 1,
    feeType: '',
  },
  {
    ruleCode: 'OA1_RESPONSE_UD',
    kind: '答复第一次审查意见',
    noticeType: 'oa_first',
    patentTypes: 'utility,design',
    anchor: 'receipt',
    offsetMonths: 2,
    offsetDays: 0,
    internalWorkdays: 5,
    usesNoticePeriod: 1,
    feeType: '',
  },
  {
    ruleCode: 'OA_LATER_RESPONSE',
    kind: '答复审查意见',
    noticeType: 'oa_later',
    patentTypes: '',
    anchor: 'receipt',
    offsetMonths: 2,
    offsetDays: 0,
    internalWorkdays: 5,
    usesNoticePeriod: 1,
    feeType: '',
  },
  {
    ruleCode: 'VOLUNTARY_AMEND',
    kind: '主动修改',
    noticeType: 'se_entry',
    patentTypes: 'invention',
    anchor: 'receipt',
    offsetMonths: 3,
    offsetDays: 0,
    internalWorkdays: 5,
    usesNoticePeriod: 0,
    feeType: '',
  },
  {
    ruleCode: 'REGISTRATION',
    kind: '办理登记手续',
    noticeType: 'grant',
    patentTypes: '',
    anchor: 'receipt',
    offsetMonths: 2,
    offsetDays: 0,
    internalWorkdays: 5,
    usesNoticePeriod: 0,
    feeType: '授权当年年费',
  },
  {
    ruleCode: 'REEXAM_REQUEST',
    kind: '提出复审请求',
    noticeType: 'rejection',
    patentTypes: '',
    anchor: 'receipt',
    offsetMonths: 3,
    offsetDays: 0,
    internalWorkdays: 10,
    usesNoticePeriod: 0,
    feeType: '复审费',
  },
  {
    ruleCode: 'LITIGATION',
    kind: '提起行政诉讼',
    noticeType: 'reexam_decision',
    patentTypes: '',
    anchor: 'receipt',
    offsetMonths: 3,
    offsetDays: 0,
    internalWorkdays: 10,
    usesNoticePeriod: 0,
    feeType: '',
  },
  {
    ruleCode: 'RESTORATION',
    kind: '请求恢复权利',
    noticeType: 'deemed_withdrawn',
    patentTypes: '',
    anchor: 'receipt',
    offsetMonths: 2,
    offsetDays: 0,
    internalWorkdays: 5,
    usesNoticePeriod: 0,
    feeType: '恢复权利请求费',
  },
];

export async function seedPatent(
  db: Kysely<Database>,
  config: AppConfig,
  insertMissing: InsertMissing,
): Promise<void> {
  await insertMissing(
    db,
    'cubeMenu',
    PATENT_MENUS.map((m) => ({ ...m, isOpen: 1, remark: '', isDeleted: 0 })),
    ['id'],
  );
  const tenantIds = TENANT_MENUS.map((m) => m.id);
  await insertMissing(
    db,
    'cubeRoleMenu',
    [
      ...PATENT_MENUS.map((m) => ({ id: newId(), roleId: ID.rolePlatformAdministrator, menuId: m.id })),
      ...(config.demo ? tenantIds.map((menuId) => ({ id: newId(), roleId: ID.roleDemoAdmin, menuId })) : []),
    ],
    ['roleId', 'menuId'],
  );
  const pages = (rows: MenuSeed[]) => rows.filter((m) => m.category === 1).map((m) => m.id);
  await insertMissing(
    db,
    'cubeTopMenuSetting',
    [
      ...pages(PATENT_MENUS).map((menuId) => ({
        id: newId(),
        topMenuId: CONSOLE_ID.topMenuPlatformDesk,
        menuId,
      })),
      ...(config.demo
        ? pages(TENANT_MENUS).map((menuId) => ({
            id: newId(),
            topMenuId: CONSOLE_ID.topMenuDemoDesk,
            menuId,
          }))
        : []),
    ],
    ['topMenuId', 'menuId'],
  );
  await insertMissing(
    db,
    'cubeParam',
    [
      {
        id: PATENT_ID.paramReceiptRule,
        paramName: '专利通知书送达规则',
        paramKey: PATENT_RECEIPT_RULE_PARAM,
        paramValue: 'dispatch_plus_15',
        remark:
          'dispatch_plus_15：发文日起满15日推定收到；electronic_entry：以进入电子系统之日为送达日。须经专利代理师确认；登记通知书时可逐件改选',
        ...createStamp(null),
        ...ENABLED_ROW,
      },
      {
        id: PATENT_ID.paramReminderDays,
        paramName: '专利期限提醒提前天数',
        paramKey: PATENT_REMINDER_OFFSETS_PARAM,
        paramValue: PATENT_REMINDER_OFFSETS_DEFAULT.join(','),
        remark: '官方期限前多少天通过消息铃提醒负责人，逗号分隔；0 表示到期当天',
        ...createStamp(null),
        ...ENABLED_ROW,
      },
    ],
    ['paramKey'],
  );
  await insertMissing(
    db,
    'patHoliday',
    CN_CALENDAR_2026.map((d) => ({
      id: newId(),
      holidayDate: d.date,
      isWorkday: d.isWorkday,
      note: d.note,
      ...createStamp(null),
      ...ENABLED_ROW,
    })),
    ['holidayDate'],
  );
  const ruleTenants = config.demo ? [PLATFORM_TENANT, DEMO_TENANT] : [PLATFORM_TENANT];
  await insertMissing(
    db,
    'patDeadlineRule',
    ruleTenants.flatMap((tenantId) =>
      PATENT_RULES.map((r) => ({
        id: newId(),
        tenantId,
        ...r,
        enabled: 1,
        signedOff: STATUTORY_RULES.has(r.ruleCode) ? 1 : 0,
        note: STATUTORY_RULES.has(r.ruleCode) ? STATUTORY_NOTE : NOTE,
        ...createStamp(null),
        ...ENABLED_ROW,
      })),
    ),
    ['tenantId', 'ruleCode'],
  );
  if (!config.demo) return;
  await insertMissing(
    db,
    'cubeAgentCompany',
    [
      {
        id: PATENT_ID.companyHengxin,
        tenantId: DEMO_TENANT,
        uniName: '苏州恒芯微电子有限公司',
        creditCode: '91320505MA1X8K2L3Q',
        address: '江苏省苏州市高新区科灵路78号',
        contact: '王建国',
        phone: '13812345678',
        industry: '集成电路',
        remark: '',
        ...createStamp(null),
        ...ENABLED_ROW,
      },
      {
        id: PATENT_ID.companyQinghe,
        tenantId: DEMO_TENANT,
        uniName: '杭州青禾茶业有限公司',
        creditCode: '91330106MA2H4T7N5W',
        address: '浙江省杭州市西湖区龙井路15号',
        contact: '李晓雯',
        phone: '13698765432',
        industry: '农副食品',
        remark: '',
        ...createStamp(null),
        ...ENABLED_ROW,
      },
    ],
    ['id'],
  );
  await insertMissing(
    db,
    'cubeAgentCompanyUser',
    [
      {
        id: newId(),
        tenantId: DEMO_TENANT,
        companyId: PATENT_ID.companyHengxin,
        userId: ID.userDemoAdmin,
        isDeleted: 0,
      },
    ],
    ['tenantId', 'companyId', 'userId'],
  );
  await insertMissing(
    db,
    'patApplication',
    [
      {
        id: PATENT_ID.caseInvention,
        tenantId: DEMO_TENANT,
        docketNo: 'P2026-001',
        patentType: 'invention',
        title: '一种芯片散热结构及其制造方法',
        companyId: PATENT_ID.companyHengxin,
        inventors: '王建国,周明',
        agentUserId: ID.userDemoAdmin,
        applicationNo: '202610123456.X',
        filingDate: '2026-03-10',
        patentStatus: 'substantive_exam',
        remark: '',
        ...createStamp(null),
        ...ENABLED_ROW,
      },
      {
        id: PATENT_ID.caseUtility,
        tenantId: DEMO_TENANT,
        docketNo: 'P2026-002',
        patentType: 'utility',
        title: '一种便携式茶叶保鲜罐',
        companyId: PATENT_ID.companyQinghe,
        inventors: '李晓雯',
        agentUserId: ID.userDemoAdmin,
        applicationNo: '202620234567.3',
        filingDate: '2026-06-18',
        patentStatus: 'prelim_exam',
        remark: '',
        ...createStamp(null),
        ...ENABLED_ROW,
      },
    ],
    ['id'],
  );
  await seedStaffGrants(db, insertMissing);
  await seedPatentWork(db, insertMissing, {
    invention: PATENT_ID.caseInvention,
    utility: PATENT_ID.caseUtility,
    companyA: PATENT_ID.companyHengxin,
    companyB: PATENT_ID.companyQinghe,
  });
}

/** Menus and buttons of the 专利管理 tree the staff roles read. */
const CASE_READ = [PATENT_ID.menuRoot, PATENT_ID.menuApplication, BUTTON.caseView];
const COMPANY_READ = [PATENT_ID.menuCompany, BUTTON.companyView];
const RULE_READ = [PATENT_ID.menuRule, BUTTON.ruleView];
const CASE_EDIT = [BUTTON.caseEdit];
const NOTICE_RECORD = [BUTTON.noticeAdd, BUTTON.noticeEdit];
const DEADLINE_RECORD = [BUTTON.deadlineAdd, BUTTON.deadlineEdit];
const FEE_RECORD = [BUTTON.feeAdd, BUTTON.feeEdit];
/** What filing needs: the cases, their filing data, notices and fees, the deadline dashboard, the companies. */
const CLERK_MENUS = [
  ...CASE_READ,
  ...CASE_EDIT,
  ...NOTICE_RECORD,
  ...FEE_RECORD,
  PATENT_ID.menuDeadline,
  ...COMPANY_READ,
];

/**
 * What the demo tenant's staff roles hold on cases (the table of docs/agency-roles.md): the administrator holds
 * everything (above); 部门经理 opens and edits the cases of the department and below; 代理人 works on the cases
 * whose 代理师 they are; 流程专员 records what filing needs on every case; 普通用户, the demo's clerk, records the same on
 * the cases of their department and below and those they handle. Neither clerk administers deadline rules or
 * holidays.
 */
export const PATENT_STAFF_GRANTS = {
  manager: {
    roleId: AUTHORITY_ID.roleManager,
    menus: [
      ...CASE_READ,
      BUTTON.caseAdd,
      ...CASE_EDIT,
      ...NOTICE_RECORD,
      ...DEADLINE_RECORD,
      ...FEE_RECORD,
      PATENT_ID.menuDeadline,
      ...RULE_READ,
      ...COMPANY_READ,
    ],
    scopeIds: [PATENT_ID.scopeCaseDeptBelow],
  },
  agent: {
    roleId: AUTHORITY_ID.roleAgent,
    menus: [
      ...CASE_READ,
      ...CASE_EDIT,
      ...NOTICE_RECORD,
      ...DEADLINE_RECORD,
      ...FEE_RECORD,
      PATENT_ID.menuDeadline,
      ...COMPANY_READ,
    ],
    scopeIds: [PATENT_ID.scopeCaseOwn],
  },
  process: {
    roleId: AUTHORITY_ID.roleProcess,
    menus: CLERK_MENUS,
    scopeIds: [PATENT_ID.scopeCaseAll],
  },
  user: {
    roleId: ID.roleDemoUser,
    menus: CLERK_MENUS,
    scopeIds: [PATENT_ID.scopeCaseDeptBelow, PATENT_ID.scopeCaseOwn],
  },
} as const;

async function seedStaffGrants(db: Kysely<Database>, insertMissing: InsertMissing): Promise<void> {
  const scope = (id: string, scopeName: string, scopeType: number, remark: string) => ({
    id,
    menuId: PATENT_ID.menuApplication,
    resourceCode: '',
    scopeName,
    scopeField: '*',
    scopeClass: '',
    scopeColumn: '',
    scopeType,
    scopeValue: '',
    remark,
    ...createStamp(null),
    ...ENABLED_ROW,
  });
  await insertMissing(
    db,
    'cubeScopeData',
    [
      scope(PATENT_ID.scopeCaseAll, '全部案件', 1, '租户内全部案件及其通知书、期限、费用'),
      scope(PATENT_ID.scopeCaseOwn, '本人代理的案件', 2, '代理师为本人的案件及其通知书、期限、费用'),
      scope(PATENT_ID.scopeCaseDeptBelow, '本部门及下级部门的案件', 4, '在本部门及下级部门立案的案件'),
    ],
    ['id'],
  );
  const grants = Object.values(PATENT_STAFF_GRANTS);
  await insertMissing(
    db,
    'cubeRoleMenu',
    grants.flatMap((g) => g.menus.map((menuId) => ({ id: newId(), roleId: g.roleId, menuId }))),
    ['roleId', 'menuId'],
  );
  await insertMissing(
    db,
    'cubeRoleScope',
    grants.flatMap((g) =>
      g.scopeIds.map((scopeId) => ({ id: newId(), roleId: g.roleId, scopeId, scopeCategory: 1 })),
    ),
    ['roleId', 'scopeCategory', 'scopeId'],
  );
}
