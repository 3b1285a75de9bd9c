import { z } from 'zod';
import { auditRecordShape, defineEntity, optionalText, type RecordOf, requiredText } from '../entity.js';

const messages = {
  nameRequired: '请输入参数名称',
  keyRequired: '请输入参数键名',
  valueRequired: '请输入参数键值',
  keyExists: '参数键名已存在',
} as const;

const limits = { paramName: 255, paramKey: 255, paramValue: 65_535, remark: 1000 } as const;

/** System parameters: platform-wide key/value settings such as `account.failCount`. */
export const paramEntity = defineEntity({
  name: 'param',
  api: '/api/cube-system/param',
  scope: 'global',
  audit: true,
  record: z.object({
    id: z.string(),
    paramName: z.string(),
    paramKey: z.string(),
    paramValue: z.string(),
    remark: z.string(),
    ...auditRecordShape,
  }),
  input: z.object({
    paramName: requiredText(messages.nameRequired, limits.paramName),
    paramKey: requiredText(messages.keyRequired, limits.paramKey),
    paramValue: requiredText(messages.valueRequired, limits.paramValue),
    remark: optionalText(limits.remark),
  }),
  filters: {
    id: 'id',
    paramName: 'string',
    paramKey: 'string',
    paramValue: 'string',
    remark: 'string',
    createTime: 'date',
    updateTime: 'date',
    status: 'integer',
  },
  defaultOrder: [{ field: 'id', direction: 'desc' }],
  permissions: {
    read: 'param',
    add: 'param_add',
    edit: 'param_edit',
    remove: 'param_delete',
    view: 'param_view',
  },
  messages,
  limits,
  unique: [{ fields: ['paramKey'], message: messages.keyExists }],
});

export type Param = RecordOf<typeof paramEntity>;
