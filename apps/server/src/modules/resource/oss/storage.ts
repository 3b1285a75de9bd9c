import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { formatDateTime } from '../../../platform/dates.js';
import { AppError } from '../../../platform/errors.js';
import { FILE_KINDS } from './file-types.js';

/**
 * Object names and the two storage backends.
 *
 * A stored object's name is generated here, never taken from a client:
 * `<tenantId>/[s<ossId>/][p/]<yyyyMMdd>/<key>.<ext>`, where `key` is 128 random bits, `s<ossId>` names the S3
 * configuration that holds the object (absent: the local disk) and `p/` marks a private attachment (served only
 * to a signed-in user of the tenant, never by the public file route). The backend's own key drops the `s<ossId>/`
 * segment, so every object of a tenant sits under the `<tenantId>/` prefix on disk and in a bucket. A name is
 * accepted back only when it has exactly this shape, so nothing a client sends can leave that prefix.
 */
export const FILE_LINK_PREFIX = '/api/cube-resource/oss/file';

const EXTENSIONS = Object.keys(FILE_KINDS).join('|');
const NAME_PATTERN = new RegExp(
  `^([0-9A-Za-z]{1,12})/(?:s([1-9]\\d{0,18})/)?(?:(p)/)?(\\d{8})/([0-9a-f]{32})\\.(${EXTENSIONS})$`,
);
const TENANT_PATTERN = /^[0-9A-Za-z]{1,12}$/;

export interface ObjectName {
  name: string;
  tenantId: string;
  /** The S3 configuration holding the object; undefined for the local disk. */
  ossId: string | undefined;
  private: boolean;
  ext: string;
  /** The key inside the backend: the name without the configuration segment. */
  key: string;
}

export function parseObjectName(name: string): ObjectName | undefined {
  const m = NAME_PATTERN.exec(name);
  if (!m) return undefined;
  const [, tenantId, ossId, priv, day, random, ext] = m as unknown as string[];
  return {
    name,
    tenantId: tenantId as string,
    ossId: ossId || undefined,
    private: priv === 'p',
    ext: ext as string,
    key: `${tenantId}/${priv ? 'p/' : ''}${day}/${random}.${ext}`,
  };
}

/** The extension of a name put-file generated, or undefined for any other text. */
export const storedExtension = (name: string): string | undefined => parseObjectName(name)?.ext;

/** True for a link `put-file` hands out (what a user may keep as avatar): a public object. */
export const isStoredFileLink = (link: string): boolean => {
  if (!link.startsWith(`${FILE_LINK_PREFIX}/`)) return false;
  const parsed = parseObjectName(link.slice(FILE_LINK_PREFIX.length + 1));
  return parsed !== undefined && !parsed.private;
};

/** `yyyyMMdd`, the day folder of an object's name (`upload/<yyyyMMdd>/<id><ext>`). */
const dayFolder = (date: Date) => formatDateTime(date).slice(0, 10).replaceAll('-', '');

/** A fresh object name for a tenant's upload into the given backend. */
export function newObjectName(
  tenantId: string,
  ext: string,
  options: { ossId?: string | undefined; private?: boolean },
): ObjectName {
  if (!TENANT_PATTERN.test(tenantId) || !Object.hasOwn(FILE_KINDS, ext))
    throw new Error('invalid storage name part');
  const name =
    `${tenantId}/${options.ossId ? `s${options.ossId}/` : ''}${options.private ? 'p/' : ''}` +
    `${dayFolder(new Date())}/${randomBytes(16).toString('hex')}.${ext}`;
  const parsed = parseObjectName(name);
  if (!parsed) throw new Error('generated name does not parse');
  return parsed;
}

export interface ObjectInfo {
  size: number;
  modified: Date;
}

/** One storage backend. Keys are always the `key` of a parsed {@link ObjectName}. */
export interface ObjectStore {
  put(key: string, content: Buffer, contentType: string): Promise<void>;
  stat(key: string): Promise<ObjectInfo | undefined>;
  read(key: string): Promise<{ body: Readable; size: number } | undefined>;
  remove(key: string): Promise<void>;
}

const insufficientStorage = () => new AppError(507, 507, '存储空间不足，请联系管理员');

/** Files under `<dataDir>/files/<key>`. */
export class LocalObjectStore implements ObjectStore {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.resolve(dataDir, 'files');
  }

  /** Absolute path of a key, or undefined if it would leave the root (it cannot for parsed keys; checked anyway). */
  private pathOf(key: string): string | undefined {
    const file = path.resolve(this.root, ...key.split('/'));
    return file.startsWith(this.root + path.sep) ? file : undefined;
  }

  /**
   * Writes through a temporary file that is renamed into place, so a failed write never leaves a partial file
   * under a real name (and an overwrite is all-or-nothing).
   */
  async put(key: string, content: Buffer): Promise<void> {
    const file = this.pathOf(key);
    if (!file) throw new Error('storage key left the storage root');
    const temporary = `${file}.${randomBytes(6).toString('hex')}.part`;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(temporary, content, { flag: 'wx', mode: 0o640 });
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      if ((error as NodeJS.ErrnoException).code === 'ENOSPC') throw insufficientStorage();
      throw error;
    }
  }

  async stat(key: string): Promise<ObjectInfo | undefined> {
    const file = this.pathOf(key);
    if (!file) return undefined;
    try {
      const info = await stat(file);
      return info.isFile() ? { size: info.size, modified: info.mtime } : undefined;
    } catch {
      return undefined;
    }
  }

  async read(key: string): Promise<{ body: Readable; size: number } | undefined> {
    const info = await this.stat(key);
    const file = this.pathOf(key);
    if (!info || !file) return undefined;
    return { body: createReadStream(file), size: info.size };
  }

  async remove(key: string): Promise<void> {
    const file = this.pathOf(key);
    if (file) await rm(file, { force: true });
  }
}
