import { PATENT_DOCUMENT_MESSAGES } from '@cube/contract';
import type { Messages } from '../../zh-CN';

// Refusals stay in Chinese: they are the server's words.

export const patentDocument: Messages['screens']['patentDocument'] = {
  title: 'Case documents',
  step: 'Step',
  kind: 'Kind',
  version: 'Version',
  versionLabel: 'v{{version}}',
  latest: 'Latest',
  fileName: 'File',
  uploader: 'Uploaded by / at',
  actions: 'Actions',
  download: 'Download',
  remove: 'Remove',
  removeConfirm: 'Remove “{{name}}”? Other versions stay.',
  removed: 'Removed',
  upload: 'Upload file',
  uploadOn: 'Upload to step “{{step}}”',
  uploaded: 'Uploaded {{name}} (v{{version}})',
  kindPlaceholder: 'Choose a kind',
  empty: 'No documents',
  loadFailed: 'Could not load the documents',
  kinds: {
    draft: 'Draft application',
    final: 'Final application',
    notice: 'Official notice',
    other: 'Other',
  },
  ...PATENT_DOCUMENT_MESSAGES,
};
