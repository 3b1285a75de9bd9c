import type { R } from '@cube/contract';
import type { AxiosProgressEvent } from 'axios';
import { request } from './request';

export const PUT_FILE_URL = '/api/cube-resource/oss/endpoint/put-file';

/** `put-file`'s answer: `link` is an address the browser can show or download. */
export interface StoredFile {
  link: string;
  domain: string;
  name: string;
  originalName: string;
}

export interface PutFileOptions {
  signal?: AbortSignal | undefined;
  onProgress?: ((percent: number) => void) | undefined;
}

/** `POST put-file`, multipart field `file`. */
export async function putFile(
  file: Blob,
  fileName: string,
  options: PutFileOptions = {},
): Promise<StoredFile> {
  const body = new FormData();
  body.append('file', file, fileName);
  const { data } = await request.post<R<StoredFile>>(PUT_FILE_URL, body, {
    signal: options.signal,
    onUploadProgress: (event: AxiosProgressEvent) => {
      if (options.onProgress && event.total)
        options.onProgress(Math.round((event.loaded / event.total) * 100));
    },
  });
  return data.data;
}
