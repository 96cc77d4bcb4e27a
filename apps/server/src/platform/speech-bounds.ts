/**
 * Where speech starts and ends in a read-aloud recording, offered to the teacher as the default trim (RA1).
 *
 * Classrooms are noisy, so a fixed threshold (sox `silence`, ffmpeg `silencedetect`) fails: with 10 dB of background
 * noise the whole file is "above -40 dBFS" and the suggestion is the whole file. This is an adaptive energy detector:
 * the threshold is set relative to the recording's own noise floor, measured from the quietest frames of the same
 * file, and short loud transients (the click of the record button) are not taken for speech. It is pure and cheap
 * (about 10 ms per minute of audio); `apps/server/bench/speech-bounds.bench.ts` measures it (`npm run bench`).
 *
 * Decoding the upload is separate (`decodeToPcm`, which spawns ffmpeg), and `suggestTrim` does both and answers null
 * on any failure, ffmpeg missing included: the recording then simply has no suggested trim and the teacher trims by
 * hand. Nothing here is on the upload path yet; the recordings module calls `suggestTrim` after an upload.
 */
import path from 'node:path';
import { ProgramError, runProgram } from './run-program.js';

export interface SpeechBounds {
  startMs: number;
  endMs: number;
}

// ---------------------------------------------------------------------------------------------------------------
// The detector

/**
 * Analysis frames: 20 ms windows every 10 ms. 20 ms is the usual speech-analysis window (a few pitch periods, short
 * enough that a syllable's onset is not smeared); the 10 ms hop gives the bounds a 10 ms resolution.
 */
const FRAME_MS = 20;
const HOP_MS = 10;

/**
 * A one-pole high-pass at 80 Hz before measuring energy: removes a microphone's DC offset, handling rumble and mains
 * hum, which carry energy but no speech (a child's voice has its fundamental above 200 Hz, an adult's above 85 Hz).
 * Without it, low-frequency noise (pink, traffic, ventilation) would raise the floor and hide speech onsets.
 */
const HIGH_PASS_HZ = 80;

/**
 * The noise floor is this percentile of the frames' energies. A read-aloud recording has pauses between words and
 * before and after the reading, so at least a tenth of its frames are "room only"; a low percentile rather than the
 * minimum is not fooled by a single unusually quiet frame.
 */
const FLOOR_PERCENTILE = 10;

/**
 * Frames quieter than this (dBFS) are digital silence — a recorder's first few hundred milliseconds, a muted
 * microphone — not the room: they are left out of the floor, which would otherwise sit at -120 dB and make the
 * room's noise look like speech.
 */
const DIGITAL_SILENCE_DB = -90;

/**
 * Two thresholds above the floor (hysteresis). A stretch of sound counts only if it reaches HIGH (a syllable's
 * nucleus: voiced speech is clearly louder than the room, even at 5 dB SNR its peaks are about 8–10 dB above the
 * floor); its edges are then followed down to LOW, just above the floor's own frame-to-frame wobble (well under
 * 1 dB for steady noise, 1–2 dB for pink noise), so the bounds include soft onsets (/h/, /s/) and the decay of the
 * last word. Steady noise almost never reaches HIGH, so noise alone finds nothing.
 */
const LOW_MARGIN_DB = 3;
const HIGH_MARGIN_DB = 8;

/**
 * Whatever the floor, a frame must be at least this loud to count (dBFS): in a clean recording the floor is the
 * microphone's hiss far below speech, and a margin above it alone would take breaths and keyboard noise for speech.
 * A voice near a microphone (browsers apply automatic gain control) is -35 to -10 dBFS; these leave room for a
 * quiet child.
 */
const MIN_LOW_DB = -60;
const MIN_HIGH_DB = -50;

/**
 * Gaps shorter than this between sounding frames are bridged: the closure before a plosive, the dip between
 * syllables and most pauses between read words are 50–250 ms. A click closer than this to the speech joins it, which
 * moves the start earlier by at most this much: harmless, the teacher's trim keeps a little more.
 */
const BRIDGE_MS = 250;

/**
 * A bridged stretch is speech only if it is sustained: at least MIN_SUSTAINED_MS of its frames are above HIGH and
 * within SUSTAIN_DB of its own loudest frame. A click of the record button (10–50 ms) is loudest at its first
 * instant and decays fast, so only its first 2–4 frames are within 10 dB of its peak; a vowel holds its level for
 * 60–200 ms, so even a lone short word ("a", "Sam") passes, at 5 dB SNR too. Counting against the stretch's own peak
 * rather than HIGH alone is what tells a full-scale click (far above HIGH for its whole decay) from a word.
 */
