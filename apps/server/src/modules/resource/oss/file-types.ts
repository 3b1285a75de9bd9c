/**
 * The file types `put-file` accepts. The extension the client gives must be on this list and the content must
 * start with that type's signature, so that nothing else (HTML, SVG, scripts, a polyglot with an image name) is
 * ever stored. Images are shown inline; documents are always downloaded.
 */
export interface FileKind {
  contentType: string;
  inline: boolean;
  matches: (head: Buffer) => boolean;
}

const startsWith =
  (signature: number[] | string, offset = 0) =>
  (head: Buffer): boolean => {
    const bytes = typeof signature === 'string' ? Buffer.from(signature, 'latin1') : Buffer.from(signature);
    return head.length >= offset + bytes.length && head.subarray(offset, offset + bytes.length).equals(bytes);
  };

/** Compound File Binary (legacy Office) and ZIP (Office Open XML) containers. */
const OLE2 = startsWith([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = startsWith([0x50, 0x4b, 0x03, 0x04]);

export const FILE_KINDS: Record<string, FileKind> = {
  jpg: { contentType: 'image/jpeg', inline: true, matches: startsWith([0xff, 0xd8, 0xff]) },
  png: {
    contentType: 'image/png',
    inline: true,
    matches: startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  gif: {
    contentType: 'image/gif',
    inline: true,
    matches: (h) => startsWith('GIF87a')(h) || startsWith('GIF89a')(h),
  },
  webp: {
    contentType: 'image/webp',
    inline: true,
    matches: (h) => startsWith('RIFF')(h) && startsWith('WEBP', 8)(h),
  },
  pdf: { contentType: 'application/pdf', inline: false, matches: startsWith('%PDF-') },
  doc: { contentType: 'application/msword', inline: false, matches: OLE2 },
  xls: { contentType: 'application/vnd.ms-excel', inline: false, matches: OLE2 },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    inline: false,
    matches: ZIP,
  },
  xlsx: {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    inline: false,
    matches: ZIP,
  },
};

const EXTENSION_ALIASES: Record<string, string> = { jpeg: 'jpg' };

export const ALLOWED_EXTENSIONS_TEXT = Object.keys(FILE_KINDS).join('、');

/** The stored extension for a client file name (`photo.JPEG` → `jpg`), or undefined when it is not accepted. */
export function extensionOf(fileName: string): string | undefined {
  const dot = fileName.lastIndexOf('.');
  if (dot === -1) return undefined;
  const raw = fileName.slice(dot + 1).toLowerCase();
  const ext = EXTENSION_ALIASES[raw] ?? raw;
  return Object.hasOwn(FILE_KINDS, ext) ? ext : undefined;
}
