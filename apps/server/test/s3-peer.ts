/**
 * A real S3-protocol server for the tests (s3rver, in this process, on 127.0.0.1 and a free port), with one bucket
 * and the settings that point the server at it. Nothing of the S3 client is mocked.
 */
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { createS3Client, type S3Settings } from '../src/platform/storage/s3-storage.js';

export async function startS3Peer(bucket = 'readalong-test') {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'readalong-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's own fixed key pair.
  const settings: S3Settings = {
    bucket,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
  const client: S3Client = createS3Client(settings);
  return {
    settings,
    client,
    /** The environment that makes the server use this bucket. */
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    /** Every key in the bucket, sorted. */
    async keys(prefix?: string): Promise<string[]> {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
export type S3Peer = Awaited<ReturnType<typeof startS3Peer>>;
