import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../api/menu';
import {
  filterMenuByRoles,
  findMenuByGroup,
  findMenuByPagePath,
  findMenuByPath,
  findMenuByRouterPath,
  isEmbedded,
  menuAncestry,
  menuHref,
  menuLeaves,
  mergeMenus,
  searchMenuLeaves,
} from './menuRoutes';

const node = (id: string, name: string, path: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  id,
  parentId: '0',
  code: id,
  name,
  path,
  ...extra,
});

const MENU: MenuNode[] = [
  node('system', '系统管理', '/system', {
    children: [
      node('param', '参数管理', '/system/param'),
      node('user', 'User admin', '/system/user'),
      node('tenant', '租户管理', '/system/tenant', { meta: { roles: ['administrator'] } }),
    ],
  }),
  node('desk', '工作台', '/desk', { children: [node('notice', '通知公告', '/desk/notice')] }),
  node('docs', '帮助文档', 'https://docs.example.com/'),
  node('report', 'Usage report', '/static/report.html'),
  node('site', '官网', 'https://example.com', { isOpen: 2 }),
];

describe('menu addresses', () => {
  it('a leaf opens at path + /index', () => {
    expect(menuHref(node('param', '参数管理', '/system/param'))).toBe('/system/param/index');
    expect(menuHref(node('x', 'x', 'system/x/'))).toBe('/system/x/index');
  });

  it('external links and html files open in the embedded-page route with ?src=', () => {
    expect(isEmbedded(node('a', 'a', 'https://a.example'))).toBe(true);
    expect(isEmbedded(node('a', 'a', '/static/a.html'))).toBe(true);
    expect(isEmbedded(node('a', 'a', '/system/a'))).toBe(false);
    const href = menuHref(node('docs', '帮助文档', 'https://docs.example.com/'));
    expect(href.startsWith('/myiframe/docs?')).toBe(true);
    expect(new URLSearchParams(href.split('?')[1]).get('src')).toBe('https://docs.example.com/');
  });

  it('finds the leaf of an address, the menu path typed bare, and an embedded page', () => {
    expect(findMenuByPagePath(MENU, '/system/param/index')?.id).toBe('param');
    expect(findMenuByPagePath(MENU, '/system/index')).toBeUndefined();
    expect(findMenuByPagePath(MENU, '/system/param')).toBeUndefined();
    expect(findMenuByPath(MENU, '/system/param')?.id).toBe('param');
    expect(findMenuByRouterPath(MENU, 'docs')?.path).toBe('https://docs.example.com/');
  });

  it('finds the item whose group lists a page (the menu node `group` field)', () => {
    const grouped = [
      node('param', '参数管理', '/system/param', {
        group: ['/system/param-detail', ' /system/param/history/index '],
      }),
    ];
    expect(findMenuByGroup(grouped, '/system/param-detail/index')?.id).toBe('param');
    expect(findMenuByGroup(grouped, '/system/param/history/index')?.id).toBe('param');
    expect(findMenuByGroup(grouped, '/system/other/index')).toBeUndefined();
    expect(findMenuByGroup(MENU, '/system/param-detail/index')).toBeUndefined();
  });

  it('knows the branch of a leaf', () => {
    expect(menuAncestry(MENU, 'notice')).toEqual(['desk', 'notice']);
    expect(menuAncestry(MENU, 'nope')).toEqual([]);
  });
});

describe('menu search filter', () => {
  it('matches leaf names by case-insensitive prefix', () => {
    expect(searchMenuLeaves(MENU, '参').map((item) => item.id)).toEqual(['param']);
    expect(searchMenuLeaves(MENU, 'user').map((item) => item.id)).toEqual(['user']);
    expect(searchMenuLeaves(MENU, 'USAGE').map((item) => item.id)).toEqual(['report']);
    expect(searchMenuLeaves(MENU, '  us').map((item) => item.id)).toEqual(['user', 'report']);
  });

  it('ignores branches, matches prefixes only, and finds nothing for an empty query', () => {
    expect(searchMenuLeaves(MENU, '系统')).toEqual([]);
    expect(searchMenuLeaves(MENU, '管理')).toEqual([]);
    expect(searchMenuLeaves(MENU, 'admin')).toEqual([]);
    expect(searchMenuLeaves(MENU, '')).toEqual([]);
    expect(searchMenuLeaves(MENU, '   ')).toEqual([]);
  });

  it('also matches the label in the current language', () => {
    const labels: Record<string, string> = { param: 'Parameters' };
    const found = searchMenuLeaves(MENU, 'para', (item) => labels[item.id] ?? item.name);
    expect(found.map((item) => item.id)).toEqual(['param']);
  });
});

describe('menu roles', () => {
  it('hides items whose meta.roles the user does not hold, and branches left empty', () => {
    const withoutRole = filterMenuByRoles(MENU, ['user']);
    expect(menuLeaves(withoutRole).map((item) => item.id)).not.toContain('tenant');
    const asAdmin = filterMenuByRoles(MENU, ['administrator']);
    expect(menuLeaves(asAdmin).map((item) => item.id)).toContain('tenant');
    const onlyRestricted = [
      node('b', 'b', '/b', { children: [node('c', 'c', '/b/c', { meta: { roles: 'x,y' } })] }),
    ];
    expect(filterMenuByRoles(onlyRestricted, ['z'])).toEqual([]);
    expect(filterMenuByRoles(onlyRestricted, ['y'])).toHaveLength(1);
  });
});

describe('menus of every top menu', () => {
  it('adds new roots and replaces known ones', () => {
    const merged = mergeMenus(
      [node('a', 'A', '/a'), node('b', 'B', '/b')],
      [node('b', 'B2', '/b'), node('c', 'C', '/c')],
    );
    expect(merged.map((item) => `${item.id}:${item.name}`)).toEqual(['a:A', 'b:B2', 'c:C']);
  });
});
