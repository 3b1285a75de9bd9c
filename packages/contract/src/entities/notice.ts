import { z } from 'zod';
import { DATE_TIME_REGEX, isRealDateTime } from '../dates.js';
import { auditRecordShape, defineEntity, type RecordOf } from '../entity.js';

const messages = {
  titleRequired: '请输入通知标题',
  titleTooLong: '通知标题不能超过255个字符',
  categoryRequired: '请选择通知类型',
  releaseTimeRequired: '请选择通知时间',
  releaseTimeInvalid: '通知时间格式不正确',
  contentTooLong: '通知内容不能超过20000个字符',
} as const;

const limits = { title: 255, content: 20_000 } as const;

/** Notices (the desk module): one tenant's announcements, administered in the console, read in the notice bell. */
export const noticeEntity = defineEntity({
  name: 'notice',
  api: '/api/cube-desk/notice',
  scope: 'tenant',
  audit: true,
  record: z.object({
    id: z.string(),
    tenantId: z.string(),
    title: z.string(),
    category: z.number(),
    releaseTime: z.string(),
    content: z.string(),
    ...auditRecordShape,
  }),
  input: z.object({
    title: z.preprocess(
      (v) => (v === null ? undefined : v),
      z
        .string({ error: messages.titleRequired })
        .trim()
        .min(1, messages.titleRequired)
        .max(limits.title, messages.titleTooLong),
    ),
    // Forms send dictionary keys as strings or numbers; either way it is a key of the `notice` dictionary.
    category: z.preprocess(
      (v) => (v === null || v === '' ? undefined : v),
      z.coerce
        .number({ error: messages.categoryRequired })
        .int(messages.categoryRequired)
        .min(1, messages.categoryRequired)
        .max(999, messages.categoryRequired),
    ),
    releaseTime: z.preprocess(
      (v) => (v === null ? undefined : v),
      z
        .string({ error: messages.releaseTimeRequired })
        .trim()
        .min(1, messages.releaseTimeRequired)
        .regex(DATE_TIME_REGEX, messages.releaseTimeInvalid)
        .refine(isRealDateTime, messages.releaseTimeInvalid),
    ),
    content: z.preprocess(
      (v) => (v === null ? undefined : v),
      z.string().max(limits.content, messages.contentTooLong).optional().default(''),
    ),
  }),
  filters: {
    id: 'id',
    title: 'string',
    category: 'integer',
    releaseTime: 'date',
    content: 'string',
    createTime: 'date',
    updateTime: 'date',
    status: 'integer',
  },
  defaultOrder: [
    { field: 'releaseTime', direction: 'desc' },
    { field: 'id', direction: 'desc' },
  ],
  permissions: {
    read: 'notice',
    add: 'notice_add',
    edit: 'notice_edit',
    remove: 'notice_delete',
    view: 'notice_view',
  },
  messages,
  limits,
});

export type Notice = RecordOf<typeof noticeEntity>;
