/**
 * Speech from the operating system's packages (R23): the most natural voice installed speaks the text (festival's
 * HTS voice, else flite, else espeak-ng: platform/voices.ts, R28), ffmpeg measures its loudness and lame encodes
 * it at the one loudness as MP3, which every browser plays (R29); sox resamples it and pocketsphinx_batch aligns
 * the audio to its own words with a strict grammar of the text (no voice reports word times). A tool missing:
 * speech is unavailable, the product runs on, and the browser's own voice reads.
 */
import { constants } from 'node:fs';
import { access, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runProgram } from './run-program.js';
import {
  chooseVoice,
  ESPEAK_VOICE,
  FESTIVAL_VOICE_DIR,
  installedVoices,
  parseFliteVoices,
  toAsciiText,
  VOICES,
  type InstalledSpeech,
  type Voice,
} from './voices.js';
import { readWavLayout, wavDurationMs, wavHeader } from './wav.js';

export interface WordTiming {
  word: string;
  startMs: number;
  endMs: number;
}

export interface SpokenAudio {
  audio: Buffer;
  durationMs: number;
}

export interface NarratedText extends SpokenAudio {
  /** One per word given, in order. */
  timings: WordTiming[];
  /** False when the aligner found no path and the timings are an estimate spread over the audio. */
  aligned: boolean;
}

export type SpeechPriority = 'reader' | 'background';

export interface Speech {
  /** Null when speech can be made; otherwise why not (for the log). */
  readonly unavailableReason: string | null;
  /** Names the voice and the whole pipeline: part of every cache key, so a change regenerates. */
  readonly voice: string;
  readonly extension: string;
  /**
   * Speaks `text` and times each of `words` (the text's words in reading order, punctuation stripped); for a
   * reader waiting (default) or the background job, which gives way to readers (R30).
   */
  narrate(text: string, words: readonly string[], priority?: SpeechPriority): Promise<NarratedText>;
  /** Speaks one word. */
  speak(word: string): Promise<SpokenAudio>;
}

/**
 * What narration needs whatever the voice: sox resamples for the aligner, pocketsphinx aligns, lame encodes, and
 * espeak-ng spells out, for the aligner, the words its dictionary lacks (names, numbers).
 */
const PIPELINE_TOOLS = ['espeak-ng', 'sox', 'pocketsphinx_batch', 'lame'] as const;
/** Every program speech may use: the pipeline's, the voices', ffmpeg (loudness, optional) and nice. */
const PROGRAMS = [
  ...new Set<string>([...PIPELINE_TOOLS, ...VOICES.map((voice) => voice.program), 'ffmpeg', 'nice']),
];
const PACKAGES = [
  ...new Set([
    ...VOICES.flatMap((voice) => voice.packages),
    'sox',
    'pocketsphinx',
    'pocketsphinx-en-us',
    'lame',
    'ffmpeg',
  ]),
];
const MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';
/** MP3 mono 32 kbit/s (about 4 KB per second), which every browser plays. */
const MP3_KBPS = 32;
/**
 * Every page and word is brought to one loudness (R29), so pages, books and voices play alike: EBU R128's
 * integrated loudness, its few peaks above -1 dBFS limited (a voice with sharp peaks still reaches the target).
 */
export const LOUDNESS = { targetLufs: -20, peakLimitDb: -1 };
const PIPELINE_VERSION = 2;
const STEP_TIMEOUT_MS = 120_000;
/**
 * How much lower than the answers to requests speech runs (nice): a reader waiting for a page a little lower, the
 * background job lowest, so a book opened before the job reached it is not slowed by the job (R30).
 */
const NICENESS: Record<SpeechPriority, number> = { reader: 5, background: 19 };

/** Speech that is never available: when the OS packages are missing, and for tests. */
export function speechOff(reason: string): Speech {
  const refuse = () => Promise.reject(new Error(`speech is unavailable: ${reason}`));
  return {
    unavailableReason: reason,
    voice: 'off',
    extension: 'mp3',
    narrate: refuse,
    speak: refuse,
  };
}

export interface SpeechSearch {
  /** PATH to search (default: this process's). */
  path?: string;
  modelDir?: string;
  festivalVoiceDir?: string;
}

/** The machine's speech programs, voices and recogniser model, found without speaking. */
export interface SpeechMachine {
  installed: InstalledSpeech;
  /** Program name → its path. */
  binaries: ReadonlyMap<string, string>;
  model: { hmm: string; dict: string } | null;
}

