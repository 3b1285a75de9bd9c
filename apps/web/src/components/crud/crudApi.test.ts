import { afterEach, describe, expect, it } from 'vitest';
import { type CrudTreeSource, createCrudApi, createTreeCrudApi } from '../../api/crud';
import { request } from '../../api/request';
import { mockAdapter, ok } from '../../test/mockAdapter';
import { graftLevels, tidyTree } from './useCrudRows';

function whole<T>(source: CrudTreeSource<T>) {
  if (source.lazy) throw new Error('lazy');
  return source;
}

function lazy<T>(source: CrudTreeSource<T>) {
  if (!source.lazy) throw new Error('not lazy');
  return source;
}

const originalAdapter = request.defaults.adapter;

function answering(data: unknown) {
  const adapter = mockAdapter(() => ok(data));
  request.defaults.adapter = adapter;
  const calls = () => adapter.mock.calls.map(([config]) => ({ url: config.url, params: config.params }));
  return calls;
}

describe('CRUD bindings', () => {
  afterEach(() => {
    request.defaults.adapter = originalAdapter;
  });

  it('lists a paged resource with the blank filters dropped', async () => {
    const calls = answering({ records: [], total: 0, size: 10, current: 1, pages: 0 });
    await createCrudApi('/api/x/param').list({ current: 1, size: 10, paramName: ' a ', paramKey: '' });
    expect(calls()).toEqual([{ url: '/api/x/param/list', params: { current: 1, size: 10, paramName: 'a' } }]);
  });

  it('loads a whole tree from `list` (or another path) without paging', async () => {
    const calls = answering([{ id: '1', children: [{ id: '2' }] }]);
    const rows = await whole(createTreeCrudApi('/api/x/menu').tree).load({ name: 'sys', code: '' });
    expect(rows).toEqual([{ id: '1', children: [{ id: '2' }] }]);
    await whole(createTreeCrudApi('/api/x/dict', { path: 'child-list' }).tree).load({ parentId: '5' });
    expect(calls()).toEqual([
      { url: '/api/x/menu/list', params: { name: 'sys' } },
      { url: '/api/x/dict/child-list', params: { parentId: '5' } },
    ]);
  });

  it('loads a lazy tree level by level from `lazy-list?parentId=`; a search without a parent sends none', async () => {
    const calls = answering([{ id: '1', hasChildren: true }]);
    const dept = lazy(createTreeCrudApi('/api/x/dept', { lazy: true }).tree);
    expect(dept.rootId).toBe('0');
    await dept.load('0', {});
    await dept.load(undefined, { deptName: '研发' });
    await lazy(createTreeCrudApi('/api/x/menu', { lazy: true, lazyPath: 'lazy-menu-list' }).tree).load(
      '7',
      {},
    );
    expect(calls()).toEqual([
      { url: '/api/x/dept/lazy-list', params: { parentId: '0' } },
      { url: '/api/x/dept/lazy-list', params: { deptName: '研发' } },
      { url: '/api/x/menu/lazy-menu-list', params: { parentId: '7' } },
    ]);
  });
});

describe('tree rows for the table', () => {
  it('drops empty children, so that a leaf draws no expand button', () => {
    expect(
      tidyTree([
        { id: '1', children: [{ id: '2', children: [] }] },
        { id: '3', children: [] },
      ]),
    ).toEqual([{ id: '1', children: [{ id: '2' }] }, { id: '3' }]);
  });

  it('grafts loaded levels under their rows and leaves room under rows with children not loaded', () => {
    const top = [
      { id: '1', hasChildren: true },
      { id: '2', hasChildren: true },
      { id: '3', hasChildren: false },
    ];
    const levels = new Map([
      ['1', [{ id: '11', hasChildren: true }]],
      ['11', [{ id: '1' }]], // bad data: a row under itself is not opened again
    ]);
    expect(graftLevels(top, levels)).toEqual([
      {
        id: '1',
        hasChildren: true,
        children: [{ id: '11', hasChildren: true, children: [{ id: '1' }] }],
      },
      { id: '2', hasChildren: true, children: [] },
      { id: '3', hasChildren: false },
    ]);
  });
});
