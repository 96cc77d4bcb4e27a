/**
 * The same behaviour of both kinds of storage (F6): local disk, and an S3 bucket served by a real
 * S3-protocol server in this process (test/s3-peer.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { TestClock } from '../../../test/app.js';
import { startS3Peer, type S3Peer } from '../../../test/s3-peer.js';
import { deriveSecrets } from '../secrets.js';
import { createLocalStorage } from './local-storage.js';
import { createS3Storage } from './s3-storage.js';
import type { Storage, UploadRules } from './storage.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const RULES: UploadRules = {
  folder: 'pictures/7',
  maxBytes: 64 * 1024,
  acceptedTypes: ['image/png'],
  field: 'file',
};
/** A PNG of `size` bytes: its signature and header, then padding the sniffer does not read. */
const png = (size: number) => Buffer.concat([PNG, Buffer.alloc(Math.max(0, size - PNG.length), 7)]);

interface Backend {
  storage: Storage;
  clock: TestClock;
  /** Every stored file's key, and anything left in the temporary folders. */
  stored(): Promise<string[]>;
  leftovers(): Promise<string[]>;
  close(): Promise<void>;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

const backends: Record<string, () => Promise<Backend>> = {
  async 'local disk'() {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'readalong-storage-'));
    const clock = new TestClock();
    const storage = createLocalStorage({ root: dir, secrets: deriveSecrets('k'.repeat(32)), clock });
    return {
      storage,
      clock,
      stored: async () => (await listFiles(dir)).filter((key) => !key.startsWith('.incoming/')),
      leftovers: () => listFiles(path.join(dir, '.incoming')),
      close: () => rm(dir, { recursive: true, force: true }),
    };
  },
  async 'S3 bucket'() {
    const peer: S3Peer = await startS3Peer();
    const tmpDir = await mkdtemp(path.join(os.tmpdir(), 'readalong-storage-'));
    const clock = new TestClock();
    const storage = await createS3Storage({
      settings: peer.settings,
      tmpDir,
      secrets: deriveSecrets('k'.repeat(32)),
      clock,
    });
    return {
      storage,
      clock,
      stored: () => peer.keys(),
      leftovers: () => listFiles(tmpDir),
      async close() {
        await peer.close();
        await rm(tmpDir, { recursive: true, force: true });
      },
    };
  },
};

describe.each(Object.keys(backends))('storage on %s', (name) => {
  let b: Backend;
  beforeAll(async () => {
    b = await backends[name]!();
  });
  afterAll(() => b.close());

  const read = async (stream: Readable) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  it('saves a file checked by content; open streams back the same bytes; remove deletes it', async () => {
    const bytes = png(40 * 1024);
    const file = await b.storage.save(Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), RULES);
    expect(file).toMatchObject({ mimeType: 'image/png', sizeBytes: bytes.length });
    expect(file.key).toMatch(/^pictures\/7\/[0-9a-f-]{36}\.png$/);
    expect(await b.stored()).toContain(file.key);
    expect(await b.leftovers()).toEqual([]);

    const opened = await b.storage.open(file.key);
    expect(opened!.sizeBytes).toBe(bytes.length);
    expect(Buffer.compare(await read(opened!.stream), bytes)).toBe(0);

    const copied = await b.storage.withLocalCopy(file.key, async (localPath) => readFile(localPath));
    expect(Buffer.compare(copied!, bytes)).toBe(0);
    expect(await b.leftovers()).toEqual([]);

    await b.storage.remove(file.key);
    expect(await b.stored()).not.toContain(file.key);
    expect(await b.storage.open(file.key)).toBeNull();
    expect(await b.storage.withLocalCopy(file.key, async () => 'ran')).toBeNull();
    await b.storage.remove(file.key); // already gone: no error
  });

  it('refuses a file of another type, empty, too large or cut off, leaving nothing behind', async () => {
    const before = await b.stored();
    const refusals: [Readable & { truncated?: boolean }, string][] = [
      [Readable.from([Buffer.from('just some text')]), 'must be one of image/png'],
      [Readable.from([Buffer.alloc(0)]), 'the file is empty'],
      [Readable.from([png(64 * 1024 + 1)]), 'must be at most 64 KB'],
      [Object.assign(Readable.from([png(1000)]), { truncated: true }), 'must be at most 64 KB'],
    ];
    for (const [stream, message] of refusals) {
      await expect(b.storage.save(stream, RULES)).rejects.toMatchObject({
        fields: { file: message },
      });
    }
    const broken = new Readable({
      read() {
        this.push(png(2000));
        this.destroy(new Error('aborted'));
      },
    });
    await expect(b.storage.save(broken, RULES)).rejects.toThrow('aborted');
    expect(await b.stored()).toEqual(before);
    expect(await b.leftovers()).toEqual([]);
  });

  it('a signed link opens its own file for six hours; altered in any byte or expired, it is refused', async () => {
    const file = await b.storage.save(Readable.from([png(500)]), RULES);
    const url = new URL(b.storage.signedUrl(file.key), 'http://x');
    const key = decodeURIComponent(url.pathname.replace(/^\/api\/files\//, ''));
    const expires = url.searchParams.get('expires')!;
    const signature = url.searchParams.get('signature')!;
    expect(key).toBe(file.key);
    expect(b.storage.verifyLink(key, expires, signature)).toBe(true);

    const flip = (text: string, index: number) =>
      text.slice(0, index) + (text[index] === 'A' ? 'B' : 'A') + text.slice(index + 1);
    for (let i = 0; i < signature.length; i++) {
      expect(b.storage.verifyLink(key, expires, flip(signature, i))).toBe(false);
    }
    for (let i = 0; i < key.length; i++) {
      expect(b.storage.verifyLink(flip(key, i), expires, signature)).toBe(false);
    }
    expect(b.storage.verifyLink(key, String(Number(expires) + 1), signature)).toBe(false);
    expect(b.storage.verifyLink(key, '', signature)).toBe(false);
    expect(b.storage.verifyLink(key, expires, '')).toBe(false);

    b.clock.advanceMinutes(6 * 60 - 1);
    expect(b.storage.verifyLink(key, expires, signature)).toBe(true);
    b.clock.advanceMinutes(2);
    expect(b.storage.verifyLink(key, expires, signature)).toBe(false);
  });
});

describe('an S3 bucket that cannot be used stops the server at start, naming the setting', () => {
  let peer: S3Peer;
  beforeAll(async () => {
    peer = await startS3Peer();
  });
  afterAll(() => peer.close());
  const open = (settings: Partial<S3Peer['settings']>) =>
    createS3Storage({
      settings: { ...peer.settings, ...settings },
      tmpDir: os.tmpdir(),
      secrets: deriveSecrets('k'.repeat(32)),
      clock: new TestClock(),
    });

  it('a missing bucket names S3_BUCKET', async () => {
    await expect(open({ bucket: 'no-such-bucket' })).rejects.toThrow(/^S3_BUCKET: there is no bucket/);
  });
  // s3rver checks the key id of a SigV4 request, not its signature: an unknown key stands for wrong credentials.
  it('wrong credentials name S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY', async () => {
    await expect(
      open({ credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'wrong' } }),
    ).rejects.toThrow(/^S3_ACCESS_KEY_ID \/ S3_SECRET_ACCESS_KEY: access to bucket "readalong-test"/);
  });
});
