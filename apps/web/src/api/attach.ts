import { type Attach, AUTH_HEADER, attachEntity, type R } from '@cube/contract';
import type { AxiosProgressEvent } from 'axios';
import { createCrudApi } from './crud';
import { downloadFile } from './download';
import type { StoredFile } from './oss';
import { callHeaders, request } from './request';

export type { Attach };

export const PUT_FILE_ATTACH_URL = '/api/cube-resource/oss/endpoint/put-file-attach';

/** `GET attach/list|detail`, `POST attach/submit|remove?ids=` (attachments of the caller's tenant). */
export const attachApi = createCrudApi<Attach>(attachEntity.api);

/** `POST put-file-attach` (multipart `file`): stores the file privately and records an attachment row. */
export async function putFileAttach(
  file: Blob,
  fileName: string,
  onProgress?: (percent: number) => void,
): Promise<StoredFile & { attachId: string }> {
  const body = new FormData();
  body.append('file', file, fileName);
  const { data } = await request.post<R<StoredFile & { attachId: string }>>(PUT_FILE_ATTACH_URL, body, {
    onUploadProgress: (event: AxiosProgressEvent) => {
      if (onProgress && event.total) onProgress(Math.round((event.loaded / event.total) * 100));
    },
  });
  return data.data;
}

/** Saves an attachment under its own name (`GET attach/download?id=`, with the session's header). */
export const downloadAttach = (attach: Pick<Attach, 'id' | 'originalName'>) =>
  downloadFile(`${attachEntity.api}/download`, { id: attach.id }, attach.originalName);

/**
 * The address the previewer reads an attachment from. The previewer fetches addresses itself (the console's
 * content policy allows no `blob:` fetches), so the session token rides in the query, which the download route
 * accepts for exactly this (`?cube-auth=` on download routes); the address is never put in the page's history.
 */
export function attachPreviewUrl(id: string): string {
  const auth = Object.entries(callHeaders()).find(
    ([name]) => name.toLowerCase() === AUTH_HEADER.toLowerCase(),
  )?.[1];
  const query = new URLSearchParams({ id, ...(auth ? { 'cube-auth': auth } : {}) });
  return `${attachEntity.api}/download?${query.toString()}`;
}
