/**
 * Generated recordings with known speech bounds, for the speech-bounds tests and benchmark: speech-like sound (or
 * espeak-ng's real speech) placed at a known time, with background noise at a chosen SNR and the click of a record
 * button. Deterministic: every random choice comes from a seeded generator. Not used by the product.
 */
import { ProgramError, runProgram } from './run-program.js';
import { decodeWav } from './wav.js';

export interface Recording {
  pcm: Float32Array;
  sampleRate: number;
  /** Where the speech really is, in milliseconds. */
  truth: { startMs: number; endMs: number };
}

/** A small seeded PRNG (mulberry32): the same seed gives the same recording on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal samples (Box–Muller). */
function gaussian(random: () => number): () => number {
  return () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/**
 * Speech-like sound lasting exactly `seconds`: words of 1–3 syllables at a reading pace (about 4 syllables a
 * second), each syllable a voiced harmonic tone (a child's pitch, 220–300 Hz, gliding; harmonics to 4 kHz falling
 * 6 dB per octave) under a fast-attack, slow-release envelope, some opening with a fricative (high-passed noise);
 * 20–60 ms between syllables, 80–250 ms between words and 400–600 ms between sentences. It starts at its first
 * sample and ends at its last, with RMS over the whole 0.1 (-20 dBFS).
 */
export function syntheticSpeech(seconds: number, sampleRate: number, seed: number): Float32Array {
  const random = seededRandom(seed);
  const noise = gaussian(random);
  const between = (low: number, high: number) => low + (high - low) * random();
  const length = Math.round(seconds * sampleRate);
  const out = new Float32Array(length);
  let at = 0; // in samples
  let wordsInSentence = 0;
  while (at < length) {
    const syllables = 1 + Math.floor(random() * 3);
    for (let syllable = 0; syllable < syllables && at < length; syllable += 1) {
      // The last syllable is stretched or cut to end exactly at the end of the speech.
      let samples = Math.round(between(0.12, 0.28) * sampleRate);
      if (length - at - samples < 0.25 * sampleRate) samples = length - at;
      addSyllable(out, at, samples, sampleRate, between, noise);
      at += samples;
      if (syllable < syllables - 1) at += Math.round(between(0.02, 0.06) * sampleRate);
    }
    wordsInSentence += 1;
    const pause = wordsInSentence >= 6 && random() < 0.5 ? between(0.4, 0.6) : between(0.08, 0.25);
    if (pause > 0.3) wordsInSentence = 0;
    // Never end on a pause: a syllable leaving less than 0.25 s filled it, so at least that much is left here, and
    // the pause leaves at least 0.15 s for a last syllable.
    const room = length - at;
    if (room <= 0) break;
    at += Math.min(Math.round(pause * sampleRate), room - Math.round(0.15 * sampleRate));
  }
  return scaleToRms(out, 0.1);
}

function addSyllable(
  out: Float32Array,
  from: number,
  samples: number,
  sampleRate: number,
  between: (low: number, high: number) => number,
  noise: () => number,
): void {
  const f0Start = between(220, 300);
  const f0End = f0Start * between(0.85, 1.1);
  const harmonics = Math.floor(4000 / Math.max(f0Start, f0End));
  const attack = 0.03 * sampleRate; // voiced onsets rise in a few tens of milliseconds
  const release = 0.08 * sampleRate; // and fade a little more slowly
  const fricative = between(0, 1) < 0.4 ? Math.round(between(0.04, 0.09) * sampleRate) : 0;
  let phase = 0;
  let previousNoise = 0;
  for (let index = 0; index < samples && from + index < out.length; index += 1) {
    const progress = index / samples;
    const f0 = f0Start + (f0End - f0Start) * progress;
    phase += (2 * Math.PI * f0) / sampleRate;
    let voiced = 0;
    for (let k = 1; k <= harmonics; k += 1) voiced += Math.sin(k * phase) / k;
    const envelope =
      index < attack
        ? 0.5 - 0.5 * Math.cos((Math.PI * index) / attack)
        : samples - index < release
          ? 0.5 - 0.5 * Math.cos((Math.PI * (samples - index)) / release)
          : 1 - 0.3 * progress;
    // A fricative opening: high-passed (differenced) noise, then the vowel.
    const hiss = noise();
    const fricativeLevel = index < fricative ? 0.6 : 0;
    out[from + index] =
      envelope * (index < fricative ? 0.3 * voiced : voiced) +
      fricativeLevel * (hiss - previousNoise) * envelope;
    previousNoise = hiss;
  }
}

function scaleToRms(pcm: Float32Array, rms: number): Float32Array {
  const current = rmsOf(pcm, 0, pcm.length);
  if (current > 0) for (let index = 0; index < pcm.length; index += 1) pcm[index]! *= rms / current;
  return pcm;
}

function rmsOf(pcm: Float32Array, from: number, to: number): number {
  let sum = 0;
  for (let index = from; index < to; index += 1) sum += pcm[index]! * pcm[index]!;
  return Math.sqrt(sum / Math.max(1, to - from));
}

export type NoiseKind = 'white' | 'pink';

/** Unit-RMS noise: white, or pink (-3 dB per octave, Paul Kellet's filter), like a room's hum and chatter. */
export function makeNoise(kind: NoiseKind, length: number, seed: number): Float32Array {
  const next = gaussian(seededRandom(seed));
  const out = new Float32Array(length);
  let [b0, b1, b2, b3, b4, b5, b6] = [0, 0, 0, 0, 0, 0, 0];
  for (let index = 0; index < length; index += 1) {
    const white = next();
    if (kind === 'white') {
      out[index] = white;
      continue;
    }
    b0 = 0.99886 * b0 + white * 0.0555179;
    b1 = 0.99332 * b1 + white * 0.0750759;
    b2 = 0.969 * b2 + white * 0.153852;
    b3 = 0.8665 * b3 + white * 0.3104856;
    b4 = 0.55 * b4 + white * 0.5329522;
    b5 = -0.7616 * b5 - white * 0.016898;
    out[index] = b0 + b1 + b2 + b3 + b4 + b5 + b6 + white * 0.5362;
    b6 = white * 0.115926;
  }
  return scaleToRms(out, 1);
}

export interface RecordingOptions {
  sampleRate?: number;
  /** Length of the whole file. */
  seconds: number;
  /** Where the speech starts. */
  speechAt: number;
  /** The speech: synthetic of this many seconds (default), or given samples at `sampleRate`. */
  speech?: { seconds: number } | { pcm: Float32Array };
  /** Background noise over the whole file, `snrDb` below the speech's RMS. */
  noise?: { kind: NoiseKind; snrDb: number };
  /** Other voices over the whole file (see backgroundTalk), `snrDb` below the speech's RMS. */
  talk?: { pcm: Float32Array; snrDb: number };
  /** A record button's click: full scale, decaying over `ms`, at `at` seconds. */
  click?: { at: number; ms: number };
  /** Digital silence (a recorder warming up) for the first this many seconds, over the noise too. */
  deadSeconds?: number;
  seed?: number;
}

/** A recording with its speech bounds known: speech placed at `speechAt`, noise and a click added as asked. */
export function makeRecording(options: RecordingOptions): Recording {
  const sampleRate = options.sampleRate ?? 16_000;
  const seed = options.seed ?? 1;
  const length = Math.round(options.seconds * sampleRate);
  const speech =
    options.speech && 'pcm' in options.speech
      ? options.speech.pcm
      : syntheticSpeech(options.speech?.seconds ?? 4, sampleRate, seed);
  const pcm = new Float32Array(length);
  const offset = Math.round(options.speechAt * sampleRate);
  pcm.set(speech.subarray(0, Math.max(0, length - offset)), offset);
  const active = activeRange(pcm);
  if (!active) throw new Error('the speech is silent');
  const truth = {
    startMs: (active.from / sampleRate) * 1000,
    endMs: (active.to / sampleRate) * 1000,
  };
  const speechRms = rmsOf(pcm, active.from, active.to);
  const addUnder = (sound: Float32Array, snrDb: number) => {
    const level = speechRms / 10 ** (snrDb / 20) / rmsOf(sound, 0, length);
    for (let index = 0; index < length; index += 1) pcm[index]! += level * (sound[index] ?? 0);
  };
  if (options.noise) addUnder(makeNoise(options.noise.kind, length, seed + 1000), options.noise.snrDb);
  if (options.talk) addUnder(options.talk.pcm, options.talk.snrDb);
  if (options.click) addClick(pcm, sampleRate, options.click.at, options.click.ms, seed + 2000);
  if (options.deadSeconds) pcm.fill(0, 0, Math.round(options.deadSeconds * sampleRate));
  for (let index = 0; index < length; index += 1) pcm[index] = Math.max(-1, Math.min(1, pcm[index]!));
  return { pcm, sampleRate, truth };
}

/** A click: random-sign full-scale samples decaying by 40 dB over `ms` (a switch's snap and its ring). */
export function addClick(pcm: Float32Array, sampleRate: number, at: number, ms: number, seed = 7): void {
  const random = seededRandom(seed);
  const from = Math.round(at * sampleRate);
  const samples = Math.round((ms / 1000) * sampleRate);
  for (let index = 0; index < samples && from + index < pcm.length; index += 1) {
    const level = Math.exp((-4.6 * index) / samples); // e^-4.6 ≈ 0.01
    pcm[from + index]! += (random() < 0.5 ? -1 : 1) * level;
  }
}

/**
 * Where the sound is: the first and last sample (end exclusive) louder than 40 dB below the loudest one. For
 * espeak-ng's speech, whose pauses are digital silence, these are the true bounds.
 */
export function activeRange(pcm: Float32Array): { from: number; to: number } | null {
  let peak = 0;
  for (const sample of pcm) peak = Math.max(peak, Math.abs(sample));
  if (peak === 0) return null;
  const threshold = peak * 0.01;
  let from = 0;
  while (Math.abs(pcm[from]!) < threshold) from += 1;
  let to = pcm.length;
  while (Math.abs(pcm[to - 1]!) < threshold) to -= 1;
  return { from, to };
}

/** A passage like the library's early books, read by espeak-ng at a child's careful pace. */
export const ESPEAK_PASSAGE =
  'Sam has a red kite. The wind takes the kite up, up, up, and into the big tree. ' +
  'Dad gets the ladder, and Sam holds it. Now the kite can fly again.';

/** espeak-ng's speech of `text` (US English unless told, 130 words a minute), or null without espeak-ng. */
export function espeakSpeech(
  text = ESPEAK_PASSAGE,
  voice = 'en-us',
): Promise<{ pcm: Float32Array; sampleRate: number } | null> {
  return runProgram('espeak-ng', ['-v', voice, '-s', '130', '--stdout', text], {
    maxOutputBytes: 64 * 1024 * 1024,
  }).then(
    ({ stdout }) => decodeWav(stdout),
    (error: unknown) => {
      if (error instanceof ProgramError && error.missing) return null;
      throw error;
    },
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Background talk: other children in the room

/**
 * Real human speech that Debian packages ship under free licences, for the background-talk cases (issue 16):
 * Allison Smith's recorded prompts (`asterisk-core-sounds-en-wav`, CC-BY-SA-3.0), Marco Menardi's and Paola Dal
 * Zot's Italian prompts (`asterisk-prompt-it`, CC-BY-SA-3.0 Italy) and the speech test files of the codec2 speech
 * codec (`codec2-examples`, LGPL-2.1: several men and women). Any not installed is left out.
 */
export const HUMAN_SPEECH: readonly HumanClip[] = [
  ...['tt-weasels', 'tt-monkeys', 'vm-intro', 'conf-onlyperson', 'demo-thanks', 'vm-options'].map((name) =>
    allison(name),
  ),
  ...['hts1a', 'hts2a', 'kristoff', 'mmt1', 'cross', 'big_dog', 'forig', 'morig', 'vk5qi'].map((name) =>
    codec2Raw(name),
  ),
  ...['agent-incorrect', 'agent-user', 'vm-intro', 'conf-onlyperson', 'vm-options'].map((name) => ({
    voice: 'Menardi (Italian)',
    debianPackage: 'asterisk-prompt-it',
    file: `/usr/share/asterisk/sounds/it_IT_f_Menardi/${name}.gsm`,
  })),
];

/** A human recording: who speaks, the Debian package that ships it, its file and (for raw PCM) how to read it. */
export interface HumanClip {
  voice: string;
  debianPackage: string;
  file: string;
  rawInput?: string[];
}

function allison(name: string): HumanClip {
  return {
    voice: 'Allison (US English)',
    debianPackage: 'asterisk-core-sounds-en-wav',
    file: `/usr/share/asterisk/sounds/en_US_f_Allison/${name}.wav`,
  };
}

function codec2Raw(name: string): HumanClip {
  return {
    voice: `codec2 ${name}`,
    debianPackage: 'codec2-examples',
    file: `/usr/share/codec2/raw/${name}.raw`,
    rawInput: ['-f', 's16le', '-ar', '8000', '-ac', '1'],
  };
}

/** A clip decoded to mono float PCM at `sampleRate` by ffmpeg, or null when the file or ffmpeg is missing. */
export async function loadClip(clip: HumanClip, sampleRate = 16_000): Promise<Float32Array | null> {
  // prettier-ignore
  const args = [
    '-nostdin', '-loglevel', 'error', ...(clip.rawInput ?? []), '-i', clip.file,
    '-ac', '1', '-ar', String(sampleRate), '-f', 'f32le', 'pipe:1',
  ];
  try {
    const { stdout } = await runProgram('ffmpeg', args, { maxOutputBytes: 64 * 1024 * 1024 });
    const pcm = new Float32Array(Math.floor(stdout.length / 4));
    new Uint8Array(pcm.buffer).set(stdout.subarray(0, pcm.length * 4));
    return pcm;
  } catch {
    return null;
  }
}

/** espeak-ng voices for background talk when no human recording is installed, and beside them. */
export const ESPEAK_TALKERS = ['en-us+f3', 'en-gb+m3', 'en-us+klatt2', 'de+f2', 'fr+m4'];
const ESPEAK_CHATTER = [
  'Can I have the blue one? No, it is mine, give it back.',
  'We are going to the park after school, are you coming with us?',
  'Look at this, my picture has a dog and a cat and a big yellow sun.',
  'I finished my sums already, what page are you on now?',
];

/** espeak-ng's chatter in one voice at `sampleRate`, or null when espeak-ng is missing. */
export async function espeakTalker(voice: string, sampleRate = 16_000): Promise<Float32Array | null> {
  const speech = await espeakSpeech(ESPEAK_CHATTER.join(' '), voice).catch(() => null);
  if (!speech) return null;
  return resample(speech.pcm, speech.sampleRate, sampleRate);
}

/** Linear-interpolation resampling: enough for background talk, which is only ever heard as a level. */
export function resample(pcm: Float32Array, from: number, to: number): Float32Array {
  if (from === to) return pcm;
  const out = new Float32Array(Math.floor((pcm.length * to) / from));
  for (let index = 0; index < out.length; index += 1) {
    const at = (index * from) / to;
    const left = Math.floor(at);
    const right = Math.min(pcm.length - 1, left + 1);
    out[index] = pcm[left]! + (pcm[right]! - pcm[left]!) * (at - left);
  }
  return out;
}

/**
 * Background talk lasting `seconds`: `talkers` voices at once, each one clip after another from `clips` (chosen
 * by the seed) with 0.3–1.5 s between, so the room talks from the first sample to the last; RMS 1 over the file.
 */
export function backgroundTalk(
  clips: readonly Float32Array[],
  seconds: number,
  sampleRate: number,
  seed: number,
  talkers = 2,
): Float32Array {
  const random = seededRandom(seed);
  const length = Math.round(seconds * sampleRate);
  const out = new Float32Array(length);
  for (let talker = 0; talker < talkers; talker += 1) {
    // Each talker starts part-way into a clip: the room is already talking when the recording starts.
    let at = -Math.floor(random() * sampleRate * 2);
    while (at < length) {
      const clip = clips[Math.floor(random() * clips.length)]!;
      const level = 0.6 + 0.8 * random(); // some children are louder than others
      for (let index = Math.max(0, -at); index < clip.length && at + index < length; index += 1) {
        out[at + index]! += level * clip[index]!;
      }
      at += clip.length + Math.round((0.3 + 1.2 * random()) * sampleRate);
    }
  }
  return scaleToRms(out, 1);
}

/** Speech parts one after another with `gapSeconds` of silence between: a reader's pauses. */
export function joinSpeech(
  parts: readonly Float32Array[],
  gapSeconds: number,
  sampleRate: number,
): Float32Array {
  const gap = Math.round(gapSeconds * sampleRate);
  const out = new Float32Array(parts.reduce((sum, part) => sum + part.length, 0) + gap * (parts.length - 1));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length + gap;
  }
  return out;
}

/** A passage with a pause of `seconds` in its middle: split at its quietest 10 ms within a second of the middle. */
export function withPause(speech: Float32Array, seconds: number, sampleRate: number): Float32Array {
  const window = Math.round(sampleRate / 100);
  const middle = Math.floor(speech.length / 2);
  let split = middle;
  let quietest = Infinity;
  for (let at = Math.max(0, middle - sampleRate); at + window <= middle + sampleRate; at += window) {
    const level = rmsOf(speech, at, Math.min(speech.length, at + window));
    if (level < quietest) [quietest, split] = [level, at];
  }
  return joinSpeech([speech.subarray(0, split), speech.subarray(split)], seconds, sampleRate);
}
