import { type EntityPermissions, paramEntity, screenTitle } from '@cube/contract';
import { seedIds } from './ids.js';

const firstId = {
  client: seedIds('client'),
  dept: seedIds('dept'),
  menu: seedIds('menu'),
  param: seedIds('param'),
  post: seedIds('post'),
  role: seedIds('role'),
  tenant: seedIds('tenant'),
  user: seedIds('user'),
};
/**
 * Fixed seed rows. Ids are fixed so that the seed can run on every start without duplicating anything, and so
 * that later seeds can reference these rows. Demo accounts exist only in demo mode; their passwords are public
 * (README) and a production start refuses to run while any of them still works.
 */
export const PLATFORM_TENANT = '000000';
export const DEMO_TENANT = '100000';

export const ID = {
  menuSystem: firstId.menu(201),
  tenantPlatform: firstId.tenant(201),
  tenantDemo: firstId.tenant(202),
  clientWeb: firstId.client(201),
  rolePlatformAdministrator: firstId.role(201),
  roleDemoAdmin: firstId.role(202),
  roleDemoUser: firstId.role(203),
  deptPlatform: firstId.dept(201),
  deptDemo: firstId.dept(202),
  deptDemoPatent: firstId.dept(203),
  deptDemoTrademark: firstId.dept(204),
  deptDemoOffice: firstId.dept(205),
  postPlatformCeo: firstId.post(201),
  userPlatformAdmin: firstId.user(201),
  userDemoAdmin: firstId.user(202),
  userDemoUser: firstId.user(203),
} as const;

/** The standard posts of the demo tenant: code, name and category (1 高层, 2 中层, 3 基层). */
const DEMO_POSTS = [
  ['ceo', '首席执行官', 1],
  ['coo', '首席运营官', 1],
  ['cfo', '首席财务官', 1],
  ['cto', '首席技术官', 1],
  ['cio', '首席信息官', 1],
  ['pm', '技术经理', 2],
  ['hrm', '人力经理', 2],
  ['staff', '普通员工', 3],
] as const;

/** The ids of the demo tenant's standard posts, by post code. */
export const DEMO_POST_ID = Object.fromEntries(
  DEMO_POSTS.map(([code], i) => [code, firstId.post(211 + i)]),
) as Record<(typeof DEMO_POSTS)[number][0], string>;

export interface DemoAccount {
  id: string;
  tenantId: string;
  account: string;
  password: string;
  name: string;
  realName: string;
  roleId: string;
  deptId: string;
  postId: string;
  email: string;
  phone: string;
  sex: number;
}

/** The demo accounts and their documented passwords (README "Demo accounts"). */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    id: ID.userPlatformAdmin,
    tenantId: PLATFORM_TENANT,
    account: 'admin',
    password: 'Admin@2026',
    name: '管理员',
    realName: '平台管理员',
    roleId: ID.rolePlatformAdministrator,
    deptId: ID.deptPlatform,
    postId: ID.postPlatformCeo,
    email: 'admin@cube-portal.cn',
    phone: '13800000000',
    sex: 1,
  },
  {
    id: ID.userDemoAdmin,
    tenantId: DEMO_TENANT,
    account: 'admin',
    password: 'Demo@2026',
    name: '张经理',
    realName: '张明远',
    roleId: ID.roleDemoAdmin,
    deptId: ID.deptDemo,
    postId: DEMO_POST_ID.ceo,
    email: 'zhang.mingyuan@lifang-ip.cn',
    phone: '13912345678',
    sex: 1,
  },
  {
    id: ID.userDemoUser,
    tenantId: DEMO_TENANT,
    account: 'user',
    password: 'User@2026',
    name: '李专员',
    realName: '李晓雯',
    roleId: ID.roleDemoUser,
    deptId: ID.deptDemoPatent,
    postId: DEMO_POST_ID.staff,
    email: 'li.xiaowen@lifang-ip.cn',
    phone: '13787654321',
    sex: 2,
  },
];

export const TENANTS = [
  {
    id: ID.tenantPlatform,
    tenantId: PLATFORM_TENANT,
    tenantName: '管理组',
    linkman: '平台管理员',
    contactNumber: '400-800-0000',
    address: '平台运营中心',
  },
  {
    id: ID.tenantDemo,
    tenantId: DEMO_TENANT,
    tenantName: '立方知识产权代理有限公司',
    linkman: '张明远',
    contactNumber: '021-6888 0000',
    address: '上海市浦东新区张江高科技园区科苑路 88 号',
  },
];

