import { DOCUMENT_KIND_LABELS, PATENT_DOCUMENT_MESSAGES } from '@cube/contract';

/** 案件文件: the documents uploaded on a case's process steps (kinds and refusals from the contract). */
export const patentDocument = {
  title: '案件文件',
  step: '步骤',
  kind: '文件类别',
  version: '版本',
  versionLabel: 'V{{version}}',
  latest: '最新',
  fileName: '文件名',
  uploader: '上传人 / 时间',
  actions: '操作',
  download: '下载',
  remove: '删除',
  removeConfirm: '删除文件“{{name}}”？其他版本保留。',
  removed: '已删除',
  upload: '上传文件',
  uploadOn: '上传到步骤“{{step}}”',
  uploaded: '已上传 {{name}}（V{{version}}）',
  kindPlaceholder: '选择文件类别',
  empty: '暂无文件',
  loadFailed: '文件列表加载失败',
  kinds: { ...DOCUMENT_KIND_LABELS },
  ...PATENT_DOCUMENT_MESSAGES,
};
