import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { assertStorageKey, type FileStorage } from './storage.ts';

/** The one method of the SDK client the storage uses, so a test passes a fake client. */
export interface S3Sender {
  send(command: PutObjectCommand | GetObjectCommand | DeleteObjectCommand): Promise<unknown>;
}

export interface S3StorageOptions {
  client: S3Sender;
  bucket: string;
  /** Prepended to every key (e.g. `aps/`), so one bucket can hold several installations. */
  prefix?: string;
}

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  prefix: string;
}

/** The SDK client for an S3-compatible service (AWS, MinIO, OSS/COS in S3 mode); credentials from the settings or the SDK's usual chain. */
export function createS3Client(s: S3Settings): S3Client {
  const config: S3ClientConfig = { region: s.region, forcePathStyle: s.forcePathStyle };
  if (s.endpoint) config.endpoint = s.endpoint;
  if (s.accessKeyId && s.secretAccessKey) {
    config.credentials = { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey };
  }
  return new S3Client(config);
}

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/** Files in an S3-compatible bucket, behind the same interface and key rules as the local disk. */
export function createS3Storage({ client, bucket, prefix = '' }: S3StorageOptions): FileStorage {
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return `${prefix}${key}`;
  };
  return {
    kind: 's3',
    async put(key, content, mime) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Body: content,
          ContentType: mime,
          ContentLength: content.length,
        }),
      );
    },
    async get(key) {
      try {
        const out = (await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }))) as {
          Body?: unknown;
          ContentLength?: number;
        };
        if (!out.Body) return null;
        const body =
          out.Body instanceof Readable
            ? out.Body
            : Readable.from(
                Buffer.from(await (out.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray()),
              );
        return { body, ...(out.ContentLength === undefined ? {} : { size: out.ContentLength }) };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
  };
}
