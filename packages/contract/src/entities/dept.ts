import { z } from 'zod';
import { defineEntity, optionalParentId, optionalText, type RecordOf, requiredText } from '../entity.js';

const messages = {
  deptNameRequired: '请输入机构名称',
  fullNameRequired: '请输入机构全称',
  categoryRequired: '请选择机构类型',
  sortRequired: '请输入排序',
  sortInvalid: '排序必须是0到99999之间的整数',
  parentInvalid: '请选择上级机构',
  deptInUse: '机构下还有用户，不能删除',
} as const;

const limits = { deptName: 100, fullName: 200, remark: 500 } as const;

/** Dictionary `org_category` (BladeX): 1 公司, 2 部门, 3 小组. */
export const DEPT_CATEGORIES: Readonly<Record<number, string>> = { 1: '公司', 2: '部门', 3: '小组' };

/**
 * Departments (BladeX): a tenant's organisation tree with `ancestors` (`0,<root>,…,<parent>`), which
 * the CRUD kit keeps right when a department moves, and which data scopes read (own department and below).
 */
export const deptEntity = defineEntity({
  name: 'dept',
  api: '/api/cube-system/dept',
  scope: 'tenant',
  audit: false,
  record: z.object({
    id: z.string(),
    tenantId: z.string(),
    parentId: z.string(),
    ancestors: z.string(),
    deptCategory: z.number(),
    deptName: z.string(),
    fullName: z.string(),
    sort: z.number(),
    remark: z.string(),
    isDeleted: z.number(),
    /** VO helpers: the parent's name (`顶级` for roots) and the category's label. */
    parentName: z.string(),
    deptCategoryName: z.string(),
  }),
  input: z.object({
    parentId: optionalParentId(messages.parentInvalid),
    deptName: requiredText(messages.deptNameRequired, limits.deptName),
    fullName: requiredText(messages.fullNameRequired, limits.fullName),
    // Absent or blank (SpringBlade consoles have no such field): a new department is a company (the column's
    // default) and an edited one keeps its category.
    deptCategory: z.preprocess(
      (v) => (v === null || v === '' ? undefined : v),
      z.coerce
        .number({ error: messages.categoryRequired })
        .int(messages.categoryRequired)
        .min(1, messages.categoryRequired)
        .max(3, messages.categoryRequired)
        .optional(),
    ),
    sort: z.preprocess(
      (v) => (v === null || v === '' ? undefined : v),
      z.coerce
        .number({ error: messages.sortRequired })
        .int(messages.sortInvalid)
        .min(0, messages.sortInvalid)
        .max(99_999, messages.sortInvalid),
    ),
    remark: optionalText(limits.remark),
  }),
  filters: {
    id: 'id',
    parentId: 'id',
    deptName: 'string',
    fullName: 'string',
    deptCategory: 'integer',
    sort: 'integer',
    remark: 'string',
  },
  defaultOrder: [
    { field: 'sort', direction: 'asc' },
    { field: 'id', direction: 'asc' },
  ],
  permissions: {
    read: 'dept',
    add: 'dept_add',
    edit: 'dept_edit',
    remove: 'dept_delete',
    view: 'dept_view',
  },
  messages,
  limits,
  tree: { parent: 'parentId', title: 'deptName', sort: 'sort', ancestors: 'ancestors' },
});

export type Dept = RecordOf<typeof deptEntity>;