export const ROLES = [
  {
    id: ID.rolePlatformAdministrator,
    tenantId: PLATFORM_TENANT,
    roleName: '超级管理员',
    roleAlias: 'administrator',
    sort: 1,
  },
  { id: ID.roleDemoAdmin, tenantId: DEMO_TENANT, roleName: '管理员', roleAlias: 'admin', sort: 1 },
  { id: ID.roleDemoUser, tenantId: DEMO_TENANT, roleName: '普通用户', roleAlias: 'user', sort: 2 },
];

export const DEPTS = [
  {
    id: ID.deptPlatform,
    tenantId: PLATFORM_TENANT,
    parentId: '0',
    ancestors: '0',
    deptName: '立方科技',
    fullName: '立方科技平台运营中心',
    sort: 1,
  },
  {
    id: ID.deptDemo,
    tenantId: DEMO_TENANT,
    parentId: '0',
    ancestors: '0',
    deptName: '立方知识产权',
    fullName: '立方知识产权代理有限公司',
    sort: 1,
  },
  {
    id: ID.deptDemoPatent,
    tenantId: DEMO_TENANT,
    parentId: ID.deptDemo,
    ancestors: `0,${ID.deptDemo}`,
    deptName: '专利代理部',
    fullName: '专利代理部',
    sort: 1,
  },
  {
    id: ID.deptDemoTrademark,
    tenantId: DEMO_TENANT,
    parentId: ID.deptDemo,
    ancestors: `0,${ID.deptDemo}`,
    deptName: '商标事务部',
    fullName: '商标事务部',
    sort: 2,
  },
  {
    id: ID.deptDemoOffice,
    tenantId: DEMO_TENANT,
    parentId: ID.deptDemo,
    ancestors: `0,${ID.deptDemo}`,
    deptName: '综合管理部',
    fullName: '综合管理部',
    sort: 3,
  },
];

/** The standard posts, for the demo tenant; the platform tenant gets its CEO post only. */
export const POSTS: Array<{
  id: string;
  tenantId: string;
  category: number;
  postCode: string;
  postName: string;
  sort: number;
}> = [
  {
    id: ID.postPlatformCeo,
    tenantId: PLATFORM_TENANT,
    category: 1,
    postCode: 'ceo',
    postName: '首席执行官',
    sort: 1,
  },
  ...DEMO_POSTS.map(([postCode, postName, category], i) => ({
    id: DEMO_POST_ID[postCode],
    tenantId: DEMO_TENANT,
    category,
    postCode,
    postName,
    sort: i + 1,
  })),
];

/** Platform branding defaults (the login page's resources); a tenant's own rows override them. */
export const SITE_RESOURCES: Record<string, string> = {
  title: '立方门户',
  loginTitle: '立方企业门户管理平台',
  indexTitle: '立方门户管理系统',
  logo: '/img/logo.svg',
  favicon: '/favicon.svg',
};

export interface MenuSeed {
  id: string;
  parentId: string;
  code: string;
  name: string;
  alias: string;
  path: string;
  source: string;
  sort: number;
  category: 1 | 2;
  action: number;
}

/** A page or group menu; its name is the screen's title of the contract (`SCREEN_TITLES`). */
export const menu = (
  id: string,
  parentId: string,
  code: string,
  path: string,
  source: string,
  sort: number,
): MenuSeed => ({
  id,
  parentId,
  code,
  name: screenTitle(code),
  alias: 'menu',
  path,
  source,
  sort,
  category: 1,
  action: 0,
});
export const button = (
  id: string,
  parentId: string,
  code: string,
  name: string,
  alias: string,
  source: string,
  action: number,
  sort: number,
): MenuSeed => ({
  id,
  parentId,
  code,
  name,
  alias,
  path: '',
  source,
  sort,
  category: 2,
  action,
});

/**
 * An entity's page and its standard buttons (新增, 修改, 删除, 查看), with the codes of its contract definition so
 * that the seeded grants and the routes' checks cannot drift apart. `ids` are the fixed row ids.
 */
export function entityMenus(
  entity: { permissions: EntityPermissions },
  ids: { menu: string; add: string; edit: string; remove: string; view: string },
  parentId: string,
  path: string,
  source: string,
  sort: number,
): MenuSeed[] {
  const p = entity.permissions;
  const rows = [menu(ids.menu, parentId, p.read, path, source, sort)];
  if (p.add) rows.push(button(ids.add, ids.menu, p.add, '新增', 'add', 'plus', 1, 1));
  if (p.edit) rows.push(button(ids.edit, ids.menu, p.edit, '修改', 'edit', 'form', 2, 2));
  if (p.remove) rows.push(button(ids.remove, ids.menu, p.remove, '删除', 'delete', 'delete', 3, 3));
  if (p.view) rows.push(button(ids.view, ids.menu, p.view, '查看', 'view', 'file-text', 2, 4));
  return rows;
}

