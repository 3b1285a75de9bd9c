import { defineEntity, optionalParentId, optionalText, requiredText } from '@cube/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, DEMO, dialects, type TestApp } from '../../../test/helpers.js';
import { BizError } from '../errors.js';
import { registerCrud, TreeMessage } from './index.js';

/**
 * The kit's tree building blocks on a test-only entity over the department table (the real department screen
 * comes with its own issue): forest `list`, `tree`, `lazy-list` / `lazy-tree` with `hasChildren`, `ancestors`
 * kept right on create and on a move, cycles refused, a parent with children not removable — and the options:
 * read-only, base `where`, hooks and extra routes.
 */
const treeEntity = defineEntity({
  name: 'kitDept',
  api: '/api/test-kit/dept',
  scope: 'tenant',
  audit: false,
  record: z.object({
    id: z.string(),
    tenantId: z.string(),
    parentId: z.string(),
    ancestors: z.string(),
    deptName: z.string(),
    sort: z.number(),
    remark: z.string(),
  }),
  input: z.object({
    parentId: optionalParentId('请求参数类型错误: parentId'),
    deptName: requiredText('请输入部门名称', 100),
    sort: z.coerce.number().int().default(0),
    remark: optionalText(200),
  }),
  filters: { id: 'id', parentId: 'id', deptName: 'string', sort: 'integer' },
  defaultOrder: [
    { field: 'sort', direction: 'asc' },
    { field: 'id', direction: 'asc' },
  ],
  // The platform administrator holds every code.
  permissions: { read: 'kit_dept', add: 'kit_dept_add', edit: 'kit_dept_edit', remove: 'kit_dept_delete' },
  messages: { nameRequired: '请输入部门名称', nameTaken: '部门名称已存在' },
  limits: { deptName: 100, remark: 200 },
  tree: { parent: 'parentId', title: 'deptName', sort: 'sort', ancestors: 'ancestors' },
});

const readOnlyEntity = {
  ...treeEntity,
  name: 'kitDeptRead',
  api: '/api/test-kit/dept-read',
  tree: undefined,
};

