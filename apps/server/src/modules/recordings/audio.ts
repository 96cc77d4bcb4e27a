/**
 * What a read-aloud upload may be (PRODUCT.md §5: WebM/Opus, Ogg/Opus, MP4/AAC, WAV, MPEG, checked by content) and
 * how long it is when the client did not say: WAV from its header, anything else through `ffprobe` when installed.
 */
import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import type { RECORDING_TYPES } from '@readalong/contracts';

type RecordingType = (typeof RECORDING_TYPES)[number];

/**
 * The types the content sniffer (file-type) reports for accepted audio, and the audio type each is stored and served
 * as. Browsers record audio-only WebM and MP4, which the sniffer cannot tell from video by their first bytes.
 */
export const SNIFFED_AUDIO: Record<string, RecordingType> = {
  'audio/webm': 'audio/webm',
  'video/webm': 'audio/webm',
  'audio/ogg': 'audio/ogg',
  'audio/ogg; codecs=opus': 'audio/ogg',
  'audio/mp4': 'audio/mp4',
  'audio/x-m4a': 'audio/mp4',
  'video/mp4': 'audio/mp4',
  'audio/wav': 'audio/wav',
  'audio/mpeg': 'audio/mpeg',
};
export const ACCEPTED_SNIFFED_TYPES = Object.keys(SNIFFED_AUDIO);

/** Reads at most `limit` bytes from the start of a stream, then lets the stream go. */
export async function readHead(stream: Readable, limit = 64 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      const buffer = chunk as Buffer;
      chunks.push(buffer);
      length += buffer.length;
      if (length >= limit) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, limit);
}

/**
 * The length of a WAV file in milliseconds from its RIFF header (`fmt ` byte rate, `data` size), or null when the
 * header is not one. A `data` size of 0 or 0xFFFFFFFF (written while streaming) means: to the end of the file.
 */
export function wavDurationMs(head: Buffer, fileSize: number): number | null {
  if (head.length < 12 || head.toString('ascii', 0, 4) !== 'RIFF' || head.toString('ascii', 8, 12) !== 'WAVE')
    return null;
  let offset = 12;
  let byteRate: number | null = null;
  while (offset + 8 <= head.length) {
    const id = head.toString('ascii', offset, offset + 4);
    const size = head.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ' && body + 12 <= head.length) byteRate = head.readUInt32LE(body + 8);
    if (id === 'data') {
      if (!byteRate) return null;
      const available = Math.max(0, fileSize - body);
      const dataBytes = size === 0 || size === 0xffffffff ? available : Math.min(size, available);
      return Math.round((dataBytes / byteRate) * 1000);
    }
    offset = body + size + (size % 2);
  }
  return null;
}

/**
 * The length `ffprobe` reads from a file path (seekable: every accepted format) or a stream (WebM and MP4 only;
 * Ogg and MPEG need to seek), in milliseconds; null when it is not installed or cannot tell.
 */
export function ffprobeDurationMs(input: string | Readable, timeoutMs = 15_000): Promise<number | null> {
  const stream = typeof input === 'string' ? null : input;
  return new Promise((resolve) => {
    let output = '';
    let settled = false;
    const finish = (value: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stream?.destroy();
      resolve(value);
    };
    const child = spawn(
      'ffprobe',
      [
        ...['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1'],
        ...['-i', typeof input === 'string' ? input : 'pipe:0'],
      ],
      { stdio: [stream ? 'pipe' : 'ignore', 'pipe', 'ignore'] },
    );
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(null);
    }, timeoutMs);
    child.on('error', () => finish(null));
    child.stdin?.on('error', () => {});
    stream?.on('error', () => child.stdin?.destroy());
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', () => {
      const seconds = Number.parseFloat(output.trim());
      finish(Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : null);
    });
    if (stream && child.stdin) stream.pipe(child.stdin);
  });
}
