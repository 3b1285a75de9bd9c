import { afterEach, describe, expect, it } from 'vitest';
import { request } from '../api/request';
import { getStore } from '../lib/storage';
import { BUTTONS_FIXTURE, installConsoleApi, MENU_FIXTURE } from '../test/consoleApi';
import { ok } from '../test/mockAdapter';
import { toFlowRoutes, useMenuStore, userRoles } from './menu';
import { can } from './permission';
import { useSessionStore } from './session';

const originalAdapter = request.defaults.adapter;

describe('menu store', () => {
  afterEach(() => {
    useMenuStore.getState().reset();
    request.defaults.adapter = originalAdapter;
  });

  it('loads the menu, then the button permissions, and stores both', async () => {
    const adapter = installConsoleApi();
    await useMenuStore.getState().loadMenu('');
    const urls = adapter.mock.calls.map(([config]) => config.url);
    expect(urls.indexOf('/api/cube-system/menu/routes')).toBeLessThan(
      urls.indexOf('/api/cube-system/menu/buttons'),
    );
    expect(useMenuStore.getState().status).toBe('ready');
    expect(useMenuStore.getState().menu.map((node) => node.id)).toEqual(MENU_FIXTURE.map((node) => node.id));
    expect(getStore('menu')).toHaveLength(MENU_FIXTURE.length);
    expect(getStore('permission')).toEqual({ param_add: true, param_edit: true });
    expect(can(BUTTONS_FIXTURE[0]!.children[0]!.code)).toBe(true);
  });

  it('reloads the sidebar for a top menu and keeps the pages seen before', async () => {
    const adapter = installConsoleApi((config) =>
      config.url?.endsWith('/menu/routes') && config.params?.topMenuId === 't1'
        ? ok([{ id: '9', parentId: '0', code: 'desk', name: '工作台', path: '/desk' }])
        : undefined,
    );
    await useMenuStore.getState().loadMenu('');
    await useMenuStore.getState().loadMenu('t1');
    expect(adapter.mock.calls.some(([config]) => config.params?.topMenuId === 't1')).toBe(true);
    expect(useMenuStore.getState().menu.map((node) => node.id)).toEqual(['9']);
    expect(useMenuStore.getState().menuAll.map((node) => node.id)).toEqual(['1', '2', '3', '9']);
  });

  it('reports a failed first load', async () => {
    installConsoleApi((config) => (config.url?.endsWith('/menu/routes') ? new Error('down') : undefined));
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      await useMenuStore.getState().loadMenu('');
    } finally {
      console.warn = warn;
    }
    expect(useMenuStore.getState().status).toBe('error');
  });

  it('forgets everything when the session ends', async () => {
    installConsoleApi();
    await useMenuStore.getState().loadMenu('');
    useSessionStore.getState().logoutLocally();
    expect(useMenuStore.getState().menuAll).toEqual([]);
    expect(can('param_add')).toBe(false);
  });

  it('reads roles and flow routes', () => {
    expect(userRoles({ role_name: 'administrator, auditor' })).toEqual(['administrator', 'auditor']);
    expect(userRoles(undefined)).toEqual([]);
    expect(
      toFlowRoutes([
        { code: 'flow', dictKey: '1', dictValue: '发明专利全流程', remark: '/flow/invention' },
        { code: 'flow', dictKey: '2', dictValue: '无路由', remark: '' },
      ]),
    ).toEqual([{ routeKey: 'flow_1', routeValue: '/flow/invention', name: '发明专利全流程' }]);
  });
});
