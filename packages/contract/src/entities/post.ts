import { z } from 'zod';
import { auditRecordShape, defineEntity, optionalText, type RecordOf, requiredText } from '../entity.js';

const messages = {
  categoryRequired: '请选择岗位类型',
  postCodeRequired: '请输入岗位编号',
  postNameRequired: '请输入岗位名称',
  sortRequired: '请输入岗位排序',
  sortInvalid: '岗位排序必须是0到99999之间的整数',
  postCodeExists: '岗位编号已存在',
  postInUse: '岗位下还有用户，不能删除',
} as const;

const limits = { postCode: 64, postName: 100, remark: 500 } as const;

/** Posts: a tenant's job positions; users hold some of them (`cube_user.post_id`, comma list). */
export const postEntity = defineEntity({
  name: 'post',
  api: '/api/cube-system/post',
  scope: 'tenant',
  audit: true,
  record: z.object({
    id: z.string(),
    tenantId: z.string(),
    category: z.number(),
    postCode: z.string(),
    postName: z.string(),
    sort: z.number(),
    remark: z.string(),
    /** Label of `category` in dictionary `post_category` (VO field). */
    categoryName: z.string(),
    ...auditRecordShape,
  }),
  input: z.object({
    // Dictionary `post_category`: 1 高层, 2 中层, 3 基层, 4 其他; forms send keys as strings or numbers.
    category: z.preprocess(
      (v) => (v === null || v === '' ? undefined : v),
      z.coerce
        .number({ error: messages.categoryRequired })
        .int(messages.categoryRequired)
        .min(1, messages.categoryRequired)
        .max(4, messages.categoryRequired),
    ),
    postCode: requiredText(messages.postCodeRequired, limits.postCode),
    postName: requiredText(messages.postNameRequired, limits.postName),
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
    category: 'integer',
    postCode: 'string',
    postName: 'string',
    sort: 'integer',
    remark: 'string',
    createTime: 'date',
    updateTime: 'date',
    status: 'integer',
  },
  defaultOrder: [
    { field: 'sort', direction: 'asc' },
    { field: 'id', direction: 'asc' },
  ],
  permissions: {
    read: 'post',
    add: 'post_add',
    edit: 'post_edit',
    remove: 'post_delete',
    view: 'post_view',
  },
  messages,
  limits,
  unique: [{ fields: ['postCode'], message: messages.postCodeExists }],
});

export type Post = RecordOf<typeof postEntity>;