const SUSTAIN_DB = 10;
const MIN_SUSTAINED_MS = 60;

/**
 * The bounds are widened by this much on each side (within the file): the detector times where a sound is clearly
 * above the room, and the very start of a soft consonant and the tail of the last word sit just below that. 100 ms
 * keeps them without leaving a noticeable silence for the teacher to trim.
 */
const PAD_MS = 100;

/**
 * Where speech starts and ends in mono PCM (samples in [-1, 1]), in milliseconds from the start, padded slightly
 * and within the file; null when there is no speech (silence, steady noise, a lone click) or the audio is shorter
 * than one frame.
 */
export function findSpeechBounds(pcm: Float32Array, sampleRate: number): SpeechBounds | null {
  const frameLength = Math.round((sampleRate * FRAME_MS) / 1000);
  const hop = Math.round((sampleRate * HOP_MS) / 1000);
  if (!(sampleRate > 0) || pcm.length < frameLength) return null;
  const durationMs = (pcm.length / sampleRate) * 1000;

  const energies = frameEnergiesDb(highPass(pcm, sampleRate), frameLength, hop);
  const room = energies.filter((db) => db > DIGITAL_SILENCE_DB);
  if (room.length === 0) return null; // all digital silence
  const floor = percentile(room, FLOOR_PERCENTILE);
  const low = Math.max(floor + LOW_MARGIN_DB, MIN_LOW_DB);
  const high = Math.max(floor + HIGH_MARGIN_DB, MIN_HIGH_DB);

  // Stretches of frames above LOW, with short gaps bridged; the first and last sustained ones bound the speech.
  const bridgeFrames = Math.round(BRIDGE_MS / HOP_MS);
  const minSustainedFrames = Math.round(MIN_SUSTAINED_MS / HOP_MS);
  let first = -1; // first frame of the first stretch that is speech
  let last = -1; // last frame of the last stretch that is speech
  let from = -1; // the current stretch's first and last frames (-1: none open)
  let to = -1;
  const closeStretch = () => {
    if (from >= 0 && isSustained(energies, from, to, high, minSustainedFrames)) {
      if (first < 0) first = from;
      last = to;
    }
    from = -1;
  };
  for (let frame = 0; frame < energies.length; frame += 1) {
    if (energies[frame]! <= low) continue;
    if (from >= 0 && frame - to - 1 > bridgeFrames) closeStretch();
    if (from < 0) from = frame;
    to = frame;
  }
  closeStretch();
  if (first < 0) return null;

  const startMs = (first * hop * 1000) / sampleRate - PAD_MS;
  const endMs = ((last * hop + frameLength) * 1000) / sampleRate + PAD_MS;
  return {
    startMs: Math.max(0, Math.round(startMs)),
    endMs: Math.min(Math.round(durationMs), Math.round(endMs)),
  };
}

/**
 * Whether a stretch of frames is sustained sound rather than a click: at least `minFrames` of its frames are both
 * above HIGH and within SUSTAIN_DB of the stretch's own loudest frame.
 */
function isSustained(
  energies: Float64Array,
  from: number,
  to: number,
  high: number,
  minFrames: number,
): boolean {
  let peak = -Infinity;
  for (let frame = from; frame <= to; frame += 1) peak = Math.max(peak, energies[frame]!);
  const level = Math.max(high, peak - SUSTAIN_DB);
  let count = 0;
  for (let frame = from; frame <= to; frame += 1) if (energies[frame]! > level) count += 1;
  return count >= minFrames;
}

/** The first-order high-pass of HIGH_PASS_HZ (y[n] = a·(y[n-1] + x[n] - x[n-1])). */
function highPass(pcm: Float32Array, sampleRate: number): Float32Array {
  const a = Math.exp((-2 * Math.PI * HIGH_PASS_HZ) / sampleRate);
  const out = new Float32Array(pcm.length);
  let previousIn = pcm[0] ?? 0; // start settled on the first sample, so a DC offset makes no step at 0
  let previousOut = 0;
  for (let index = 0; index < pcm.length; index += 1) {
    const sample = pcm[index]!;
    previousOut = a * (previousOut + sample - previousIn);
    previousIn = sample;
    out[index] = previousOut;
  }
  return out;
}

