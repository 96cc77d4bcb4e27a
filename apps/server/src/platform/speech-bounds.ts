/**
 * Where the reader's speech starts and ends in a read-aloud recording, offered to the teacher as the default trim
 * (RA1).
 *
 * Classrooms are noisy, so a fixed threshold (sox `silence`, ffmpeg `silencedetect`) fails: with 10 dB of background
 * noise the whole file is "above -40 dBFS" and the suggestion is the whole file. And other children talk: their
 * voices are speech too, so "where speech starts" is where the room starts (issue 16). This is an energy detector
 * that looks for the reader, the closest and so the loudest voice: the reading is where the level, smoothed over
 * ±150 ms, is within a few dB of the recording's own loud speech; its edges are then followed out over softer
 * frames, whose threshold is set both above the recording's noise floor and a fixed distance under the reader's
 * voice; short loud transients (the click of the record button) are not taken for speech. It is cheap (a few
 * milliseconds per minute of audio; `apps/server/bench/speech-bounds.bench.ts` measures it and says why it was
 * chosen over a voice-activity model or aligning the passage's words).
 *
 * `analyseAudio` decodes an upload through a pipe from ffmpeg and analyses it as it arrives, holding frame energies
 * only; `suggestTrim` answers null on any failure, ffmpeg missing included: the recording then simply has no
 * suggested trim and the teacher trims by hand.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

export interface SpeechBounds {
  startMs: number;
  endMs: number;
}

// ---------------------------------------------------------------------------------------------------------------
// The detector

/**
 * Analysis frames: 20 ms windows every 10 ms (two 10 ms blocks each). 20 ms is the usual speech-analysis window (a
 * few pitch periods, short enough that a syllable's onset is not smeared); the 10 ms hop gives the bounds a 10 ms
 * resolution.
 */
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
 * Two thresholds above the floor (hysteresis). A stretch of sound counts only if it has sustained frames above HIGH
 * (a syllable's nucleus: voiced speech is clearly louder than the room, even at 5 dB SNR its peaks are about 8–10 dB
 * above the floor); its edges are followed down to LOW, just above the floor's own frame-to-frame wobble (well under
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
 * The reader is the closest voice, so the loudest (issue 16): other children talking in the room reach the
 * microphone 10–20 dB under them, and talk before the reader starts and after they stop. So the reading is found
 * by its level smoothed over ±SMOOTH_MS (a syllable and the gaps around it: the room's single loud syllables average
 * out, the reader's run of words does not): where that level is within READER_UNDER_VOICE_DB of the reader's voice,
 * the VOICE_PERCENTILE of the smoothed levels (a reader speaks for well over a twentieth of their own recording, so
 * it is theirs even when the room talks throughout), for at least MIN_READER_MS. In the room's talk at 10 dB under
 * the reader, the smoothed level stays 6 dB or more under the voice; the reader's words stay within 4 dB.
 */
const VOICE_PERCENTILE = 95;
const SMOOTH_MS = 150;
const READER_UNDER_VOICE_DB = 5;
const MIN_READER_MS = 200;

/**
 * The reading's edges are then followed out over softer frames (a soft first consonant, the fading last word) down
 * to LOW, which is also at most LOW_UNDER_VOICE_DB under the voice, so the room's quieter talk does not carry them
 * away, and at most this far: the room just before or after the reading may be above LOW too, and these bound how
 * much of it is kept (with PAD_MS, the suggestion starts at most 0.45 s early and ends at most 0.5 s late). The end
 * reaches further: a last word fades more slowly than a first one starts.
 */
const LOW_UNDER_VOICE_DB = 14;
const START_REACH_MS = 200;
const END_REACH_MS = 300;

/**
 * A reader's voice (VOICE_PERCENTILE of the smoothed level) is at least this (dBFS). A room talking with nobody near
 * the microphone stays under it (about -26 dBFS when the room is 10 dB under a reader at -20 dBFS RMS), so a
 * recording of only the room has no suggestion. Browsers' automatic gain control brings a voice near the microphone
 * to about -20 to -10 dBFS, so a reader clears it; one reading under about -28 dBFS RMS gets no suggestion (the
 * teacher trims by hand, as without ffmpeg). A browser's gain control that lifts an empty room to a reader's level
 * defeats this: level is all the detector knows.
 */
const MIN_VOICE_DB = -24;

/**
 * Where speech starts and ends in mono PCM (samples in [-1, 1]), in milliseconds from the start, padded slightly
 * and within the file; null when there is no speech (silence, steady noise, a lone click, only the room talking) or
 * the audio is shorter than one frame.
 */
export function findSpeechBounds(pcm: Float32Array, sampleRate: number): SpeechBounds | null {
  if (!(sampleRate > 0)) return null;
  const frames = new SpeechFrames(sampleRate);
  frames.push(pcm);
  return frames.bounds();
}

/**
 * Per-frame energies of audio given a chunk at a time, so a recording is analysed as it is decoded, holding 8 bytes
 * per 10 ms (240 KB for 5 minutes) rather than its samples (issue 16: 30 uploads at once). 20 ms frames every
 * 10 ms are two 10 ms blocks each: only the running block's sum and the filter's state are kept between chunks.
 */
export class SpeechFrames {
  readonly hop: number;
  private readonly blocks: number[] = [];
  private blockSum = 0;
  private inBlock = 0;
  private samples = 0;
  private readonly a: number;
  private previousIn: number | null = null;
  private previousOut = 0;

  constructor(readonly sampleRate: number) {
    this.hop = Math.max(1, Math.round((sampleRate * HOP_MS) / 1000));
    this.a = Math.exp((-2 * Math.PI * HIGH_PASS_HZ) / sampleRate);
  }

  /** How many samples were given. */
  get sampleCount(): number {
    return this.samples;
  }

  /**
   * The next samples (times `scale`: 1/32768 for 16-bit ones), high-passed at HIGH_PASS_HZ
   * (y[n] = a·(y[n-1] + x[n] - x[n-1])) and summed into blocks.
   */
  push(chunk: Float32Array | Int16Array, scale = 1): void {
    // Start settled on the first sample, so a DC offset makes no step at 0.
    if (this.previousIn === null && chunk.length) this.previousIn = chunk[0]! * scale;
    let { previousIn, previousOut, blockSum, inBlock } = this;
    for (let index = 0; index < chunk.length; index += 1) {
      const sample = chunk[index]! * scale;
      previousOut = this.a * (previousOut + sample - previousIn!);
      previousIn = sample;
      blockSum += previousOut * previousOut;
      inBlock += 1;
      if (inBlock === this.hop) {
        this.blocks.push(blockSum);
        blockSum = 0;
        inBlock = 0;
      }
    }
    Object.assign(this, { previousIn, previousOut, blockSum, inBlock });
    this.samples += chunk.length;
  }

  /** Mean power of each 20 ms frame in dB relative to full scale (a full-scale square wave is 0 dB). */
  energies(): Float64Array {
    const count = Math.max(0, this.blocks.length - 1);
    const energies = new Float64Array(count);
    for (let frame = 0; frame < count; frame += 1) {
      const power = (this.blocks[frame]! + this.blocks[frame + 1]!) / (2 * this.hop);
      // 1e-12 (-120 dB) keeps log10 finite on digital silence.
      energies[frame] = 10 * Math.log10(power + 1e-12);
    }
    return energies;
  }

  /** The speech bounds of everything pushed (see findSpeechBounds). */
  bounds(): SpeechBounds | null {
    const durationMs = (this.samples / this.sampleRate) * 1000;
    return boundsOfFrames(this.energies(), (this.hop * 1000) / this.sampleRate, durationMs);
  }
}

/** The speech bounds from frame energies `hopMs` apart (frames two hops long) in a file `durationMs` long. */
function boundsOfFrames(energies: Float64Array, hopMs: number, durationMs: number): SpeechBounds | null {
  const room = energies.filter((db) => db > DIGITAL_SILENCE_DB);
  if (room.length === 0) return null; // all digital silence, or shorter than a frame
  const floor = percentile(room, FLOOR_PERCENTILE);
  const level = smoothed(energies, Math.round(SMOOTH_MS / hopMs));
  const voice = percentile(
    level.filter((_, frame) => energies[frame]! > DIGITAL_SILENCE_DB),
    VOICE_PERCENTILE,
  );
  if (voice < MIN_VOICE_DB) return null; // nobody near the microphone
  const low = Math.max(floor + LOW_MARGIN_DB, voice - LOW_UNDER_VOICE_DB, MIN_LOW_DB);
  const high = Math.max(floor + HIGH_MARGIN_DB, MIN_HIGH_DB);
  const reader = Math.max(voice - READER_UNDER_VOICE_DB, MIN_HIGH_DB);

  // Stretches where the smoothed level is the reader's, short gaps bridged; the first and last long, sustained
  // ones bound the reading, their edges then followed out over the softer frames around them.
  const bridgeFrames = Math.round(BRIDGE_MS / hopMs);
  const minSustainedFrames = Math.round(MIN_SUSTAINED_MS / hopMs);
  const minReaderFrames = Math.round(MIN_READER_MS / hopMs);
  let first = -1; // first frame of the first stretch that is speech
  let last = -1; // last frame of the last stretch that is speech
  let from = -1; // the current stretch's first and last frames (-1: none open)
  let to = -1;
  const closeStretch = () => {
    if (
      from >= 0 &&
      to - from + 1 >= minReaderFrames &&
      isSustained(energies, from, to, high, minSustainedFrames)
    ) {
      // The smoothed level rises before the first loud frame and falls after the last: the edges are those frames.
      if (first < 0) first = firstAbove(energies, from, to, reader, 1);
      last = firstAbove(energies, to, from, reader, -1);
    }
    from = -1;
  };
  for (let frame = 0; frame < energies.length; frame += 1) {
    if (level[frame]! <= reader) continue;
    if (from >= 0 && frame - to - 1 > bridgeFrames) closeStretch();
    if (from < 0) from = frame;
    to = frame;
  }
  closeStretch();
  if (first < 0) return null;

  first = followEdge(energies, first, -1, low, Math.round(START_REACH_MS / hopMs), bridgeFrames);
  last = followEdge(energies, last, 1, low, Math.round(END_REACH_MS / hopMs), bridgeFrames);
  const startMs = first * hopMs - PAD_MS;
  const endMs = (last + 2) * hopMs + PAD_MS;
  return {
    startMs: Math.max(0, Math.round(startMs)),
    endMs: Math.min(Math.round(durationMs), Math.round(endMs)),
  };
}

/**
 * The reading's edge moved out (`step` -1: earlier, 1: later) over frames above LOW no more than a bridge apart,
 * at most `reach` frames: a soft first consonant or the fading last word, but not the room talking before.
 */
function followEdge(
  energies: Float64Array,
  edge: number,
  step: -1 | 1,
  low: number,
  reach: number,
  bridgeFrames: number,
): number {
  let found = edge;
  for (let frame = edge + step; Math.abs(frame - edge) <= reach; frame += step) {
    if (frame < 0 || frame >= energies.length || Math.abs(frame - found) > bridgeFrames) break;
    if (energies[frame]! > low) found = frame;
  }
  return found;
}

/** The first frame from `from` towards `to` (by `step`) louder than `level`; `to` when none is. */
function firstAbove(energies: Float64Array, from: number, to: number, level: number, step: -1 | 1): number {
  for (let frame = from; frame !== to; frame += step) if (energies[frame]! > level) return frame;
  return to;
}

/** Each frame's level over ±`half` frames around it: the mean power, in dB. */
function smoothed(energies: Float64Array, half: number): Float64Array {
  const power = energies.map((db) => 10 ** (db / 10));
  const out = new Float64Array(energies.length);
  let sum = 0;
  let count = 0;
  for (let frame = 0; frame < Math.min(half, power.length); frame += 1) sum += power[frame]!;
  count = Math.min(half, power.length);
  for (let frame = 0; frame < power.length; frame += 1) {
    const entering = frame + half;
    if (entering < power.length) {
      sum += power[entering]!;
      count += 1;
    }
    const leaving = frame - half - 1;
    if (leaving >= 0) {
      sum -= power[leaving]!;
      count -= 1;
    }
    out[frame] = 10 * Math.log10(Math.max(sum, 0) / count + 1e-12);
  }
  return out;
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

function percentile(values: Float64Array, p: number): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

// ---------------------------------------------------------------------------------------------------------------
// Decoding uploads

/** What the detector is given: 16 kHz is plenty for speech energy. */
export const DECODE_SAMPLE_RATE = 16_000;
/** Uploads are at most 10 minutes (RA2); decoding stops a little after, whatever the file claims. */
const DECODE_MAX_SECONDS = 11 * 60;
/** ffmpeg decodes a 10-minute Opus file in about a second; a minute means something is wrong. */
const DECODE_TIMEOUT_MS = 60_000;

export interface DecodeOptions {
  /** The ffmpeg binary (default: `ffmpeg` on PATH). */
  ffmpeg?: string;
  /** Told once, as soon as this much audio is decoded: the file plays and holds at least that much. */
  whenHeard?: { ms: number; notify: () => void };
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

/** What an upload holds: its length (the samples decoded) and where the reader's speech is. */
export interface AudioAnalysis {
  lengthMs: number;
  bounds: SpeechBounds | null;
}

/**
 * Decodes any accepted upload (WebM/Opus, Ogg/Opus, MP4/AAC, WAV, MPEG — whatever ffmpeg reads) to mono 16 kHz
 * 16-bit PCM through a pipe from ffmpeg (Debian package `ffmpeg`) and analyses it as it arrives, keeping only the
 * frame energies, never the samples (issue 16). Rejects with a DecodeError when ffmpeg is not installed
 * (`code: 'ffmpeg-missing'`) or cannot read the file; callers then offer no suggested trim.
 */
export function analyseAudio(filePath: string, options: DecodeOptions = {}): Promise<AudioAnalysis> {
  const ffmpeg = options.ffmpeg ?? 'ffmpeg';
  // Half-second blocks (asetnsamples): ffmpeg writes each 20 ms Opus packet on its own otherwise, and 50 small writes
  // a second, written and read, made a 5-minute WebM cost 700 ms of CPU instead of 470 (issue 16: under 100 ms a
  // minute of audio).
  // prettier-ignore
  const args = [
    '-nostdin', '-hide_banner', '-loglevel', 'error',
    '-t', String(DECODE_MAX_SECONDS), '-i', filePath,
    '-vn', '-ac', '1', '-af', `aresample=${DECODE_SAMPLE_RATE},asetnsamples=n=${DECODE_SAMPLE_RATE / 2}:p=0`,
    '-f', 's16le', '-acodec', 'pcm_s16le', 'pipe:1',
  ];
  const name = path.basename(filePath);
  const frames = new SpeechFrames(DECODE_SAMPLE_RATE);
  let samplesToHear = options.whenHeard ? (options.whenHeard.ms / 1000) * DECODE_SAMPLE_RATE : Infinity;
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const timer = setTimeout(() => child.kill('SIGKILL'), DECODE_TIMEOUT_MS);
    let said = '';
    let odd: Buffer | null = null; // a sample split between two chunks
    child.stdout.on('data', (chunk: Buffer) => {
      const bytes = odd ? Buffer.concat([odd, chunk]) : chunk;
      const usable = bytes.length - (bytes.length % 2);
      frames.push(int16Samples(bytes.subarray(0, usable)), 1 / 32768);
      odd = usable < bytes.length ? Buffer.from(bytes.subarray(usable)) : null;
      if (frames.sampleCount >= samplesToHear) {
        samplesToHear = Infinity;
        options.whenHeard!.notify();
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (said = (said + chunk.toString()).slice(-2000)));
    const fail = (error: DecodeError) => {
      clearTimeout(timer);
      reject(error);
    };
    child.on('error', (error: NodeJS.ErrnoException) =>
      fail(
        error.code === 'ENOENT'
          ? new DecodeError(
              `ffmpeg is not installed (apt-get install ffmpeg): cannot decode ${name}`,
              'ffmpeg-missing',
            )
          : new DecodeError(`ffmpeg could not run: ${error.message} (decoding ${name})`, 'decode-failed'),
      ),
    );
    child.on('close', (code, signal) => {
      if (code !== 0) {
        const why =
          signal === 'SIGKILL' ? `took longer than ${DECODE_TIMEOUT_MS} ms` : said.trim().split('\n').at(-1);
        return fail(
          new DecodeError(`ffmpeg failed: ${why || `exit code ${code}`} (decoding ${name})`, 'decode-failed'),
        );
      }
      clearTimeout(timer);
      const lengthMs = Math.round((frames.sampleCount / DECODE_SAMPLE_RATE) * 1000);
      resolve({ lengthMs, bounds: frames.bounds() });
    });
  });
}

/** Little-endian 16-bit samples, read in place when aligned, else copied (a chunk may start at an odd offset). */
function int16Samples(bytes: Buffer): Int16Array {
  if (bytes.byteOffset % 2 === 0) return new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2);
  const samples = new Int16Array(bytes.length / 2);
  new Uint8Array(samples.buffer).set(bytes);
  return samples;
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
    return (await analyseAudio(filePath, options)).bounds;
  } catch (error) {
    options.onError?.(error);
    return null;
  }
}
