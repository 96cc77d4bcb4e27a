/** The settings read at start (README.md "Settings"): here, where uploaded files go. */
import { describe, expect, it } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, MAX_SERVER_PROCESSES } from './config.js';
import { createServerDeps } from './server-deps.js';
import type { Database } from './db/database.js';
import { startS3Peer } from '../test/s3-peer.js';

const DATA_DIR = path.join(os.tmpdir(), 'readalong-config-test');
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR, ...env });

describe('storage settings', () => {
  it('local disk under DATA_DIR/files unless S3_BUCKET is set', () => {
    expect(load({}).storage).toEqual({ kind: 'local', dir: path.join(DATA_DIR, 'files') });
  });

  it('an S3 bucket: us-east-1 by default, path-style addresses when an endpoint is set', () => {
    expect(load({ S3_BUCKET: 'readalong-files' }).storage).toMatchObject({
      kind: 's3',
      s3: { bucket: 'readalong-files', region: 'us-east-1', forcePathStyle: false, credentials: undefined },
    });
    const minio = load({
      S3_BUCKET: 'readalong-files',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    }).storage;
    expect(minio).toMatchObject({
      kind: 's3',
      s3: {
        endpoint: 'http://minio:9000',
        region: 'eu-west-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      },
    });
    expect(
      load({ S3_BUCKET: 'readalong-files', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'false' })
        .storage,
    ).toMatchObject({ s3: { forcePathStyle: false } });
  });

  it('refuses half a key pair or a bad address, naming the variable', () => {
    expect(() => load({ S3_BUCKET: 'readalong-files', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID/,
    );
    expect(() => load({ S3_BUCKET: 'readalong-files', S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(
      /S3_ACCESS_KEY_ID: required with S3_SECRET_ACCESS_KEY/,
    );
    expect(() => load({ S3_BUCKET: 'readalong-files', S3_ENDPOINT: 'minio' })).toThrow(/S3_ENDPOINT/);
    expect(() => load({ S3_BUCKET: 'x' })).toThrow(/S3_BUCKET/);
  });

  it('the server does not start on a bucket that is not there', async () => {
    const peer = await startS3Peer();
    try {
      const config = load({ ...peer.env, S3_BUCKET: 'not-this-bucket', SECRET_KEY: 'k'.repeat(32) });
      await expect(createServerDeps(config, {} as Database)).rejects.toThrow(
        /^S3_BUCKET: there is no bucket/,
      );
    } finally {
      await peer.close();
    }
  });
});

describe('proxy and rate-limit settings', () => {
  it('trusts no proxy unless TRUST_PROXY names one', () => {
    expect(load({}).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(load({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
    ]);
    expect(() => load({ TRUST_PROXY: 'the proxy' })).toThrow(/TRUST_PROXY/);
  });

  it('limits per address: 300 sign-ins a minute and 30 forms an hour unless set', () => {
    expect(load({}).rateLimits).toEqual({ signInPerMinute: 300, formsPerHour: 30 });
    expect(load({ RATE_LIMIT_SIGN_IN: '600', RATE_LIMIT_FORMS: '5' }).rateLimits).toEqual({
      signInPerMinute: 600,
      formsPerHour: 5,
    });
    expect(() => load({ RATE_LIMIT_SIGN_IN: '0' })).toThrow(/RATE_LIMIT_SIGN_IN/);
  });
});

describe('server processes (O17)', () => {
  it('one a CPU in production (at most MAX_SERVER_PROCESSES), one otherwise, or WEB_CONCURRENCY', () => {
    expect(load({}).serverProcesses).toBe(1);
    expect(load({ NODE_ENV: 'test' }).serverProcesses).toBe(1);
    expect(load({ NODE_ENV: 'production' }).serverProcesses).toBe(
      Math.min(os.availableParallelism(), MAX_SERVER_PROCESSES),
    );
    expect(load({ NODE_ENV: 'production', WEB_CONCURRENCY: '1' }).serverProcesses).toBe(1);
    expect(load({ WEB_CONCURRENCY: '3' }).serverProcesses).toBe(3);
  });

  it('refuses a number of processes whose pools PostgreSQL could not hold', () => {
    expect(() => load({ WEB_CONCURRENCY: String(MAX_SERVER_PROCESSES + 1) })).toThrow(/WEB_CONCURRENCY/);
    expect(() => load({ WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/);
  });
});
