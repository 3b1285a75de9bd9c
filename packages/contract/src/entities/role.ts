import { z } from 'zod';
import { defineEntity, optionalParentId, type RecordOf, requiredText } from '../entity.js';

const messages = {
  roleNameRequired: '请输入角色名称',
  roleAliasRequired: '请输入角色别名',
  roleAliasInvalid: '角色别名只能包含字母、数字、下划线和短横线',
  sortRequired: '请输入角色排序',
  sortInvalid: '角色排序必须是0到99999之间的整数',
  parentInvalid: '请选择上级角色',
  roleAliasExists: '角色别名已存在',
  administratorReserved: '无权限创建超管角色！',
  adminReserved: '无权限创建管理员角色！',
  adminRoleProtected: '无权限修改管理员角色！',
  roleInUse: '角色已分配给用户，不能删除',
  adminRoleRemove: '管理员角色不能删除',
  grantRolesRequired: '请选择角色',
  grantNotHeld: '不能授予自己没有的权限',
  grantPlatformOnly: '不能授予平台专属菜单',
  grantOutsidePackage: '所选菜单超出租户产品包范围',
  grantScopeMenu: '所选权限规则不属于已授权的菜单',
  grantWidensOwn: '不能放宽自己所属角色的数据权限或接口权限',
  ownRoleAlias: '不能修改自己所属角色的别名',
} as const;

const limits = { roleName: 100, roleAlias: 100 } as const;

/** The grant button of the role page (权限设置): opens the three-tree dialog and calls `role/grant`. */
export const ROLE_GRANT_CODE = 'role_grant';

/**
 * Roles: a tenant's role tree. The alias goes into the token (`role_name`): `administrator` is the
 * platform's super administrator, `admin` a tenant's administrator — both reserved to administrators.
 */
export const roleEntity = defineEntity({
  name: 'role',
  api: '/api/cube-system/role',
  scope: 'tenant',
  audit: false,
  record: z.object({
    id: z.string(),
    tenantId: z.string(),
    parentId: z.string(),
    roleName: z.string(),
    sort: z.number(),
    roleAlias: z.string(),
    isDeleted: z.number(),
    /** VO helper: the parent's name, `顶级` for roots. */
    parentName: z.string(),
  }),
  input: z.object({
    parentId: optionalParentId(messages.parentInvalid),
    roleName: requiredText(messages.roleNameRequired, limits.roleName),
    roleAlias: z.preprocess(
      (v) => (v === null ? undefined : v),
      z
        .string({ error: messages.roleAliasRequired })
        .trim()
        .min(1, messages.roleAliasRequired)
        .max(limits.roleAlias, `长度不能超过${limits.roleAlias}个字符`)
        .regex(/^[A-Za-z0-9_-]+$/, messages.roleAliasInvalid),
    ),
    sort: z.preprocess(
      (v) => (v === null || v === '' ? undefined : v),
      z.coerce
        .number({ error: messages.sortRequired })
        .int(messages.sortInvalid)
        .min(0, messages.sortInvalid)
        .max(99_999, messages.sortInvalid),
    ),
  }),
  filters: {
    id: 'id',
    parentId: 'id',
    roleName: 'string',
    roleAlias: 'string',
    sort: 'integer',
  },
  defaultOrder: [
    { field: 'sort', direction: 'asc' },
    { field: 'id', direction: 'asc' },
  ],
  permissions: {
    read: 'role',
    add: 'role_add',
    edit: 'role_edit',
    remove: 'role_delete',
    view: 'role_view',
  },
  messages,
  limits,
  unique: [{ fields: ['roleAlias'], message: messages.roleAliasExists }],
  tree: { parent: 'parentId', title: 'roleName', sort: 'sort' },
});

export type Role = RecordOf<typeof roleEntity>;

/** `role/grant` body: ids as strings or numbers; a missing list is empty. */
export const roleGrantSchema = z.object({
  roleIds: z.array(z.union([z.string(), z.number()])).min(1, messages.grantRolesRequired),
  menuIds: z
    .array(z.union([z.string(), z.number()]))
    .optional()
    .default([]),
  dataScopeIds: z
    .array(z.union([z.string(), z.number()]))
    .optional()
    .default([]),
  apiScopeIds: z
    .array(z.union([z.string(), z.number()]))
    .optional()
    .default([]),
});
export type RoleGrant = z.input<typeof roleGrantSchema>;

/** `menu/role-tree-keys` answer: the ids a set of roles holds. */
export interface RoleTreeKeys {
  menu: string[];
  dataScope: string[];
  apiScope: string[];
}
