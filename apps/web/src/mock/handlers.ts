import {
  DEFAULT_SITE_KEY,
  DEFAULT_TENANT_ID,
  type EntityDefinition,
  type LoginResult,
  type R,
  type SiteInfo,
  TOKEN_TIME_SECONDS,
} from '@cube/contract';
import { HttpResponse, http } from 'msw';
import { mockEntities, sampleRecord } from './records';

/**
 * The mock layer's answers (built only with VITE_CUBE_MOCK=true): the console's calls answered
 * in the browser, with no server, for demos and UI work. Every entity of the contract gets list / lazy-list / tree /
 * select / detail / submit / remove over an in-memory table of sample rows built from its record schema, and the
 * shell's calls (site info, sign-in, menus, buttons, dictionaries, profile, dashboard) get fixed answers of the
 * contract's shapes. Writes last until the page reloads.
 */

const ok = <T>(data: T): R<T> => ({ code: 200, success: true, msg: '操作成功', data });
const fail = (msg: string, code = 400) =>
  HttpResponse.json({ code, success: false, msg, data: {} }, { status: code });

const ROWS_PER_ENTITY = 12;

/** The in-memory tables, one per entity API prefix. */
const tables = new Map<string, Array<Record<string, unknown>>>();
function tableOf(entity: EntityDefinition): Array<Record<string, unknown>> {
  let rows = tables.get(entity.api);
  if (!rows) {
    rows = Array.from({ length: ROWS_PER_ENTITY }, (_, i) => sampleRecord(entity, i + 1));
    tables.set(entity.api, rows);
  }
  return rows;
}

const user: LoginResult = {
  access_token: 'mock-access-token',
  refresh_token: 'mock-refresh-token',
  token_type: 'bearer',
  expires_in: TOKEN_TIME_SECONDS,
  scope: 'all',
  tenant_id: DEFAULT_TENANT_ID,
  user_id: '1',
  user_name: 'admin',
  nick_name: '演示管理员',
  real_name: '演示管理员',
  account: 'admin',
  role_name: 'admin',
  role_id: '1',
  dept_id: '1',
  post_id: '1',
  avatar: '',
  oauth_id: '',
  client_id: 'cube_web',
  password_must_change: false,
  license: 'mock',
};

export const mockSiteInfo: SiteInfo = {
  tenantId: DEFAULT_TENANT_ID,
  tenantName: '立方知识产权代理有限公司(演示数据)',
  domain: '',
  backgroundUrl: '',
  resources: [{ resources_code: 'title', resources_content: '立方门户(演示)' }],
  config: {
    clientId: 'cube_web',
    clientSecret: 'mock-client-secret',
    tenantMode: true,
    defaultTenantId: DEFAULT_TENANT_ID,
    captchaMode: false,
    switchMode: false,
    languageMode: true,
    socialMode: false,
    chatMode: false,
    tokenTime: TOKEN_TIME_SECONDS,
    siteKey: DEFAULT_SITE_KEY,
    publicKey: '',
  },
};

/** The sidebar: one page per entity with a console screen, grouped as the seeded menus group them. */
const MENU_GROUPS: Array<{
  code: string;
  name: string;
  path: string;
  source: string;
  pages: Array<[string, string, string]>;
}> = [
  {
    code: 'desk',
    name: '工作台',
    path: '/desk',
    source: 'dashboard',
    pages: [
      ['notice', '通知公告', '/desk/notice'],
      ['lead', '客户咨询', '/desk/lead'],
    ],
  },
  {
    code: 'system',
    name: '系统管理',
    path: '/system',
    source: 'setting',
    pages: [
      ['param', '参数管理', '/system/param'],
      ['user', '用户管理', '/system/user'],
      ['dept', '部门管理', '/system/dept'],
      ['post', '岗位管理', '/system/post'],
      ['role', '角色管理', '/authority/role'],
      ['menu', '菜单管理', '/system/menu'],
      ['dict', '系统字典', '/system/dict'],
      ['client', '应用管理', '/system/client'],
    ],
  },
];

const menuRoutes = MENU_GROUPS.map((group, g) => ({
  id: String(100 + g),
  parentId: '0',
  code: group.code,
  name: group.name,
  path: group.path,
  source: group.source,
  sort: g + 1,
  category: 1,
  action: 0,
  isOpen: 1,
  hasChildren: true,
  children: group.pages.map(([code, name, path], p) => ({
    id: String(1000 + g * 100 + p),
    parentId: String(100 + g),
    code,
    name,
    path,
    source: '',
    sort: p + 1,
    category: 1,
    action: 0,
    isOpen: 1,
    hasChildren: false,
  })),
}));

/** Every button of every entity granted: the mock signs in as an administrator. */
const buttons = mockEntities.map((entity, i) => ({
  id: String(5000 + i),
  code: entity.permissions.read,
  name: entity.name,
  children: Object.values(entity.permissions)
    .filter((code): code is string => Boolean(code) && code !== entity.permissions.read)
    .map((code, j) => ({ id: `${5000 + i}${j}`, code, name: code })),
}));

