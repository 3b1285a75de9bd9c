import { z } from 'zod';
import { auditRecordShape, defineEntity, optionalText, type RecordOf, requiredText } from '../entity.js';

const messages = {
  nameRequired: '请输入菜单名称',
  codeRequired: '请输入菜单编号',
  codeInvalid: '菜单编号只能包含字母、数字、下划线、短横线、点和冒号',
  sortRequired: '请输入菜单排序',
  codeExists: '顶部菜单编号已存在!',
  topMenusRequired: '请选择顶部菜单',
  menusInvalid: '请选择正确的菜单',
} as const;

const limits = { name: 100, code: 100, source: 100, path: 500 } as const;

/** Top-menu permission code of the 菜单配置 (grant) button. */
export const TOP_MENU_SETTING_CODE = 'topmenu_setting';

/**
 * Top menus: the header's horizontal menu of one tenant; each links a set of menus
 * (`cube_top_menu_setting`, written by `grant`) that the sidebar shows when it is chosen.
 */
export const topMenuEntity = defineEntity({
  name: 'topmenu',
  api: '/api/cube-system/topmenu',
  scope: 'tenant',
  audit: true,
  record: z.object({
    id: z.string(),
    tenantId: z.string(),
    code: z.string(),
    name: z.string(),
    source: z.string(),
    path: z.string(),
    sort: z.number(),
    ...auditRecordShape,
  }),
  input: z.object({
    name: requiredText(messages.nameRequired, limits.name),
    code: z.preprocess(
      (v) => (v === null ? undefined : v),
      z
        .string({ error: messages.codeRequired })
        .trim()
        .min(1, messages.codeRequired)
        .max(limits.code, `长度不能超过${limits.code}个字符`)
        .regex(/^[A-Za-z0-9_.:-]+$/, messages.codeInvalid),
    ),
    source: optionalText(limits.source),
    path: optionalText(limits.path),
    sort: z.preprocess(
      (v) => (v === null || v === '' ? undefined : v),
      z.coerce
        .number({ error: messages.sortRequired })
        .int(messages.sortRequired)
        .min(-99_999, messages.sortRequired)
        .max(99_999, messages.sortRequired),
    ),
  }),
  filters: {
    id: 'id',
    name: 'string',
    code: 'string',
    path: 'string',
    sort: 'integer',
    createTime: 'date',
    updateTime: 'date',
    status: 'integer',
  },
  defaultOrder: [
    { field: 'sort', direction: 'asc' },
    { field: 'id', direction: 'asc' },
  ],
  permissions: {
    read: 'topmenu',
    add: 'topmenu_add',
    edit: 'topmenu_edit',
    remove: 'topmenu_delete',
    view: 'topmenu_view',
  },
  messages,
  limits,
  unique: [{ fields: ['code'], message: messages.codeExists }],
});

export type TopMenuRecord = RecordOf<typeof topMenuEntity>;
