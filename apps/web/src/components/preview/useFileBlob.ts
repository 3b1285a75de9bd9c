import { useEffect, useState } from 'react';

export type FileBlobState = { status: 'loading' } | { status: 'ready'; blob: Blob } | { status: 'failed' };

/**
 * Downloads a file once as a blob for an inline preview (PDF, Word, Excel). Files are served as downloads, so the
 * previews work from the bytes rather than from the address. The request is aborted when the address changes or the
 * preview closes; a failed download is only logged and reported as `failed`, so the page can offer the
 * download link instead.
 */
export function useFileBlob(url: string, enabled: boolean): FileBlobState {
  const [state, setState] = useState<FileBlobState>({ status: 'loading' });
  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetch(url, { signal: controller.signal, credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const blob = await response.blob();
        if (!controller.signal.aborted) setState({ status: 'ready', blob });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[preview] file download failed', url, error);
        setState({ status: 'failed' });
      });
    return () => controller.abort();
  }, [url, enabled]);
  return state;
}

/** The first bytes of an OLE2 compound file: the container of the old binary .doc and .xls formats. */
const OLE2_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Whether the bytes are an old binary Office file (a .doc or .xls, whatever the name says). */
export function isLegacyOfficeFile(bytes: ArrayBuffer): boolean {
  if (bytes.byteLength < OLE2_SIGNATURE.length) return false;
  const head = new Uint8Array(bytes, 0, OLE2_SIGNATURE.length);
  return OLE2_SIGNATURE.every((byte, index) => head[index] === byte);
}
