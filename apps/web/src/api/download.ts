import { request } from './request';

/**
 * GET downloads: the file is fetched through the request client — so the `Cube-Auth`
 * header, the tenant and the request client's error rules apply — and saved under the name the server gives in
 * `Content-Disposition` (RFC 5987 `filename*` first, for Chinese names).
 */
export async function downloadFile(
  url: string,
  params: Readonly<Record<string, unknown>>,
  fallbackName: string,
): Promise<void> {
  const response = await request.get<Blob>(url, { params, responseType: 'blob' });
  const name = fileNameOf(String(response.headers['content-disposition'] ?? '')) || fallbackName;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(response.data);
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has taken the blob once the click is handled; free it after this turn.
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}

/** The file name of a `Content-Disposition` header: `filename*=UTF-8''…` when present, else `filename="…"`. */
export function fileNameOf(disposition: string): string {
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // Malformed percent-encoding: fall back to the plain name.
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1] ?? '';
}
