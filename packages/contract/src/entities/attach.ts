import { z } from 'zod';
import { auditRecordShape, defineEntity, type RecordOf, requiredText } from '../entity.js';

const messages = {
  originalNameRequired: '请输入附件名称',
  fileRequired: '请选择要上传的文件',
  downloadFailed: '附件下载失败',
} as const;

const limits = { originalName: 255 } as const;

/**
 * Attachments (BladeX `blade_attach`): one row per file uploaded through `put-file-attach`, in the
 * uploader's tenant. Rows are made by uploads, never typed in, so the only field a form may change is the name
 * people see; the stored object and its link are the server's.
 */
export const attachEntity = defineEntity({
  name: 'attach',
  api: '/api/cube-resource/attach',
  scope: 'tenant',
  audit: true,
  record: z.object({
    id: z.string(),
    tenantId: z.string(),
    link: z.string(),
    domain: z.string(),
    name: z.string(),
    originalName: z.string(),
    extension: z.string(),
    contentType: z.string(),
    attachSize: z.number(),
    /** The uploader's display name, looked up per page. */
    createUserName: z.string(),
    ...auditRecordShape,
  }),
  input: z.object({
    originalName: requiredText(messages.originalNameRequired, limits.originalName),
  }),
  filters: {
    id: 'id',
    originalName: 'string',
    extension: 'string',
    attachSize: 'integer',
    createTime: 'date',
    createUser: 'id',
  },
  defaultOrder: [{ field: 'id', direction: 'desc' }],
  permissions: {
    read: 'attach',
    add: 'attach_upload',
    edit: 'attach_upload',
    remove: 'attach_delete',
    view: 'attach_download',
  },
  messages,
  limits,
});

export type Attach = RecordOf<typeof attachEntity>;
