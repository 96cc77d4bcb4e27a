/**
 * Recordings with S3 storage configured (F6): the upload lands in the bucket, its length and suggested
 * trim are read from it, and its signed link streams the audio back through /api/files. The bucket is a real
 * S3-protocol server in this process (test/s3-peer.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Recording } from '@readalong/contracts';
import { makeRecording } from '../../platform/speech-bounds.fixtures.js';
import { runProgram } from '../../platform/run-program.js';
import { encodeWav } from '../../platform/wav.js';
import { createTestApp, signedInCast, type TestApp } from '../../../test/app.js';
import { expectError } from '../../../test/ladder.js';
import { startS3Peer, type S3Peer } from '../../../test/s3-peer.js';
import { audioRetention } from './retention.js';

const HAS_FFMPEG = await runProgram('ffmpeg', ['-version']).then(
  () => true,
  () => false,
);

let peer: S3Peer;
let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;
let passageId: number;

beforeAll(async () => {
  peer = await startS3Peer();
  t = await createTestApp(peer.env);
  cast = await signedInCast(t);
  passageId = (await t.factories.passage()).id;
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

const BOUNDARY = '----readalong-s3';
function form(file: Buffer, fields: Record<string, string> = {}) {
  const parts = [
    ...Object.entries(fields).map(
      ([name, value]) =>
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="take.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
  ];
  return {
    payload: Buffer.concat([Buffer.from(parts.join('')), file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

async function localFiles(): Promise<string[]> {
  const root = path.join(t.deps.config.dataDir, 'files');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

describe('recordings in an S3 bucket', () => {
  it('an upload lands in the bucket, is measured there and downloads through its signed link', async () => {
    const worksheet = await t.factories.worksheet(cast.world.student, passageId);
    const made = makeRecording({ seconds: 5, speechAt: 1.2, speech: { seconds: 2.5 } });
    const sound = encodeWav(made.pcm, made.sampleRate);
    const response = await t.request({
      method: 'POST',
      url: `/api/v1/worksheets/${worksheet.id}/recording`,
      token: cast.token.student,
      ...form(sound),
    });
    expect(response.statusCode, response.body).toBe(201);
    const recording = Recording.parse(response.json());

    const keys = await peer.keys(`recordings/${cast.world.student.id}/`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/\.wav$/);
    expect(await localFiles()).toEqual([]); // nothing kept on this machine
    // Its length from the WAV header, without duration_ms.
    expect(recording.duration_ms).toBe(5000);
    if (HAS_FFMPEG) {
      // The trim suggestion ran on a copy of the object.
      expect(Math.abs(recording.suggested_start! * 1000 - made.truth.startMs)).toBeLessThan(250);
      expect(Math.abs(recording.suggested_end! * 1000 - made.truth.endMs)).toBeLessThan(250);
    }

    expect(recording.file_url).toContain(`/api/files/${keys[0]}?expires=`);
    const file = await t.request({ method: 'GET', url: recording.file_url! });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/wav');
    expect(file.headers['referrer-policy']).toBe('no-referrer');
    expect(Buffer.compare(file.rawPayload, sound)).toBe(0);

    const altered = recording.file_url!.replace(
      /signature=(.)/,
      (_, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`,
    );
    expect((await t.request({ method: 'GET', url: altered })).statusCode).toBe(404);
  });

  it('a refused upload leaves no object in the bucket', async () => {
    const worksheet = await t.factories.worksheet(cast.world.student, passageId);
    const before = await peer.keys();
    const response = await t.request({
      method: 'POST',
      url: `/api/v1/worksheets/${worksheet.id}/recording`,
      token: cast.token.student,
      ...form(Buffer.from('not a recording at all')),
    });
    expectError(response, 400, 'file');
    // Checked and stored, then refused for its fields (duration_ms past 10 minutes): removed again.
    const tooLong = await t.request({
      method: 'POST',
      url: `/api/v1/worksheets/${worksheet.id}/recording`,
      token: cast.token.student,
      ...form(encodeWav(new Float32Array(8000), 8000), { duration_ms: String(11 * 60 * 1000) }),
    });
    expectError(tooLong, 400, 'body.duration_ms');
    expect(await peer.keys()).toEqual(before);
    expect(await localFiles()).toEqual([]);
  });

  it('past the district’s retention the object leaves the bucket', async () => {
    expect((await peer.keys('recordings/')).length).toBeGreaterThan(0);
    t.clock.advanceMinutes(366 * 24 * 60);
    const result = await audioRetention(t.deps).sweep();
    expect(result.failed).toBe(0);
    expect(result.deleted).toBeGreaterThan(0);
    expect(await peer.keys('recordings/')).toEqual([]);
  });
});
