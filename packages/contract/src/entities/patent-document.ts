import { z } from 'zod';

/**
 * The documents of a patent case's process steps. Each upload is one version: it records the case, the process
 * instance and step it was uploaded on, its kind, and its number among that step's documents of the same kind
 * (uploading the same kind again on the step adds version 2, 3, …; older versions stay listed). Endpoints:
 *
 * | call | who | body / query | `data` |
 * | --- | --- | --- | --- |
 * | `GET /api/cube-patent/document/list` | may read the case (专利案件 grant and data scope), or handles an open step of its running process | `applicationId` | {@link PatentDocument}[] (by step, kind, newest version first) |
 * | `POST /api/cube-patent/document/upload` | holds the open task on the case, or is offered it | multipart: `applicationId`, `taskId`, `kind` before `file` | {@link PatentDocument} |
 * | `GET /api/cube-patent/document/download` | as the list | `id` | the file |
 * | `POST /api/cube-patent/document/remove` | the uploader (while they may still see the case) or an administrator | `id` | `{}` |
 */
export const PATENT_DOCUMENT_API = '/api/cube-patent/document';

export const DOCUMENT_KINDS = ['draft', 'final', 'notice', 'other'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  draft: '申请文件草稿',
  final: '定稿申请文件',
  notice: '官方通知书',
  other: '其他',
};

export const PATENT_DOCUMENT_MESSAGES = {
  applicationRequired: '请选择案件',
  taskRequired: '请在流程步骤上上传文件',
  kindInvalid: '请选择文件类别',
  caseForbidden: '无权查看该案件',
  taskForbidden: '只有该步骤的办理人可以上传文件',
  removeForbidden: '只有上传人或管理员可以删除文件',
} as const;

export const patentDocumentSchema = z.object({
  id: z.string(),
  applicationId: z.string(),
  processInstanceId: z.string().nullable(),
  taskId: z.string().nullable(),
  stepKey: z.string(),
  stepName: z.string(),
  kind: z.string(),
  version: z.number(),
  attachId: z.string(),
  fileName: z.string(),
  fileSize: z.number(),
  createUser: z.string().nullable(),
  /** The uploader's display name. */
  createUserName: z.string(),
  createTime: z.string(),
});
export type PatentDocument = z.infer<typeof patentDocumentSchema>;

const required = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,19}$/, message);

export const patentDocumentListQuery = z.object({
  applicationId: required(PATENT_DOCUMENT_MESSAGES.applicationRequired),
});

export const patentDocumentUploadFields = z.object({
  applicationId: required(PATENT_DOCUMENT_MESSAGES.applicationRequired),
  taskId: required(PATENT_DOCUMENT_MESSAGES.taskRequired),
  kind: z.enum(DOCUMENT_KINDS, { error: PATENT_DOCUMENT_MESSAGES.kindInvalid }),
});
