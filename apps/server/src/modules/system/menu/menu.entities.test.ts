import { menuEntity, topMenuEntity } from '@cube/contract';
import { runCrudKit } from '../../../../test/kit/crud-kit.js';

/** Menus and top menus through the CRUD test kit; their own rules are in menus.test.ts. */
const stamp = Date.now();

runCrudKit({
  entity: menuEntity,
  table: 'cubeMenu',
  admin: 'platformAdmin',
  outsider: 'tenantUser',
  sample: (n) => ({
    parentId: '0',
    name: `测试菜单${n}-${stamp}`,
    code: `kit_menu_${n}_${stamp}`,
    path: `/kit/menu${n}`,
    category: 1,
    sort: n,
  }),
  change: { name: '已修改的菜单', source: 'setting', isOpen: 2, remark: '备注' },
  invalid: [
    { input: { name: '' }, message: menuEntity.messages.nameRequired },
    { input: { name: null }, message: menuEntity.messages.nameRequired },
    { input: { code: '' }, message: menuEntity.messages.codeRequired },
    { input: { code: 'a b' }, message: menuEntity.messages.codeInvalid },
    { input: { category: '' }, message: menuEntity.messages.categoryRequired },
    { input: { category: 3 }, message: menuEntity.messages.categoryRequired },
    { input: { sort: '' }, message: menuEntity.messages.sortRequired },
    { input: { sort: 1.5 }, message: menuEntity.messages.sortRequired },
    { input: { action: 9 }, message: menuEntity.messages.actionInvalid },
    { input: { isOpen: 'x' }, message: menuEntity.messages.isOpenInvalid },
    { input: { roles: 'admin;drop' }, message: menuEntity.messages.rolesInvalid },
    { input: { parentId: 'abc' }, message: menuEntity.messages.parentInvalid },
    { input: { path: '' }, message: menuEntity.messages.pathRequired },
    { input: { code: 'param' }, message: menuEntity.messages.nameOrCodeExists },
    { input: { name: '参数管理' }, message: menuEntity.messages.nameOrCodeExists },
    // A button (param_add) cannot be a parent.
    { input: { parentId: '1123598815738675211' }, message: menuEntity.messages.parentNotMenu },
    { input: { name: 'x'.repeat(101) }, message: '长度不能超过100个字符' },
  ],
  optional: [
    'alias',
    'source',
    'remark',
    'roles',
    'routeGroup',
    'routeQuery',
    'action',
    'isOpen',
    'parentId',
  ],
});

runCrudKit({
  entity: topMenuEntity,
  table: 'cubeTopMenu',
  admin: 'tenantAdmin',
  outsider: 'tenantUser',
  sample: (n) => ({ name: `测试顶部菜单${n}`, code: `kit_top_${n}_${stamp}`, sort: n }),
  change: { name: '已修改的顶部菜单', source: 'setting', path: '/system' },
  invalid: [
    { input: { name: '' }, message: topMenuEntity.messages.nameRequired },
    { input: { code: '' }, message: topMenuEntity.messages.codeRequired },
    { input: { code: 'a/b' }, message: topMenuEntity.messages.codeInvalid },
    { input: { sort: '' }, message: topMenuEntity.messages.sortRequired },
    { input: { code: 'desk' }, message: topMenuEntity.messages.codeExists },
    { input: { name: 'x'.repeat(101) }, message: '长度不能超过100个字符' },
  ],
  optional: ['source', 'path'],
});
