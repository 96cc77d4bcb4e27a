/**
 * What a read-aloud upload may be (RA2: WebM/Opus, Ogg/Opus, MP4/AAC, WAV, MPEG, checked by content) and
 * what it holds when heard: decoded by ffmpeg when installed, else a WAV's length from its header (RA2, RA3).
 */
import { createReadStream } from 'node:fs';
import os from 'node:os';
import pLimit from 'p-limit';
import type { Readable } from 'node:stream';
import type { RECORDING_TYPES } from '@readalong/contracts';
import { invalidField } from '../../domain/errors.js';
import {
  analyseAudio,
  DecodeError,
  type DecodeOptions,
  type SpeechBounds,
} from '../../platform/speech-bounds.js';
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

/** An upload as heard: its length (null when nothing here can tell) and the reader's speech, when ffmpeg decoded it. */
export interface HeardAudio {
  lengthMs: number | null;
  /** Undefined when the file could not be analysed (no ffmpeg); null when no reader was heard. */
  bounds: SpeechBounds | null | undefined;
}

/**
 * How many uploads are decoded at once, whatever the number arriving (RA1, issue 16): one ffmpeg per core keeps the
 * machine answering other requests while a class uploads together. Each analysis holds a few hundred kilobytes (its
 * frame energies), so the ones waiting cost nothing but their turn: a 5-minute WAV takes about a tenth of a second.
 */
export const analyses = pLimit(Math.max(1, os.availableParallelism()));

/**
 * An upload that would wait behind more than this many others is answered before it is heard, when the client gave
 * its length; its suggested trim follows (RA1): a class uploading at once is never kept waiting on the queue.
 */
export const MAX_WAITING_ANALYSES = 2 * analyses.concurrency;

/** Whether an upload would now wait on a long queue of analyses (see MAX_WAITING_ANALYSES). */
export const analysesAreBusy = () => analyses.pendingCount >= MAX_WAITING_ANALYSES;

/**
 * Decodes a stored upload with ffmpeg (one of `analyses`), its length the samples it holds; a file ffmpeg cannot
 * decode is refused (400 `file`). Without ffmpeg a WAV is measured from its header and any other type's length stays
 * unknown (RA2).
 */
export async function hearUpload(
  localPath: string,
  file: StoredFile,
  options: DecodeOptions = {},
): Promise<HeardAudio> {
  try {
    return await analyses(() => analyseAudio(localPath, options));
  } catch (error) {
    if (!(error instanceof DecodeError) || error.code !== 'ffmpeg-missing') {
      throw invalidField('file', 'could not be played as audio; record it again');
    }
  }
  if (file.mimeType !== 'audio/wav') return { lengthMs: null, bounds: undefined };
  const head = await readHead(createReadStream(localPath));
  return { lengthMs: wavDurationMs(head, file.sizeBytes), bounds: undefined };
}
