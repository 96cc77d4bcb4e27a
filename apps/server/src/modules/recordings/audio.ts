/**
 * What a read-aloud upload may be (RA2: WebM/Opus, Ogg/Opus, MP4/AAC, WAV, MPEG, checked by content) and
 * what it holds when heard: decoded by ffmpeg when installed, else a WAV's length from its header (RA2, RA3).
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { RECORDING_TYPES } from '@readalong/contracts';
import { invalidField } from '../../domain/errors.js';
import { DecodeError, decodeToPcm, type DecodeOptions } from '../../platform/speech-bounds.js';
import type { StoredFile } from '../../platform/storage/storage.js';
import { wavDurationMs } from '../../platform/wav.js';

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

/** A recording shorter than this is no reading: a second at least (RA2). */
export const MIN_RECORDING_MS = 1000;

/** An upload as heard: its length (null when nothing here can tell) and its samples when ffmpeg decoded it. */
export interface HeardAudio {
  lengthMs: number | null;
  decoded: { pcm: Float32Array; sampleRate: number } | null;
}

/**
 * Decodes a stored upload with ffmpeg, its length the samples it holds; a file ffmpeg cannot decode is refused
 * (400 `file`). Without ffmpeg a WAV is measured from its header and any other type's length stays unknown (RA2).
 */
export async function hearUpload(
  localPath: string,
  file: StoredFile,
  options: DecodeOptions = {},
): Promise<HeardAudio> {
  try {
    const decoded = await decodeToPcm(localPath, options);
    return { lengthMs: Math.round((decoded.pcm.length / decoded.sampleRate) * 1000), decoded };
  } catch (error) {
    if (!(error instanceof DecodeError) || error.code !== 'ffmpeg-missing') {
      throw invalidField('file', 'could not be played as audio; record it again');
    }
  }
  if (file.mimeType !== 'audio/wav') return { lengthMs: null, decoded: null };
  const head = await readHead(createReadStream(localPath));
  return { lengthMs: wavDurationMs(head, file.sizeBytes), decoded: null };
}
