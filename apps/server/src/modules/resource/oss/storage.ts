import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { formatDateTime } from '../../../platform/dates.js';
import { AppError } from '../../../platform/errors.js';
import { FILE_KINDS } from './file-types.js';

/**
 * Uploaded files on local disk: `<dataDir>/files/<tenantId>/<yyyyMMdd>/<key>.<ext>`, where `key` is 128 random
 * bits. The object name (`<tenantId>/<yyyyMMdd>/<key>.<ext>`) is generated here and never taken from a client;
 * a name is accepted back only when it has exactly this shape, so no path a client sends can leave the root.
 */
export const FILE_LINK_PREFIX = '/api/cube-resource/oss/file';

const NAME_PATTERN = new RegExp(
  `^([0-9A-Za-z]{1,12})/(\\d{8})/([0-9a-f]{32})\\.(${Object.keys(FILE_KINDS).join('|')})$`,
);
const TENANT_PATTERN = /^[0-9A-Za-z]{1,12}$/;

/** The extension of a name put-file generated, or undefined for any other text. */
export const storedExtension = (name: string): string | undefined => NAME_PATTERN.exec(name)?.[4];

/** True for a link `put-file` hands out (what a user may keep as avatar). */
export const isStoredFileLink = (link: string): boolean =>
  link.startsWith(`${FILE_LINK_PREFIX}/`) &&
  storedExtension(link.slice(FILE_LINK_PREFIX.length + 1)) !== undefined;

/** `yyyyMMdd`, the day folder of contract §15's object names. */
const dayFolder = (date: Date) => formatDateTime(date).slice(0, 10).replaceAll('-', '');

export class LocalFileStore {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.resolve(dataDir, 'files');
  }

  /** Absolute path of a stored name, or undefined when the name is not one we generate. */
  pathOf(name: string): string | undefined {
    if (!storedExtension(name)) return undefined;
    const file = path.resolve(this.root, ...name.split('/'));
    return file.startsWith(this.root + path.sep) ? file : undefined;
  }

  /**
   * Writes the content under a fresh name. The bytes go to a temporary file that is renamed into place, so a
   * failed write never leaves a partial file under a real name.
   */
  async save(tenantId: string, ext: string, content: Buffer): Promise<string> {
    if (!TENANT_PATTERN.test(tenantId) || !Object.hasOwn(FILE_KINDS, ext))
      throw new Error('invalid storage name part');
    const name = `${tenantId}/${dayFolder(new Date())}/${randomBytes(16).toString('hex')}.${ext}`;
    const file = this.pathOf(name);
    if (!file) throw new Error('generated name left the storage root');
    const temporary = `${file}.${randomBytes(6).toString('hex')}.part`;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(temporary, content, { flag: 'wx', mode: 0o640 });
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      if ((error as NodeJS.ErrnoException).code === 'ENOSPC')
        throw new AppError(507, 507, '存储空间不足，请联系管理员');
      throw error;
    }
    return name;
  }

  /** Size of a stored file, or undefined when there is none. */
  async sizeOf(file: string): Promise<number | undefined> {
    try {
      const info = await stat(file);
      return info.isFile() ? info.size : undefined;
    } catch {
      return undefined;
    }
  }
}