/** Finds the programs on PATH, festival's voices and the pocketsphinx model; runs only `flite -lv`, if flite is there. */
export async function findSpeechMachine(options: SpeechSearch = {}): Promise<SpeechMachine> {
  const searchPath = (options.path ?? process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const binaries = new Map<string, string>();
  for (const program of PROGRAMS) {
    const found = await firstExecutable(searchPath.map((dir) => path.join(dir, program)));
    if (found) binaries.set(program, found);
  }
  const flite = binaries.get('flite');
  const fliteListing = flite
    ? await runProgram(flite, ['-lv'], { timeoutMs: 5000 }).then(
        (result) => result.stdout.toString(),
        () => '',
      )
    : '';
  const modelDir = options.modelDir ?? MODEL_DIR;
  const model = { hmm: path.join(modelDir, 'en-us'), dict: path.join(modelDir, 'cmudict-en-us.dict') };
  const hasModel = (await exists(model.hmm)) && (await exists(model.dict));
  return {
    installed: {
      programs: new Set(binaries.keys()),
      festivalVoices: await festivalVoices(options.festivalVoiceDir ?? FESTIVAL_VOICE_DIR),
      fliteVoices: parseFliteVoices(fliteListing),
    },
    binaries,
    model: hasModel ? model : null,
  };
}

/**
 * Speech with the most natural voice installed (R28), or `voiceId`'s when given (the bench). Costs a few
 * milliseconds at start.
 */
export async function detectSpeech(options: SpeechSearch & { voiceId?: string } = {}): Promise<Speech> {
  const machine = await findSpeechMachine(options);
  const voice = options.voiceId
    ? installedVoices(machine.installed).find((candidate) => candidate.id === options.voiceId)
    : chooseVoice(machine.installed);
  const missing: string[] = PIPELINE_TOOLS.filter((tool) => !machine.binaries.has(tool));
  if (!machine.model) missing.push('pocketsphinx-en-us');
  if (!voice) missing.push(options.voiceId ?? 'a voice');
  if (missing.length || !voice) {
    return speechOff(`missing ${missing.join(', ')} (apt-get install ${PACKAGES.join(' ')})`);
  }
  return createOsSpeech(voice, machine);
}

/** Festival's voice names: the folders `<dir>/<language>/<voice>`. */
async function festivalVoices(dir: string): Promise<Set<string>> {
  const names = new Set<string>();
  const languages = await readdir(dir).catch(() => []);
  for (const language of languages) {
    for (const name of await readdir(path.join(dir, language)).catch(() => [])) names.add(name);
  }
  return names;
}

/** Integrated loudness (LUFS) and true peak (dBTP) of a sound file, by ffmpeg's EBU R128 meter; null if silent. */
export async function measureLoudness(
  ffmpeg: string,
  file: string,
  run: (file: string, args: string[]) => Promise<{ stderr: string }> = runProgram,
): Promise<{ integratedLufs: number; truePeakDb: number } | null> {
  const { stderr } = await run(ffmpeg, [
    '-hide_banner',
    '-nostats',
    '-i',
    file,
    '-af',
    'loudnorm=print_format=json',
    '-f',
    'null',
    '-',
  ]);
  const json = /\{[^{}]*"input_i"[^{}]*\}/.exec(stderr)?.[0];
  if (!json) return null;
  const measured = JSON.parse(json) as { input_i: string; input_tp: string };
  const integratedLufs = Number(measured.input_i);
  const truePeakDb = Number(measured.input_tp);
  return Number.isFinite(integratedLufs) && Number.isFinite(truePeakDb)
    ? { integratedLufs, truePeakDb }
    : null;
}

/** The gain (dB) that brings `measured` to the target loudness (R29); none for silence. */
export function loudnessGainDb(measured: { integratedLufs: number } | null, target = LOUDNESS): number {
  return measured ? target.targetLufs - measured.integratedLufs : 0;
}

/** ffmpeg's filters for the one loudness: the gain, then a limiter on the peaks it raises, without delaying them. */
export function loudnessFilter(gainDb: number, target = LOUDNESS): string {
  const limit = (10 ** (target.peakLimitDb / 20)).toFixed(3);
  return `volume=${gainDb.toFixed(2)}dB,alimiter=limit=${limit}:level=false:latency=true`;
}

function createOsSpeech(voice: Voice, machine: SpeechMachine): Speech {
  const bin = (program: string) => machine.binaries.get(program)!;
  const model = machine.model!;
  const nice = machine.binaries.get('nice') ?? null;
  const ffmpeg = machine.binaries.get('ffmpeg');
  // Speech runs at a lower priority, so narrating in the background never slows the answers to requests.
  type Run = (file: string, args: string[]) => ReturnType<typeof runProgram>;
  const runAt =
    (priority: SpeechPriority): Run =>
    (file, args) =>
      runProgram(file, args, { nice, niceness: NICENESS[priority], timeoutMs: STEP_TIMEOUT_MS });
  const loudness = ffmpeg ? `loud:${LOUDNESS.targetLufs}LUFS` : 'loud:as-spoken';
  const id = `${voice.id};${loudness};mp3:${MP3_KBPS}k;v${PIPELINE_VERSION}`;

  /** The voice → WAV, then MP3 at the one loudness; returns the work folder's WAV (as spoken) for alignment. */
  async function synthesise(run: Run, dir: string, text: string): Promise<{ wav: string; audio: Buffer }> {
    const textFile = path.join(dir, 'text.txt');
    const wav = path.join(dir, 'speech.wav');
    const mp3 = path.join(dir, 'speech.mp3');
    await writeFile(textFile, voice.asciiOnly ? toAsciiText(text) : text);
    await run(bin(voice.program), voice.args(textFile, wav));
    const served = ffmpeg ? await toOneLoudness(run, ffmpeg, wav, path.join(dir, 'loud.wav')) : wav;
    await run(bin('lame'), ['--quiet', '-m', 'm', '-b', String(MP3_KBPS), served, mp3]);
    return { wav, audio: await readFile(mp3) };
  }

  /** Two passes of ffmpeg: measure, then the gain and limiter (R29). */
  async function toOneLoudness(run: Run, ffmpeg: string, wav: string, out: string): Promise<string> {
    const filter = loudnessFilter(loudnessGainDb(await measureLoudness(ffmpeg, wav, run)));
    await run(ffmpeg, ['-v', 'error', '-y', '-i', wav, '-af', filter, '-c:a', 'pcm_s16le', out]);
    return out;
  }

  return {
    unavailableReason: null,
    voice: id,
    extension: 'mp3',

    async speak(word) {
      return inWorkFolder(async (dir) => {
        const { wav, audio } = await synthesise(runAt('reader'), dir, word);
        return { audio, durationMs: wavDurationMs(await readFile(wav)) ?? 0 };
      });
    },

    async narrate(text, words, priority = 'reader') {
      const run = runAt(priority);
      return inWorkFolder(async (dir) => {
        const { wav, audio } = await synthesise(run, dir, text);
        const durationMs = wavDurationMs(await readFile(wav)) ?? 0;
        if (words.length === 0) return { audio, durationMs, timings: [], aligned: true };
        // The acoustic model wants 16 kHz mono 16-bit.
        await run(bin('sox'), [
          '-D',
          '-R',
          wav,
          '-r',
          '16000',
          '-c',
          '1',
          '-b',
          '16',
          path.join(dir, 'speech16k.wav'),
        ]);
        const pauses = cutPauses(await readFile(path.join(dir, 'speech16k.wav')));
        await writeFile(path.join(dir, 'utt.wav'), pauses.wav);
        const variants = await positionVariants(text, words, model.dict, async (chunk) => {
          const { stdout } = await run(bin('espeak-ng'), [
            '-q',
            '--ipa',
            '-v',
            ESPEAK_VOICE.name,
            '--',
            chunk,
          ]);
          return stdout.toString();
        });
        // One token per word position (w0 w1 …), so repeated words and the way back to the page are exact.
        // No optional silences or fillers: with them pocketsphinx's grammar search often ends off the grammar
        // ("final result does not match"). Instead the pauses, near digital silence with every voice, are cut out
        // before aligning, and the times are put back on the audio's own timeline after.
        const tokens = words.map((_, index) => `w${index}`);
        const lexicon = variants.flatMap((phonesList, index) =>
          phonesList.map((phones, n) => `${tokens[index]}${n ? `(${n + 1})` : ''} ${phones}`),
        );
        await writeFile(path.join(dir, 'page.dict'), lexicon.join('\n') + '\n');
        await writeFile(
          path.join(dir, 'page.jsgf'),
          `#JSGF V1.0;\ngrammar page;\npublic <page> = ${tokens.join(' ')};\n`,
        );
        await writeFile(path.join(dir, 'ctl'), 'utt\n');
        const ctm = path.join(dir, 'out.ctm');
        const sphinx = {
          adcin: 'yes',
          adchdr: '44',
          cepdir: dir,
          cepext: '.wav',
          ctl: path.join(dir, 'ctl'),
          jsgf: path.join(dir, 'page.jsgf'),
          dict: path.join(dir, 'page.dict'),
          hmm: model.hmm,
          remove_silence: 'no',
          fsgusefiller: 'no',
          // Wider beams than recognition needs: forced alignment of one path is cheap, and a pruned path fails.
          beam: '1e-80',
          pbeam: '1e-80',
          wbeam: '1e-60',
          ctm,
          logfn: path.join(dir, 'sphinx.log'),
        };
        // A failed alignment falls back to estimated timings (aligned: false) rather than no narration.
        await run(
          bin('pocketsphinx_batch'),
          Object.entries(sphinx).flatMap(([name, value]) => [`-${name}`, value]),
        ).catch(() => undefined);
        const aligned = parseCtm(await readFile(ctm, 'utf8').catch(() => ''), words);
        if (aligned) return { audio, durationMs, timings: aligned.map(pauses.restore), aligned: true };
        return { audio, durationMs, timings: estimateTimings(words, durationMs), aligned: false };
      });
    },
  };
}

/**
 * Word timings from pocketsphinx's CTM lines (`utt 1 <start s> <duration s> <token> <confidence>`), or null unless
 * every word position appears once, in order.
 */
export function parseCtm(ctm: string, words: readonly string[]): WordTiming[] | null {
  const timings: WordTiming[] = [];
  for (const line of ctm.split('\n')) {
    const [, , start, duration, token] = line.trim().split(/\s+/);
    const index = /^w(\d+)(?:\(\d+\))?$/.exec(token ?? '')?.[1];
    if (index === undefined) continue; // silence, fillers, sentence marks
    if (Number(index) !== timings.length) return null;
    const startMs = Math.round(Number(start) * 1000);
    timings.push({
      word: words[timings.length]!,
      startMs,
      endMs: startMs + Math.round(Number(duration) * 1000),
    });
  }
  return timings.length === words.length ? timings : null;
}

const FRAME_MS = 10;
/**
 * The voices' pauses are (near) digital silence: anything this quiet (of 32768) is a pause. A page's WAV from festival
 * HTS had 132 such 10 ms frames of 554, flite's 109 of 613, espeak-ng's 181 of 690.
 */
const SILENCE_LEVEL = 64;
/** A silent run this long (ms) is a pause; all but PAUSE_KEPT_MS of it (half from each end) is cut. */
const PAUSE_MS = 40;
const PAUSE_KEPT_MS = 20;

/**
 * Cuts the pauses out of a 16-bit mono WAV. `restore` maps a word's times in the cut audio back to the original,
 * without the silent frames at its edges: a start after a cut moves past the pause, an end before it stays before.
 */
export function cutPauses(wav: Buffer): { wav: Buffer; restore: (timing: WordTiming) => WordTiming } {
  const layout = readWavLayout(wav);
  if (!layout) throw new Error('cutPauses: not a PCM WAV');
  const { dataOffset: offset, dataBytes: size, byteRate } = layout;
  const frameBytes = Math.max(2, Math.round((byteRate * FRAME_MS) / 1000) & ~1);
  const frames = Math.floor(size / frameBytes);
  const silent = Array.from({ length: frames }, (_, frame) => {
    let loudest = 0;
    for (let at = offset + frame * frameBytes; at < offset + (frame + 1) * frameBytes; at += 2) {
      loudest = Math.max(loudest, Math.abs(wav.readInt16LE(at)));
    }
    return loudest <= SILENCE_LEVEL;
  });
  /** Kept runs of frames: [first original frame, frame count]. */
  const kept: [number, number][] = [];
  const keep = (from: number, count: number) => {
    const last = kept.at(-1);
    if (last && last[0] + last[1] === from) last[1] += count;
    else if (count > 0) kept.push([from, count]);
  };
  for (let frame = 0; frame < frames;) {
    let end = frame;
    while (end < frames && silent[end] === silent[frame]) end += 1;
    if (silent[frame] && end - frame >= PAUSE_MS / FRAME_MS) {
      // Keep a little of each end of the pause, so a word's edge in it maps back to the right side.
      const half = PAUSE_KEPT_MS / FRAME_MS / 2;
      keep(frame, half);
      keep(end - half, half);
    } else {
      keep(frame, end - frame);
    }
    frame = end;
  }
  const pcm = Buffer.concat(
    kept.map(([from, count]) =>
      wav.subarray(offset + from * frameBytes, offset + (from + count) * frameBytes),
    ),
  );
  const restoreMs = (ms: number, isEnd: boolean) => {
    let cutStart = 0;
    for (const [from, count] of kept) {
      const cutEnd = cutStart + count * FRAME_MS;
      if (isEnd ? ms <= cutEnd : ms < cutEnd) return from * FRAME_MS + (ms - cutStart);
      cutStart = cutEnd;
    }
    const [from, count] = kept.at(-1) ?? [0, 0];
    return (from + count) * FRAME_MS + (ms - cutStart);
  };
  return {
    wav: Buffer.concat([wavHeader(pcm.length, byteRate / 2), pcm]),
    restore: (timing) => {
      let startMs = restoreMs(timing.startMs, false);
      let endMs = restoreMs(timing.endMs, true);
      // The aligner has no silence to give the pause's remaining frames to: they go to a word. Take them back.
      const isSilent = (ms: number) => silent[Math.floor(ms / FRAME_MS)] ?? false;
      while (endMs - startMs > FRAME_MS && isSilent(startMs)) startMs += FRAME_MS;
      while (endMs - startMs > FRAME_MS && isSilent(endMs - FRAME_MS)) endMs -= FRAME_MS;
      return { ...timing, startMs, endMs };
    },
  };
}

/** Fallback when alignment fails: the audio shared out by each word's length. */
export function estimateTimings(words: readonly string[], durationMs: number): WordTiming[] {
  const weights = words.map((word) => word.length + 2);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let at = 0;
  return words.map((word, index) => {
    const length = (weights[index]! / total) * durationMs;
    const timing = { word, startMs: Math.round(at), endMs: Math.round(at + length * 0.85) };
    at += length;
    return timing;
  });
}

/**
 * Each word's pronunciations as ARPAbet phone strings: CMUdict's entries (with alternates), else espeak-ng's own
 * phonemes mapped to ARPAbet (names, numbers, made-up words). Reads only the lines it needs.
 */
async function pronunciations(
  words: readonly string[],
  dictFile: string,
  fallback: (word: string) => Promise<string>,
): Promise<(word: string) => string[]> {
  const keyOf = (word: string) => word.toLowerCase().replace(/’/g, "'");
  const wanted = new Set(words.map(keyOf));
  const found = new Map<string, string[]>();
  for (const line of (await readFile(dictFile, 'utf8')).split('\n')) {
    const space = line.indexOf(' ');
    if (space < 0) continue;
    const key = line.slice(0, space).replace(/\(\d+\)$/, '');
    if (!wanted.has(key)) continue;
    const phones = line
      .slice(space + 1)
      .replace(/#.*$/, '')
      .trim();
    if (phones) found.set(key, [...(found.get(key) ?? []), phones]);
  }
  for (const key of wanted) {
    if (found.has(key)) continue;
    const phones = ipaToArpabet(await fallback(key));
    found.set(key, [phones || 'AH']);
  }
  return (word) => found.get(keyOf(word))!;
}

/** Symbols espeak-ng reads aloud ("&" is "and", "70%" is "seventy percent"). */
const SPOKEN_SYMBOLS = /[&@%°$£€+=#½¼¾×÷/]/;

/**
 * Where the text says more than its words: a whitespace chunk holding a spoken symbol and one word (`70%`) is
 * spoken as a whole (`within`); a chunk with no word (`&`) is spoken after the word before it (`after`).
 */
export function symbolChunks(text: string, words: readonly string[]) {
  const within = new Map<number, string>();
  const after = new Map<number, string[]>();
  let next = 0;
  for (const chunk of text.split(/\s+/).filter(Boolean)) {
    const inChunk: number[] = [];
    for (let cursor = 0; next < words.length; next += 1) {
      const at = chunk.indexOf(words[next]!, cursor);
      if (at < 0) break;
      inChunk.push(next);
      cursor = at + words[next]!.length;
    }
    if (!SPOKEN_SYMBOLS.test(chunk)) continue;
    const spoken = chunk.replace(/^[("“‘']+|[.,!?;:)"”’']+$/g, '');
    if (inChunk.length === 1) within.set(inChunk[0]!, spoken);
    else if (inChunk.length === 0 && next > 0) after.set(next - 1, [...(after.get(next - 1) ?? []), spoken]);
  }
  return { within, after };
}

/** Each word position's pronunciations: the word's own, plus how espeak-ng speaks symbols in or after it. */
async function positionVariants(
  text: string,
  words: readonly string[],
  dictFile: string,
  espeak: (chunk: string) => Promise<string>,
): Promise<string[][]> {
  const lexicon = await pronunciations(words, dictFile, espeak);
  const { within, after } = symbolChunks(text, words);
  const phonesOf = async (chunk: string) => ipaToArpabet(await espeak(chunk));
  return Promise.all(
    words.map(async (word, index) => {
      let variants = lexicon(word);
      const whole = within.get(index);
      if (whole) variants = [...variants, await phonesOf(whole)];
      const extra = (await Promise.all((after.get(index) ?? []).map(phonesOf))).filter(Boolean).join(' ');
      if (extra) variants = [...variants, ...variants.map((phones) => `${phones} ${extra}`)];
      return [...new Set(variants.filter(Boolean))];
    }),
  );
}

/** espeak-ng's IPA (US English) → the 39 ARPAbet phones of the CMU model, longest symbol first. */
const IPA_TO_ARPABET: [string, string][] = [
  ['aɪə', 'AY ER'],
  ['aɪɚ', 'AY ER'],
  ['aʊɚ', 'AW ER'],
  ['ɑːɹ', 'AA R'],
  ['ɔːɹ', 'AO R'],
  ['oːɹ', 'AO R'],
  ['ɛɹ', 'EH R'],
  ['ɪɹ', 'IH R'],
  ['ʊɹ', 'UH R'],
  ['aɪ', 'AY'],
  ['aʊ', 'AW'],
  ['eɪ', 'EY'],
  ['oʊ', 'OW'],
  ['əʊ', 'OW'],
  ['ɔɪ', 'OY'],
  ['tʃ', 'CH'],
  ['dʒ', 'JH'],
  ['ɜː', 'ER'],
  ['iː', 'IY'],
  ['uː', 'UW'],
  ['ɑː', 'AA'],
  ['ɔː', 'AO'],
  ['oː', 'AO'],
  ['ɚ', 'ER'],
  ['ɝ', 'ER'],
  ['i', 'IY'],
  ['ɪ', 'IH'],
  ['ᵻ', 'IH'],
  ['e', 'EH'],
  ['ɛ', 'EH'],
  ['æ', 'AE'],
  ['a', 'AE'],
  ['ɑ', 'AA'],
  ['ɒ', 'AA'],
  ['ɔ', 'AO'],
  ['o', 'OW'],
  ['ʊ', 'UH'],
  ['u', 'UW'],
  ['ʌ', 'AH'],
  ['ə', 'AH'],
  ['ɐ', 'AH'],
  ['p', 'P'],
  ['b', 'B'],
  ['t', 'T'],
  ['d', 'D'],
  ['k', 'K'],
  ['g', 'G'],
  ['ɡ', 'G'],
  ['f', 'F'],
  ['v', 'V'],
  ['θ', 'TH'],
  ['ð', 'DH'],
  ['s', 'S'],
  ['z', 'Z'],
  ['ʃ', 'SH'],
  ['ʒ', 'ZH'],
  ['h', 'HH'],
  ['m', 'M'],
  ['n', 'N'],
  ['ŋ', 'NG'],
  ['l', 'L'],
  ['ɹ', 'R'],
  ['r', 'R'],
  ['w', 'W'],
  ['j', 'Y'],
  ['ɾ', 'T'],
  ['ʔ', 'T'],
  ['x', 'K'],
];

export function ipaToArpabet(ipa: string): string {
  const phones: string[] = [];
  const text = ipa.normalize('NFC').replace(/[ˈˌ\s‿-]/g, '');
  let at = 0;
  while (at < text.length) {
    const match = IPA_TO_ARPABET.find(([symbol]) => text.startsWith(symbol, at));
    if (match) {
      phones.push(match[1]);
      at += match[0].length;
    } else {
      at += 1; // length marks, syllabic marks and anything unknown
    }
  }
  return phones.join(' ');
}

async function inWorkFolder<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'readalong-speech-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function firstExecutable(candidates: string[]): Promise<string | null> {
  for (const candidate of candidates) if (await exists(candidate, constants.X_OK)) return candidate;
  return null;
}

async function exists(file: string, mode = constants.R_OK): Promise<boolean> {
  return access(file, mode).then(
    () => true,
    () => false,
  );
}