/** Menus of the screens that exist; each later screen adds its rows here. */
export const MENUS: MenuSeed[] = [
  menu(ID.menuSystem, '0', 'system', '/system', 'setting', 99),
  ...entityMenus(
    paramEntity,
    {
      menu: firstId.menu(210),
      add: firstId.menu(211),
      edit: firstId.menu(212),
      remove: firstId.menu(213),
      view: firstId.menu(214),
    },
    ID.menuSystem,
    '/system/param',
    'tool',
    6,
  ),
];

/** The system dictionaries (root rows carry dictKey -1). */
export const DICTS: Record<string, { title: string; items: Array<[string, string]> }> = {
  lead_status: {
    title: '客户咨询跟进状态',
    items: [
      ['1', '新咨询'],
      ['2', '已联系'],
      ['3', '已关闭'],
    ],
  },
  lead_service: {
    title: '咨询业务',
    items: [
      ['专利申请', '专利申请'],
      ['商标注册', '商标注册'],
      ['版权登记', '版权登记'],
      ['体系认证', '体系认证'],
      ['科技项目申报', '科技项目申报'],
      ['其他', '其他'],
    ],
  },
  sex: {
    title: '性别',
    items: [
      ['1', '男'],
      ['2', '女'],
      ['3', '未知'],
    ],
  },
  notice: {
    title: '通知类型',
    items: [
      ['1', '发布通知'],
      ['2', '批转通知'],
      ['3', '转发通知'],
      ['4', '指示通知'],
      ['5', '任免通知'],
      ['6', '事务通知'],
    ],
  },
  menu_category: {
    title: '菜单类型',
    items: [
      ['1', '菜单'],
      ['2', '按钮'],
    ],
  },
  button_func: {
    title: '按钮功能',
    items: [
      ['1', '工具栏'],
      ['2', '操作栏'],
      ['3', '工具操作栏'],
    ],
  },
  yes_no: {
    title: '是否',
    items: [
      ['1', '否'],
      ['2', '是'],
    ],
  },
  data_scope_type: {
    title: '数据权限',
    items: [
      ['1', '全部可见'],
      ['2', '本人可见'],
      ['3', '所在机构可见'],
      ['4', '所在机构及子级可见'],
      ['5', '自定义'],
    ],
  },
  api_scope_type: {
    title: '接口权限',
    items: [
      ['1', '系统接口'],
      ['2', '业务接口'],
    ],
  },
  scope_category: {
    title: '权限类型',
    items: [
      ['1', '数据权限'],
      ['2', '接口权限'],
    ],
  },
  post_category: {
    title: '岗位类型',
    items: [
      ['1', '高层'],
      ['2', '中层'],
      ['3', '基层'],
      ['4', '其他'],
    ],
  },
  org_category: {
    title: '机构类型',
    items: [
      ['1', '公司'],
      ['2', '部门'],
      ['3', '小组'],
    ],
  },
  user_type: {
    title: '用户平台',
    items: [
      ['1', 'WEB'],
      ['2', 'APP'],
      ['3', 'OTHER'],
    ],
  },
  region: {
    title: '行政区划',
    items: [
      ['0', '国家'],
      ['1', '省份/直辖市'],
      ['2', '地市'],
      ['3', '区县'],
      ['4', '乡镇'],
      ['5', '村委'],
    ],
  },
};

/**
 * What a new tenant's administrator is granted without a package: 工作台 (通知公告, 消息中心 and its 邮件设置),
 * 系统管理, 权限管理 (角色管理 is under it, as BladeX seeds it), 我的事务 and 专利管理, with everything below them but
 * the platform's own screens.
 */
export const TENANT_DEFAULT_MENU_CODES = 'desk,system,authority,work,patent';

export const PARAMS: Array<{
  id: string;
  paramName: string;
  paramKey: string;
  paramValue: string;
  remark: string;
}> = [
  {
    id: firstId.param(201),
    paramName: '是否开启注册功能',
    paramKey: 'account.registerUser',
    paramValue: 'false',
    remark: '第三方登录后是否允许注册账号',
  },
  {
    id: firstId.param(202),
    paramName: '账号错误锁定次数',
    paramKey: 'account.failCount',
    paramValue: '5',
    remark: '连续登录失败达到该次数后锁定 30 分钟',
  },
  {
    id: firstId.param(203),
    paramName: '租户默认账号额度',
    paramKey: 'tenant.default.accountNumber',
    paramValue: '100',
    remark: '新建租户的最大账号数量，-1 为不限制',
  },
  {
    id: firstId.param(204),
    paramName: '租户默认菜单编号',
    paramKey: 'tenant.default.menuCode',
    paramValue: TENANT_DEFAULT_MENU_CODES,
    remark: '新建租户管理员角色默认授予的菜单编号（逗号分隔，含其下全部菜单与按钮；平台专属页面除外）',
  },
];