describe.each(dialects)('CRUD kit trees and options on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const hooks: string[] = [];
  const base = treeEntity.api;
  const create = async (body: Record<string, unknown>) => {
    const res = await t.call('POST', `${base}/submit`, admin, body);
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
    return res.body.data.id as string;
  };
  const detail = async (id: string) => (await t.call('GET', `${base}/detail?id=${id}`, admin)).body.data;

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, (app, deps) => {
      registerCrud(app, deps, treeEntity, {
        table: 'cubeDept',
        operations: ['list', 'detail', 'submit', 'remove', 'tree', 'lazyList', 'select'],
        hooks: {
          beforeSave: [
            async ({ values, rows, id }) => {
              hooks.push(`save:${values.deptName}`);
              let q = rows()
                .select('cubeDept.id')
                .where('cubeDept.deptName', '=', values.deptName as string);
              if (id) q = q.where('cubeDept.id', '<>', id);
              if (await q.executeTakeFirst()) throw new BizError(treeEntity.messages.nameTaken);
            },
          ],
          afterRemove: [
            ({ ids }) => {
              hooks.push(`removed:${ids.length}`);
            },
          ],
        },
        routes: (scope, kit) => {
          scope.get(`${kit.prefix}/count`, { config: { access: kit.readAccess } }, async (request) => {
            const ctx = request.ctx!;
            const rows = await kit.rows(t.deps.db.db, ctx).select('cubeDept.id').execute();
            return { code: 200, success: true, msg: '操作成功', data: { count: rows.length } };
          });
        },
      });
      registerCrud(app, deps, readOnlyEntity, {
        table: 'cubeDept',
        readOnly: true,
        where: (qb) => qb.where('cubeDept.deptName', 'like', 'kit-%'),
      });
    });
    admin = (await t.token(DEMO.platformAdmin)).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps ancestors on create and on a move, and answers forest, tree and lazy shapes', async () => {
    const root = await create({ deptName: 'kit-root', sort: 1 });
    const child = await create({ deptName: 'kit-child', parentId: root, sort: 1 });
    const grandchild = await create({ deptName: 'kit-grandchild', parentId: child });
    const other = await create({ deptName: 'kit-other', sort: 2 });
    expect(await detail(root)).toMatchObject({ parentId: '0', ancestors: '0' });
    expect(await detail(grandchild)).toMatchObject({ ancestors: `0,${root},${child}` });

    const list = await t.call('GET', `${base}/list?deptName=kit-`, admin);
    const rootNode = list.body.data.find((n: { id: string }) => n.id === root);
    expect(rootNode).toMatchObject({
      hasChildren: false,
      children: [{ id: child, children: [{ id: grandchild }] }],
    });
    // A match whose parent did not match becomes a root.
    const partial = await t.call('GET', `${base}/list?deptName=kit-grand`, admin);
    expect(partial.body.data.map((n: { id: string }) => n.id)).toEqual([grandchild]);

    const tree = await t.call('GET', `${base}/tree`, admin);
    const node = tree.body.data.find((n: { id: string }) => n.id === root);
    expect(node).toMatchObject({
      id: root,
      parentId: '0',
      title: 'kit-root',
      key: root,
      value: root,
      hasChildren: false,
    });
    expect(node.children.map((n: { id: string }) => n.id)).toEqual([child]);

    const lazy = await t.call('GET', `${base}/lazy-list?parentId=${root}`, admin);
    expect(lazy.body.data).toEqual([expect.objectContaining({ id: child, hasChildren: true })]);
    const leaf = await t.call('GET', `${base}/lazy-tree?parentId=${child}`, admin);
    expect(leaf.body.data).toEqual([
      expect.objectContaining({ id: grandchild, title: 'kit-grandchild', hasChildren: false }),
    ]);

    // Moving the child under another root rewrites its own and its descendants' ancestors.
    await create({ id: child, deptName: 'kit-child', parentId: other });
    expect(await detail(child)).toMatchObject({ parentId: other, ancestors: `0,${other}` });
    expect(await detail(grandchild)).toMatchObject({ ancestors: `0,${other},${child}` });
  });

  it('refuses a parent that is the row itself, one of its descendants, or missing', async () => {
    const a = await create({ deptName: 'kit-a' });
    const b = await create({ deptName: 'kit-b', parentId: a });
    const self = await t.call('POST', `${base}/submit`, admin, { id: a, deptName: 'kit-a', parentId: a });
    expect(self.body).toMatchObject({ code: 400, msg: TreeMessage.parentCycle });
    const below = await t.call('POST', `${base}/submit`, admin, { id: a, deptName: 'kit-a', parentId: b });
    expect(below.body).toMatchObject({ code: 400, msg: TreeMessage.parentCycle });
    const missing = await t.call('POST', `${base}/submit`, admin, {
      deptName: 'kit-c',
      parentId: '123456789',
    });
    expect(missing.body).toMatchObject({ code: 400, msg: TreeMessage.parentMissing });
    expect(await detail(a)).toMatchObject({ parentId: '0' });
  });

  it('refuses to remove a parent that still has children, but removes a whole branch at once', async () => {
    const p = await create({ deptName: 'kit-p' });
    const c = await create({ deptName: 'kit-pc', parentId: p });
    const refused = await t.call('POST', `${base}/remove?ids=${p}`, admin);
    expect(refused.body).toMatchObject({ code: 400, msg: TreeMessage.hasChildren });
    expect(await detail(p)).toMatchObject({ id: p });
    const branch = await t.call('POST', `${base}/remove?ids=${p},${c}`, admin);
    expect(branch.body).toMatchObject({ code: 200 });
    expect(hooks).toContain('removed:2');
  });

  it('never sends hasChildren true beside filled children on a whole tree (element-ui reads it as lazy)', async () => {
    interface Node {
      hasChildren?: boolean;
      children?: Node[];
    }
    const walk = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...walk(n.children ?? [])]);
    await create({ deptName: 'kit-whole-child', parentId: await create({ deptName: 'kit-whole-root' }) });
    for (const url of [
      '/api/cube-system/dept/list',
      '/api/cube-system/dept/tree',
      '/api/cube-system/menu/list',
      '/api/cube-system/menu/tree',
      '/api/cube-system/dict/list',
      '/api/cube-system/dict/tree',
    ]) {
      const res = await t.call('GET', url, admin);
      expect(res.body, url).toMatchObject({ code: 200 });
      const nodes = walk(res.body.data as Node[]);
      expect(
        nodes.some((n) => n.children?.length),
        url,
      ).toBe(true);
      expect(
        nodes.filter((n) => n.hasChildren === true),
        url,
      ).toEqual([]);
    }
    // The lazy endpoints are where the flag belongs.
    const lazy = await t.call('GET', '/api/cube-system/dept/lazy-list?parentId=0', admin);
    expect(lazy.body.data.some((n: Node) => n.hasChildren === true)).toBe(true);
  });

  it('runs save hooks inside the transaction, with their refusal writing nothing', async () => {
    await create({ deptName: 'kit-unique' });
    const dup = await t.call('POST', `${base}/submit`, admin, { deptName: 'kit-unique' });
    expect(dup.body).toMatchObject({ code: 400, msg: treeEntity.messages.nameTaken });
    const count = await t.call('GET', `${base}/count`, admin);
    const names = (await t.call('GET', `${base}/select`, admin)).body.data.map(
      (r: { deptName: string }) => r.deptName,
    );
    expect(names.filter((n: string) => n === 'kit-unique')).toHaveLength(1);
    expect(count.body.data.count).toBeGreaterThan(0);
  });

  it('registers only the read routes of a read-only entity, and applies its base condition', async () => {
    const routes = t.routes
      .filter((r) => r.url.startsWith(readOnlyEntity.api))
      .map((r) => `${r.method} ${r.url}`);
    expect(routes).toContain(`GET ${readOnlyEntity.api}/list`);
    expect(routes).not.toContain(`POST ${readOnlyEntity.api}/submit`);
    expect(routes).not.toContain(`POST ${readOnlyEntity.api}/remove`);
    const list = await t.call('GET', `${readOnlyEntity.api}/list?size=200`, admin);
    expect(list.body.data.records.length).toBeGreaterThan(0);
    expect(list.body.data.records.every((r: { deptName: string }) => r.deptName.startsWith('kit-'))).toBe(
      true,
    );
  });
});
