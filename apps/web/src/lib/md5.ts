/**
 * The md5 hex of `text` (the dialect sends passwords as md5 hex). The hash code is loaded on first use, when a
 * form is sent, so that the login page's first view does not carry it.
 */
export async function md5Hex(text: string): Promise<string> {
  const { md5 } = await import('js-md5');
  return md5(text);
}
