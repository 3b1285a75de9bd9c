import { PREVIEWABLE_FILE_TYPES } from '@cube/contract';

/** File-name helpers for uploads and previews. */

/** The lower-case extension of a file name or URL (`a/b/Report.PDF?x=1` → `pdf`), or `''`. */
export function fileExtension(nameOrUrl: string): string {
  const path = nameOrUrl.split(/[?#]/)[0] ?? '';
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The last path segment of a URL, decoded when possible (the name a link shows). */
export function fileNameOf(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  const base = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(base);
  } catch {
    return base;
  }
}

const IMAGE_TYPES = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp']);
/** Word and Excel's binary formats (before 2007): no browser renderer exists, so they are only offered for download. */
const LEGACY_OFFICE_TYPES = new Set(['doc', 'xls']);

/**
 * `pdf`: the browser's own viewer; `docx` / `xlsx`: rendered in the page; `legacy-office` (doc, xls): download
 * only; `image`: shown as is; `none`: not previewable.
 */
export type PreviewKind = 'pdf' | 'docx' | 'xlsx' | 'legacy-office' | 'image' | 'none';

/** How a file can be shown (doc, docx, xls, xlsx and pdf are previewable; images too). */
export function previewKind(nameOrUrl: string): PreviewKind {
  const ext = fileExtension(nameOrUrl);
  if (ext === 'pdf' || ext === 'docx' || ext === 'xlsx') return ext;
  if (LEGACY_OFFICE_TYPES.has(ext)) return 'legacy-office';
  if (IMAGE_TYPES.has(ext)) return 'image';
  return 'none';
}

export function isPreviewable(nameOrUrl: string): boolean {
  return (PREVIEWABLE_FILE_TYPES as readonly string[]).includes(fileExtension(nameOrUrl));
}

/** `500` → `500KB`, `2048` → `2MB`. */
export function sizeLabel(kb: number): string {
  return kb >= 1024 && kb % 1024 === 0 ? `${kb / 1024}MB` : `${kb}KB`;
}

/** Whether a file passes an extension list (case-insensitive; `jpeg` counts as `jpg`) and a size limit in KB. */
export function checkFile(
  file: { name: string; size: number },
  rules: { accept?: readonly string[] | undefined; maxKb?: number | undefined },
): 'type' | 'size' | undefined {
  if (rules.accept?.length) {
    const ext = fileExtension(file.name);
    const normalized = ext === 'jpeg' ? 'jpg' : ext;
    const accepted = rules.accept.map((item) => item.toLowerCase().replace(/^\./, ''));
    if (!accepted.includes(ext) && !accepted.includes(normalized)) return 'type';
  }
  if (rules.maxKb !== undefined && file.size > rules.maxKb * 1024) return 'size';
  return undefined;
}
