import type { InternalAxiosRequestConfig } from 'axios';
import { request } from '../api/request';
import { type MockAnswer, mockAdapter, ok } from './mockAdapter';

/** The menu of the tests: 系统管理 → 参数管理 (registered page) and 任务调度 (a menu with no page registered). */
export const MENU_FIXTURE = [
  {
    id: '1',
    parentId: '0',
    code: 'system',
    name: '系统管理',
    path: '/system',
    source: 'setting',
    children: [
      { id: '11', parentId: '1', code: 'param', name: '参数管理', path: '/system/param', source: 'tool' },
      {
        id: '12',
        parentId: '1',
        code: 'job',
        name: '任务调度',
        path: '/monitor/job',
        source: 'bug',
      },
    ],
  },
  {
    id: '2',
    parentId: '0',
    code: 'docs',
    name: '外部文档',
    path: 'https://docs.example.com/guide',
    source: '',
  },
  {
    id: '3',
    parentId: '0',
    code: 'site',
    name: '企业官网',
    path: 'https://www.example.com/',
    source: 'global',
    isOpen: 2,
  },
];

export const BUTTONS_FIXTURE = [
  {
    id: '11',
    code: 'param',
    name: '参数管理',
    children: [
      { id: '111', code: 'param_add', name: '新增' },
      { id: '112', code: 'param_edit', name: '修改' },
    ],
  },
];

export const OVERVIEW_FIXTURE = {
  tenantId: '100000',
  tenantName: '示例科技',
  userCount: 1,
  deptCount: 1,
  roleCount: 1,
  noticeCount: 0,
  activeSessions: 1,
  loginsByDay: [],
  usersByDept: [],
  recentNotices: [],
};

const EMPTY_PAGE = { records: [], total: 0, size: 10, current: 1, pages: 0 };

export type Responder = (config: InternalAxiosRequestConfig) => MockAnswer | Error | undefined;

/**
 * Answers the console's calls from fixtures (menu, buttons, top menu, notices, lookups…); `override` may answer
 * first. Unknown lists answer an empty page, anything else an empty object. Returns the adapter spy.
 */
export function installConsoleApi(override?: Responder) {
  const adapter = mockAdapter((config) => {
    const answer = override?.(config);
    if (answer) return answer;
    const url = config.url ?? '';
    if (url.endsWith('/menu/routes')) return ok(MENU_FIXTURE);
    if (url.endsWith('/menu/buttons')) return ok(BUTTONS_FIXTURE);
    if (url.endsWith('/menu/top-menu')) return ok([]);
    if (url.endsWith('/dictionary')) return ok([]);
    if (url.endsWith('/dashboard/overview')) return ok(OVERVIEW_FIXTURE);
    if (url.endsWith('/select')) return ok([]);
    if (/\/(list|my|page)$/.test(url)) return ok(EMPTY_PAGE);
    return ok({});
  });
  request.defaults.adapter = adapter;
  return adapter;
}
