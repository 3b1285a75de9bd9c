import { OSS_LOCAL_CATEGORY } from '@cube/contract';
import type { Kysely, Transaction } from 'kysely';
import { withTenantScope } from '../../../db/row-scope.js';
import type { Database } from '../../../db/types.js';
import { SecretBox } from '../../../platform/secret-box.js';
import { FILE_KINDS } from './file-types.js';
import { enabledOss, type OssRow, ossById } from './oss.queries.js';
import { S3ObjectStore } from './s3-store.js';
import { LocalObjectStore, newObjectName, type ObjectName, type ObjectStore } from './storage.js';

export class StorageUnavailableError extends Error {}

/**
 * Chooses and opens the backend of a tenant's files: the tenant's enabled S3-compatible configuration, else the
 * local disk. Which backend holds an existing object is read from its name, and that configuration is looked up
 * in the name's own tenant, so a name that pairs one tenant's prefix with another tenant's configuration finds
 * nothing. S3 clients are kept per configuration version.
 */
export class FileService {
  readonly local: LocalObjectStore;
  readonly secrets: SecretBox;
  private readonly clients = new Map<string, { version: string; store: S3ObjectStore }>();

  constructor(
    private readonly db: Kysely<Database>,
    dataDir: string,
    serverSecret: string,
  ) {
    this.local = new LocalObjectStore(dataDir);
    this.secrets = new SecretBox(serverSecret);
  }

  /** An S3 store for a configuration row (also used by the connection test before anything is enabled). */
  s3For(row: OssRow): S3ObjectStore {
    const secret = this.secrets.open(row.secretKey);
    if (secret === undefined) throw new StorageUnavailableError('secret key unreadable');
    const version = `${row.updateTime}|${row.endpoint}|${row.bucketName}|${row.accessKey}|${row.secretKey}`;
    const cached = this.clients.get(row.id);
    if (cached?.version === version) return cached.store;
    cached?.store.destroy();
    const store = new S3ObjectStore({
      endpoint: row.endpoint,
      region: row.region,
      accessKey: row.accessKey,
      secretKey: secret,
      bucket: row.bucketName,
      pathStyle: row.category === 1,
    });
    this.clients.set(row.id, { version, store });
    return store;
  }

  /** Where a new upload of the tenant goes, and the name it gets. */
  async newObject(
    tenantId: string,
    ext: string,
    isPrivate: boolean,
  ): Promise<{ object: ObjectName; store: ObjectStore }> {
    const enabled = await withTenantScope(tenantId, () => enabledOss(this.db, tenantId));
    if (!enabled || enabled.category === OSS_LOCAL_CATEGORY)
      return { object: newObjectName(tenantId, ext, { private: isPrivate }), store: this.local };
    return {
      object: newObjectName(tenantId, ext, { ossId: enabled.id, private: isPrivate }),
      store: this.s3For(enabled),
    };
  }

  /**
   * The backend that holds a named object, or undefined when the name's configuration is not one of the name's
   * tenant. A configuration removed later still serves the files stored through it.
   */
  async storeOf(object: ObjectName, trx?: Transaction<Database>): Promise<ObjectStore | undefined> {
    if (!object.ossId) return this.local;
    // Inside a transaction the lookup must use it: SQLite has one connection, which the transaction holds.
    const lookup = (db: Kysely<Database> | Transaction<Database>) =>
      ossById(db, object.tenantId, object.ossId as string);
    const row = await (trx ? lookup(trx) : withTenantScope(object.tenantId, () => lookup(this.db)));
    if (!row || row.category === OSS_LOCAL_CATEGORY) return undefined;
    return this.s3For(row);
  }

  contentTypeOf(object: ObjectName): string {
    return FILE_KINDS[object.ext]?.contentType ?? 'application/octet-stream';
  }
}

const services = new WeakMap<object, FileService>();

/** The one file service of an app (the endpoint, attachment and configuration routes share its clients). */
export function fileServiceOf(deps: {
  db: { db: Kysely<Database> };
  config: { dataDir: string; jwtSecret: string };
}): FileService {
  let service = services.get(deps);
  if (!service) {
    service = new FileService(deps.db.db, deps.config.dataDir, deps.config.jwtSecret);
    services.set(deps, service);
  }
  return service;
}