const DICTIONARIES: Record<string, Array<[string, string]>> = {
  notice: [
    ['1', '发布通知'],
    ['2', '批转通知'],
    ['3', '转发通知'],
  ],
  sex: [
    ['1', '男'],
    ['2', '女'],
    ['3', '未知'],
  ],
  yes_no: [
    ['0', '否'],
    ['1', '是'],
  ],
  lead_status: [
    ['1', '新咨询'],
    ['2', '已联系'],
    ['3', '已关闭'],
  ],
};
const dictionary = (code: string) =>
  (DICTIONARIES[code] ?? []).map(([dictKey, dictValue], i) => ({
    id: `${code}-${dictKey}`,
    parentId: code,
    code,
    dictKey,
    dictValue,
    sort: i + 1,
    remark: '',
  }));

const idsOf = async (request: Request): Promise<string[]> => {
  const url = new URL(request.url);
  let raw = url.searchParams.get('ids') ?? '';
  if (!raw && request.headers.get('content-type')?.includes('form'))
    raw = String((await request.formData()).get('ids') ?? '');
  return raw.split(',').filter(Boolean);
};

function entityHandlers(entity: EntityDefinition) {
  const { api } = entity;
  const titleField = entity.tree?.title;
  const asNode = (row: Record<string, unknown>) => ({
    ...row,
    hasChildren: false,
    ...(titleField ? { title: row[titleField], key: row.id, value: row.id } : {}),
  });
  return [
    http.get(`${api}/list`, ({ request }) => {
      const rows = tableOf(entity);
      if (entity.tree) return HttpResponse.json(ok(rows.map(asNode)));
      const url = new URL(request.url);
      const current = Math.max(1, Number(url.searchParams.get('current') ?? 1) || 1);
      const size = Math.max(1, Number(url.searchParams.get('size') ?? 10) || 10);
      return HttpResponse.json(
        ok({
          records: rows.slice((current - 1) * size, current * size),
          total: rows.length,
          size,
          current,
          pages: Math.ceil(rows.length / size),
        }),
      );
    }),
    http.get(`${api}/lazy-list`, () => HttpResponse.json(ok(tableOf(entity).map(asNode)))),
    http.get(`${api}/tree`, () => HttpResponse.json(ok(tableOf(entity).map(asNode)))),
    http.get(`${api}/select`, () => HttpResponse.json(ok(tableOf(entity)))),
    http.get(`${api}/detail`, ({ request }) => {
      const id = new URL(request.url).searchParams.get('id');
      const row = tableOf(entity).find((r) => r.id === id);
      return row ? HttpResponse.json(ok(row)) : fail('数据不存在', 404);
    }),
    http.post(`${api}/submit`, async ({ request }) => {
      const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
      // The same checks and messages as the server: the contract's input schema.
      const parsed = entity.input.safeParse(body);
      if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? '参数校验失败');
      const rows = tableOf(entity);
      const existing = typeof body.id === 'string' ? rows.find((r) => r.id === body.id) : undefined;
      if (existing) Object.assign(existing, parsed.data);
      else rows.unshift({ ...sampleRecord(entity, rows.length + 1000), ...(parsed.data as object) });
      return HttpResponse.json(ok(existing ?? rows[0]));
    }),
    http.post(`${api}/remove`, async ({ request }) => {
      const ids = await idsOf(request);
      if (ids.length === 0) return fail('缺少必要的请求参数: ids');
      tables.set(
        api,
        tableOf(entity).filter((r) => !ids.includes(String(r.id))),
      );
      return HttpResponse.json(ok({}));
    }),
  ];
}

export const handlers = [
  http.get('/api/cube-system/tenant/info', () => HttpResponse.json(ok(mockSiteInfo))),
  http.post('/api/cube-auth/oauth/token', () => HttpResponse.json(user)),
  http.post('/api/cube-auth/oauth/token/refresh', () => HttpResponse.json(user)),
  http.get('/api/cube-auth/oauth/logout', () => HttpResponse.json(ok({}))),
  http.post('/api/cube-auth/oauth/logout', () => HttpResponse.json(ok({}))),
  http.get('/api/cube-auth/oauth/user-info', () =>
    HttpResponse.json(
      ok({ id: user.user_id, account: user.account, realName: user.real_name, roles: ['admin'] }),
    ),
  ),
  http.get('/api/cube-system/menu/routes', () => HttpResponse.json(ok(menuRoutes))),
  http.get('/api/cube-system/menu/buttons', () => HttpResponse.json(ok(buttons))),
  http.get('/api/cube-system/menu/top-menu', () => HttpResponse.json(ok([]))),
  http.get('/api/cube-system/dict/dictionary', ({ request }) =>
    HttpResponse.json(ok(dictionary(new URL(request.url).searchParams.get('code') ?? ''))),
  ),
  http.get('/api/cube-system/dict-biz/dictionary', ({ request }) =>
    HttpResponse.json(ok(dictionary(new URL(request.url).searchParams.get('code') ?? ''))),
  ),
  http.get('/api/cube-desk/notice/my', () =>
    HttpResponse.json(ok({ records: [], total: 0, size: 10, current: 1, pages: 0 })),
  ),
  http.get('/api/cube-desk/dashboard/overview', () =>
    HttpResponse.json(
      ok({
        tenantId: DEFAULT_TENANT_ID,
        tenantName: mockSiteInfo.tenantName,
        userCount: 12,
        deptCount: 6,
        roleCount: 4,
        noticeCount: 3,
        activeSessions: 1,
        loginsByDay: [],
        usersByDept: [],
        recentNotices: [],
      }),
    ),
  ),
  ...mockEntities.flatMap(entityHandlers),
];
