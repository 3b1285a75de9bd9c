import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { s3Client } from '../../../platform/lazy-modules.js';
import type { ObjectInfo, ObjectStore } from './storage.js';

export interface S3Settings {
  endpoint: string;
  region: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  /** MinIO and self-hosted servers address buckets in the path; the clouds in the host name. */
  pathStyle: boolean;
}

const notFound = (error: unknown): boolean => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

/** Objects in one bucket of any S3-compatible store (MinIO, Alibaba OSS, Tencent COS, Qiniu, AWS). */
export class S3ObjectStore implements ObjectStore {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new (s3Client().S3Client)({
      endpoint: settings.endpoint,
      region: settings.region || 'us-east-1',
      forcePathStyle: settings.pathStyle,
      credentials: { accessKeyId: settings.accessKey, secretAccessKey: settings.secretKey },
      // A store that does not answer must not hold a request (or the connection test) for minutes.
      requestHandler: { connectionTimeout: 5000, requestTimeout: 30_000 },
      maxAttempts: 2,
      // Checksums only where the protocol demands them: the SDK's default trailing checksums (aws-chunked
      // uploads) are not understood by many S3-compatible stores.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, content: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new (s3Client().PutObjectCommand)({
        Bucket: this.settings.bucket,
        Key: key,
        Body: content,
        ContentType: contentType,
        ContentLength: content.length,
      }),
    );
  }

  async stat(key: string): Promise<ObjectInfo | undefined> {
    try {
      const head = await this.client.send(
        new (s3Client().HeadObjectCommand)({ Bucket: this.settings.bucket, Key: key }),
      );
      return { size: head.ContentLength ?? 0, modified: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (notFound(error)) return undefined;
      throw error;
    }
  }

  async read(key: string): Promise<{ body: Readable; size: number } | undefined> {
    try {
      const got = await this.client.send(
        new (s3Client().GetObjectCommand)({ Bucket: this.settings.bucket, Key: key }),
      );
      return { body: got.Body as Readable, size: got.ContentLength ?? 0 };
    } catch (error) {
      if (notFound(error)) return undefined;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new (s3Client().DeleteObjectCommand)({ Bucket: this.settings.bucket, Key: key }));
  }

  /** Throws unless the bucket exists and these credentials may reach it. */
  async checkBucket(): Promise<void> {
    await this.client.send(new (s3Client().HeadBucketCommand)({ Bucket: this.settings.bucket }));
  }

  destroy(): void {
    this.client.destroy();
  }
}
