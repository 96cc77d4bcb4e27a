/**
 * Files in an S3-compatible bucket (S3_BUCKET and friends, README.md). The bucket stays private: links are our own
 * (storage.ts) and downloads stream from the bucket through the server. An upload is checked in its temporary file
 * under DATA_DIR first, then sent in one PUT of known length, so a refused or failed upload leaves no object.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Clock } from '../clock.js';
import type { Secrets } from '../secrets.js';
import {
  createLinkSigner,
  receiveUpload,
  removeFilesOlderThan,
  type ListedFile,
  type Storage,
} from './storage.js';

export interface S3Settings {
  bucket: string;
  region: string;
  /** For MinIO and other S3-compatible services; unset for AWS. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's own chain (AWS_* variables, instance role …). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 requires them: by default the SDK sends streamed bodies aws-chunked with a trailing
    // checksum, which not every S3-compatible service decodes (the object would be stored with the framing in it).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Opens the bucket and checks that it is there and that the credentials reach it (HeadBucket): a missing bucket or
 * bad credentials stop the server at start with a message naming the setting to fix.
 */
export async function createS3Storage(options: {
  settings: S3Settings;
  /** Temporary files (uploads being checked, copies for audio tools): under DATA_DIR. */
  tmpDir: string;
  secrets: Secrets;
  clock: Clock;
  client?: S3Client;
}): Promise<Storage> {
  const { settings, tmpDir } = options;
  const client = options.client ?? createS3Client(settings);
  const Bucket = settings.bucket;
  await checkBucket(client, settings);

  const isMissing = (error: unknown) =>
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

  async function open(key: string) {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      return { stream: object.Body as Readable, sizeBytes: object.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function* list(): AsyncIterable<ListedFile> {
    for await (const page of paginateListObjectsV2({ client }, { Bucket })) {
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, modifiedAt: object.LastModified ?? new Date() };
      }
    }
  }

  return {
    save: (stream, rules) =>
      receiveUpload(stream, rules, path.join(tmpDir, 'incoming'), async (upload) => {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: upload.key,
            Body: createReadStream(upload.tmpPath),
            ContentLength: upload.sizeBytes,
            ContentType: upload.mimeType,
          }),
        );
      }),
    open,
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async withLocalCopy(key, fn) {
      const object = await open(key);
      if (!object) return null;
      const dir = path.join(tmpDir, 'copies');
      await mkdir(dir, { recursive: true });
      const copy = path.join(dir, `${randomUUID()}${path.extname(key)}`);
      try {
        await pipeline(object.stream, createWriteStream(copy));
        return await fn(copy);
      } finally {
        await rm(copy, { force: true });
      }
    },
    list,
    removeTemporaries: (before) => removeFilesOlderThan(tmpDir, before),
    ...createLinkSigner(options),
  };
}

async function checkBucket(client: S3Client, settings: S3Settings) {
  const where = `bucket "${settings.bucket}"${settings.endpoint ? ` at ${settings.endpoint}` : ` in ${settings.region}`}`;
  try {
    await client.send(new HeadBucketCommand({ Bucket: settings.bucket }));
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404) throw new Error(`S3_BUCKET: there is no ${where}; create it or fix S3_BUCKET.`);
    if (status === 301 || status === 400)
      throw new Error(`S3_REGION: ${where} answered ${status}; check S3_REGION (and S3_ENDPOINT).`);
    if (status === 401 || status === 403) {
      throw new Error(
        `S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: access to ${where} was refused (${status}); check the credentials and that they may use the bucket.`,
      );
    }
    const reason = error instanceof Error ? error.message : String(error);
    if ((error as { name?: string }).name === 'CredentialsProviderError') {
      throw new Error(`S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: no credentials for ${where}: ${reason}`);
    }
    throw new Error(`S3_ENDPOINT: cannot reach ${where}: ${reason}`);
  }
}
