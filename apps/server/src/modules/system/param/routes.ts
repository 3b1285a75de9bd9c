import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { auditRecordFields, registerCrud } from '../../../platform/crud.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';

/** System parameters (contract §10): platform-wide key/value settings such as `account.failCount`. */
export const paramRecord = z.object({
  id: z.string(),
  paramName: z.string(),
  paramKey: z.string(),
  paramValue: z.string(),
  remark: z.string(),
  ...auditRecordFields,
});

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `长度不能超过${max}个字符`);

export const paramInput = z.object({
  paramName: required('请输入参数名称', 255),
  paramKey: required('请输入参数键名', 255),
  paramValue: required('请输入参数键值', 65_535),
  remark: z.string().max(1000, '长度不能超过1000个字符').optional().default(''),
});

export const paramModule = defineModule('system/param', (app: FastifyInstance, deps: AppDeps): void => {
  registerCrud(app, deps.db, {
    prefix: '/api/cube-system/param',
    table: 'cubeParam',
    scope: 'global',
    record: paramRecord,
    input: paramInput,
    fields: {
      id: 'id',
      paramName: 'string',
      paramKey: 'string',
      paramValue: 'string',
      remark: 'string',
      createTime: 'date',
      updateTime: 'date',
      status: 'number',
    },
    defaultOrder: [{ field: 'id', direction: 'desc' }],
    permissions: { read: 'param', add: 'param_add', edit: 'param_edit', remove: 'param_delete' },
    unique: [{ fields: ['paramKey'], message: '参数键名已存在' }],
  });
});
