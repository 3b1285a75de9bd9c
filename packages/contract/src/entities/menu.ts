import { z } from 'zod';
import { defineEntity, optionalParentId, optionalText, type RecordOf, requiredText } from '../entity.js';

/** `category` of a menu row (dictionary `menu_category`). */
export const MenuCategory = { menu: 1, button: 2 } as const;
/** `isOpen` (dictionary `yes_no`): 2 opens the item in a new window. */
export const MenuOpen = { no: 1, yes: 2 } as const;

const messages = {
  nameRequired: '请输入菜单名称',
  codeRequired: '请输入菜单编号',
  codeInvalid: '菜单编号只能包含字母、数字、下划线、短横线、点和冒号',
  categoryRequired: '请选择菜单类型',
  sortRequired: '请输入菜单排序',
  pathRequired: '请输入路由地址',
  parentInvalid: '请选择正确的上级菜单',
  actionInvalid: '请选择按钮功能',
  isOpenInvalid: '请选择新窗口打开',
  rolesInvalid: '角色别名只能包含字母、数字、下划线和短横线，多个以逗号分隔',
  nameOrCodeExists: '菜单名或编号已存在!',
  parentNotMenu: '父节点只可选择菜单类型!',
  buttonHasChildren: '按钮下不能添加子项!',
  heldByRoles: '菜单已授权给角色，请先在角色管理中取消授权后再删除!',
} as const;

const limits = {
  name: 100,
  code: 100,
  alias: 100,
  path: 500,
  source: 100,
  remark: 500,
  roles: 255,
  routeGroup: 500,
  routeQuery: 500,
} as const;

const nullToUndefined = (v: unknown) => (v === null ? undefined : v);
const blankToUndefined = (v: unknown) => (v === null || v === '' ? undefined : v);

/** An integer field that forms send as a number or a numeric string. */
const integer = (message: string, min: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message),
  );

/**
 * Menus and buttons: one platform-wide tree of pages (category 1) and the
 * buttons under them (category 2, whose `code` is the permission code the server checks). Written by the platform
 * administrator only; roles and top menus pick from it.
 */
export const menuEntity = defineEntity({
  name: 'menu',
  api: '/api/cube-system/menu',
  scope: 'global',
  audit: false,
  record: z.object({
    id: z.string(),
    parentId: z.string(),
    code: z.string(),
    name: z.string(),
    alias: z.string(),
    path: z.string(),
    source: z.string(),
    sort: z.number(),
    category: z.number(),
    action: z.number(),
    isOpen: z.number(),
    remark: z.string(),
    roles: z.string(),
    routeGroup: z.string(),
    routeQuery: z.string(),
    isDeleted: z.number(),
    /** VO helper fields (BladeX's MenuVO): `顶级` for roots, dictionary labels of the codes. */
    parentName: z.string(),
    categoryName: z.string(),
    actionName: z.string(),
    isOpenName: z.string(),
  }),
  input: z.object({
    parentId: optionalParentId(messages.parentInvalid),
    name: requiredText(messages.nameRequired, limits.name),
    code: z.preprocess(
      nullToUndefined,
      z
        .string({ error: messages.codeRequired })
        .trim()
        .min(1, messages.codeRequired)
        .max(limits.code, `长度不能超过${limits.code}个字符`)
        .regex(/^[A-Za-z0-9_.:-]+$/, messages.codeInvalid),
    ),
    category: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: messages.categoryRequired })
        .refine((v) => v === MenuCategory.menu || v === MenuCategory.button, messages.categoryRequired),
    ),
    sort: integer(messages.sortRequired, -99_999, 99_999),
    alias: optionalText(limits.alias),
    path: optionalText(limits.path),
    source: optionalText(limits.source),
    action: z.preprocess(blankToUndefined, integer(messages.actionInvalid, 0, 3).optional().default(0)),
    isOpen: z.preprocess(
      blankToUndefined,
      integer(messages.isOpenInvalid, 0, 2).optional().default(MenuOpen.no),
    ),
    remark: optionalText(limits.remark),
    roles: z.preprocess(
      nullToUndefined,
      z
        .string()
        .trim()
        .max(limits.roles, `长度不能超过${limits.roles}个字符`)
        .regex(/^[A-Za-z0-9_-]*(\s*,\s*[A-Za-z0-9_-]+)*$/, messages.rolesInvalid)
        .optional()
        .default(''),
    ),
    routeGroup: optionalText(limits.routeGroup),
    routeQuery: optionalText(limits.routeQuery),
  }),
  filters: {
    id: 'id',
    parentId: 'id',
    name: 'string',
    code: 'string',
    alias: 'string',
    path: 'string',
    category: 'integer',
    action: 'integer',
    isOpen: 'integer',
    sort: 'integer',
  },
  defaultOrder: [
    { field: 'sort', direction: 'asc' },
    { field: 'id', direction: 'asc' },
  ],
  permissions: {
    read: 'menu',
    add: 'menu_add',
    edit: 'menu_edit',
    remove: 'menu_delete',
    view: 'menu_view',
  },
  messages,
  limits,
  tree: { parent: 'parentId', title: 'name', sort: 'sort' },
});

export type MenuRecord = RecordOf<typeof menuEntity>;
