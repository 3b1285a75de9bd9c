import { request } from './request';

export const ERROR_LOG_UPLOAD_URL = '/api/cube-log/error/upload';
/** The server takes at most this many entries per upload. */
export const ERROR_LOG_UPLOAD_MAX = 100;

/** A local error-log entry. */
export interface ErrorLogEntry {
  url: string;
  time: string;
  type: string;
  message: string;
  stack: string;
  info: string;
}

/** `POST /api/cube-log/error/upload`: sends the entries in batches of {@link ERROR_LOG_UPLOAD_MAX}. */
export async function uploadErrorLogs(entries: readonly ErrorLogEntry[]): Promise<void> {
  for (let start = 0; start < entries.length; start += ERROR_LOG_UPLOAD_MAX) {
    await request.post(ERROR_LOG_UPLOAD_URL, entries.slice(start, start + ERROR_LOG_UPLOAD_MAX));
  }
}
