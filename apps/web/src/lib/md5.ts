/**
 * The md5 hex of `text` (the dialect sends passwords as md5 hex). The hash code is loaded on first use, when a
 * form is sent, so that the login page's first view does not carry it.
 */
export async function md5Hex(text: string): Promise<string> {
  const { md5 } = await loadMd5();
  return md5(text);
}

let loading: Promise<typeof import('js-md5')> | undefined;

/** Loads the hash code ahead of a send (a form calls it when the user starts typing); a failure is retried. */
export function loadMd5(): Promise<typeof import('js-md5')> {
  loading ??= import('js-md5').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
