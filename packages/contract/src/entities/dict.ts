import { z } from 'zod';
import {
  CommonMessage,
  defineEntity,
  optionalParentId,
  optionalText,
  type RecordOf,
  requiredText,
} from '../entity.js';

/**
 * The dictionary form's messages: BladeX's own wording of "please enter the dictionary code", "…name",
 * "…sort", "…key value" and "please choose sealed".
 */
const messages = {
  codeRequired: '请输入字典编号',
  codeInvalid: '字典编号只能包含字母、数字、下划线、点和横线',
  dictValueRequired: '请输入字典名称',
  sortRequired: '请输入字典排序',
  dictKeyRequired: '请输入字典键值',
  isSealedRequired: '请选择封存',
  parentInvalid: '请求参数类型错误: parentId',
  keyExists: '当前字典键值已存在!',
} as const;

const limits = { code: 100, dictKey: 100, dictValue: 255, remark: 255 } as const;

/** The characters `dictionary?code=` accepts: a code that could not be looked up is refused when it is saved. */
export const DICT_CODE_PATTERN = /^[A-Za-z0-9_.-]+$/;

/** The key of a dictionary's root row (one root per code, `parentId` 0, `dictKey` -1). */
export const DICT_ROOT_KEY = '-1';

const blank = (v: unknown) => (v === null || v === '' ? undefined : v);

const recordShape = {
  id: z.string(),
  parentId: z.string(),
  code: z.string(),
  dictKey: z.string(),
  dictValue: z.string(),
  sort: z.number(),
  remark: z.string(),
  isSealed: z.number(),
  isDeleted: z.number(),
};

/**
 * Shared by both dictionaries: a root row per code and its items, which may nest. Forms send keys
 * and numbers either as strings or as numbers (BladeX sends `dictKey: -1` for a root), so both are accepted.
 */
const input = z.object({
  parentId: optionalParentId(messages.parentInvalid),
  code: z.preprocess(
    (v) => (v === null ? undefined : v),
    z
      .string({ error: messages.codeRequired })
      .trim()
      .min(1, messages.codeRequired)
      .max(limits.code, CommonMessage.tooLong(limits.code))
      .regex(DICT_CODE_PATTERN, messages.codeInvalid),
  ),
  dictKey: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v === null ? undefined : v),
    z
      .string({ error: messages.dictKeyRequired })
      .trim()
      .min(1, messages.dictKeyRequired)
      .max(limits.dictKey, CommonMessage.tooLong(limits.dictKey)),
  ),
  dictValue: requiredText(messages.dictValueRequired, limits.dictValue),
  sort: z.preprocess(
    blank,
    z.coerce
      .number({ error: messages.sortRequired })
      .int(messages.sortRequired)
      .min(-999_999, messages.sortRequired)
      .max(999_999, messages.sortRequired),
  ),
  // Absent or blank: a new item is not sealed (the column's default) and an edited one keeps its state.
  isSealed: z.preprocess(
    (v) => (typeof v === 'boolean' ? (v ? 1 : 0) : blank(v)),
    z.coerce
      .number({ error: messages.isSealedRequired })
      .int(messages.isSealedRequired)
      .min(0, messages.isSealedRequired)
      .max(1, messages.isSealedRequired)
      .optional(),
  ),
  remark: optionalText(limits.remark),
});

const filters = {
  id: 'id',
  parentId: 'id',
  code: 'string',
  dictKey: 'string',
  dictValue: 'string',
  sort: 'integer',
  isSealed: 'integer',
  remark: 'string',
} as const;

const defaultOrder = [
  { field: 'sort', direction: 'asc' },
  { field: 'id', direction: 'asc' },
] as const;

/** System dictionaries: platform-wide, written by the platform administrator only. */
export const dictEntity = defineEntity({
  name: 'dict',
  api: '/api/cube-system/dict',
  scope: 'global',
  audit: false,
  record: z.object(recordShape),
  input,
  filters,
  defaultOrder,
  permissions: { read: 'dict', add: 'dict_add', edit: 'dict_edit', remove: 'dict_delete', view: 'dict_view' },
  messages,
  limits,
  unique: [{ fields: ['code', 'dictKey'], message: messages.keyExists }],
  tree: { parent: 'parentId', title: 'dictValue', sort: 'sort' },
});

/** Business dictionaries (BladeX `dict-biz`): the same layout, one set per tenant, copied into each new tenant. */
export const dictBizEntity = defineEntity({
  name: 'dictbiz',
  api: '/api/cube-system/dict-biz',
  scope: 'tenant',
  audit: false,
  record: z.object({ ...recordShape, tenantId: z.string() }),
  input,
  filters,
  defaultOrder,
  permissions: {
    read: 'dictbiz',
    add: 'dictbiz_add',
    edit: 'dictbiz_edit',
    remove: 'dictbiz_delete',
    view: 'dictbiz_view',
  },
  messages,
  limits,
  unique: [{ fields: ['code', 'dictKey'], message: messages.keyExists }],
  tree: { parent: 'parentId', title: 'dictValue', sort: 'sort' },
});

export type Dict = RecordOf<typeof dictEntity>;
export type DictBiz = RecordOf<typeof dictBizEntity>;