/** Mean power of each frame in dB relative to full scale (a full-scale square wave is 0 dB). */
function frameEnergiesDb(pcm: Float32Array, frameLength: number, hop: number): Float64Array {
  const count = Math.floor((pcm.length - frameLength) / hop) + 1;
  const energies = new Float64Array(count);
  for (let frame = 0; frame < count; frame += 1) {
    let sum = 0;
    const from = frame * hop;
    for (let index = from; index < from + frameLength; index += 1) sum += pcm[index]! * pcm[index]!;
    // 1e-12 (-120 dB) keeps log10 finite on digital silence.
    energies[frame] = 10 * Math.log10(sum / frameLength + 1e-12);
  }
  return energies;
}

function percentile(values: Float64Array, p: number): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

// ---------------------------------------------------------------------------------------------------------------
// Decoding uploads

/** What the detector is given: 16 kHz is plenty for speech energy and keeps 10 minutes at 38 MB of floats. */
export const DECODE_SAMPLE_RATE = 16_000;
/** Uploads are at most 10 minutes (RA2); decoding stops a little after, whatever the file claims. */
const DECODE_MAX_SECONDS = 11 * 60;
/** ffmpeg decodes a 10-minute Opus file in about a second; a minute means something is wrong. */
const DECODE_TIMEOUT_MS = 60_000;

export interface DecodeOptions {
  /** The ffmpeg binary (default: `ffmpeg` on PATH). */
  ffmpeg?: string;
}

/** Why a file could not be decoded; `code` tells a missing ffmpeg from a bad file. */
export class DecodeError extends Error {
  constructor(
    message: string,
    readonly code: 'ffmpeg-missing' | 'decode-failed',
  ) {
    super(message);
    this.name = 'DecodeError';
  }
}

/**
 * Decodes any accepted upload (WebM/Opus, Ogg/Opus, MP4/AAC, WAV, MPEG — whatever ffmpeg reads) to mono 16 kHz
 * float PCM by spawning ffmpeg (Debian package `ffmpeg`). Rejects with a DecodeError when ffmpeg is not installed
 * (`code: 'ffmpeg-missing'`) or cannot read the file; callers then offer no suggested trim.
 */
export async function decodeToPcm(
  filePath: string,
  options: DecodeOptions = {},
): Promise<{ pcm: Float32Array; sampleRate: number }> {
  const ffmpeg = options.ffmpeg ?? 'ffmpeg';
  // prettier-ignore
  const args = [
    '-nostdin', '-hide_banner', '-loglevel', 'error',
    '-t', String(DECODE_MAX_SECONDS), '-i', filePath,
    '-vn', '-ac', '1', '-ar', String(DECODE_SAMPLE_RATE), '-f', 'f32le', '-acodec', 'pcm_f32le', 'pipe:1',
  ];
  // `-t` bounds the output; a second more of 4-byte samples leaves room for the codec's last frame.
  const limits = {
    timeoutMs: DECODE_TIMEOUT_MS,
    maxOutputBytes: (DECODE_MAX_SECONDS + 1) * DECODE_SAMPLE_RATE * 4,
  };
  const name = path.basename(filePath);
  try {
    const { stdout } = await runProgram(ffmpeg, args, limits);
    // Copied into a fresh buffer: the output may be a slice of a shared pool at an odd offset.
    const pcm = new Float32Array(Math.floor(stdout.length / 4));
    new Uint8Array(pcm.buffer).set(stdout.subarray(0, pcm.length * 4));
    return { pcm, sampleRate: DECODE_SAMPLE_RATE };
  } catch (error) {
    if (!(error instanceof ProgramError)) throw error;
    throw error.missing
      ? new DecodeError(
          `ffmpeg is not installed (apt-get install ffmpeg): cannot decode ${name}`,
          'ffmpeg-missing',
        )
      : new DecodeError(`${error.message} (decoding ${name})`, 'decode-failed');
  }
}

/**
 * The suggested trim of an uploaded recording: decode, then find the speech. Null when there is no speech or on
 * any failure (ffmpeg missing, a file ffmpeg cannot read): the recording then has no suggestion, never an error.
 * `onError` hears why, for the log.
 */
export async function suggestTrim(
  filePath: string,
  options: DecodeOptions & { onError?: (error: unknown) => void } = {},
): Promise<SpeechBounds | null> {
  try {
    const { pcm, sampleRate } = await decodeToPcm(filePath, options);
    return findSpeechBounds(pcm, sampleRate);
  } catch (error) {
    options.onError?.(error);
    return null;
  }
}
