/**
 * The background-talk family of the speech-bounds benchmark (issue 16): a reader with other children talking in the
 * room 10–20 dB under them from before the reader starts to after they stop, a reader who pauses 3 s mid-passage, a
 * reader who starts at once, and the room talking with nobody reading. The readers and the room are real human
 * recordings that Debian packages ship under free licences (speech-bounds.fixtures.ts `HUMAN_SPEECH`), and
 * espeak-ng's voices beside them. Each case is encoded as WAV and as WebM/Opus by ffmpeg and analysed as an upload
 * is (`analyseAudio`). Returns the report's lines; none when ffmpeg is missing.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { analyseAudio, findSpeechBounds, type SpeechBounds } from '../src/platform/speech-bounds.js';
import {
  ESPEAK_TALKERS,
  HUMAN_SPEECH,
  backgroundTalk,
  espeakSpeech,
  espeakTalker,
  joinSpeech,
  loadClip,
  makeRecording,
  resample,
  withPause,
  type HumanClip,
  type Recording,
} from '../src/platform/speech-bounds.fixtures.js';
import { runProgram } from '../src/platform/run-program.js';
import { encodeWav } from '../src/platform/wav.js';

const SAMPLE_RATE = 16_000;
const ACCEPT_MS = 500;
const LEAD_S = 1.5;
const TAIL_S = 2;
const SEEDS = 10;

interface Reader {
  name: string;
  /** The voice's name in HUMAN_SPEECH (its clips are left out of the room), or null for espeak-ng. */
  voice: string | null;
  pcm: Float32Array;
}

interface TalkCase {
  name: string;
  snrDb: number;
  pauseSeconds?: number;
  leadSeconds?: number;
}

const CASES: TalkCase[] = [
  { name: 'talk 10 dB under', snrDb: 10 },
  { name: 'talk 13 dB under', snrDb: 13 },
  { name: 'talk 15 dB under', snrDb: 15 },
  { name: 'talk 20 dB under', snrDb: 20 },
  { name: 'talk 13 dB, reader pauses 3 s mid-passage', snrDb: 13, pauseSeconds: 3 },
  { name: 'talk 10 dB, reader pauses 3 s mid-passage', snrDb: 10, pauseSeconds: 3 },
  { name: 'talk 13 dB, reader starts at once', snrDb: 13, leadSeconds: 0 },
];

/** The reading passage read by a person: four of Allison Smith's prompts, 0.4 s apart. */
const ALLISON_PASSAGE = ['tt-weasels', 'vm-intro', 'conf-onlyperson', 'demo-thanks'];
const CODEC2_READER: HumanClip = {
  voice: 'codec2 speech_orig_16k',
  debianPackage: 'codec2-examples',
  file: '/usr/share/codec2/raw/speech_orig_16k.wav',
};

async function loadReaders(): Promise<Reader[]> {
  const readers: Reader[] = [];
  const allison = HUMAN_SPEECH.filter(
    (clip) =>
      clip.voice.startsWith('Allison') && ALLISON_PASSAGE.some((name) => clip.file.endsWith(`/${name}.wav`)),
  );
  const parts = (await Promise.all(allison.map((clip) => loadClip(clip, SAMPLE_RATE)))).filter(
    (part): part is Float32Array => part !== null,
  );
  if (parts.length) {
    readers.push({
      name: 'Allison, human (asterisk-core-sounds-en-wav)',
      voice: allison[0]!.voice,
      pcm: joinSpeech(parts, 0.4, SAMPLE_RATE),
    });
  }
  const codec2 = await loadClip(CODEC2_READER, SAMPLE_RATE);
  if (codec2)
    readers.push({ name: 'codec2 speech_orig_16k, human (codec2-examples)', voice: null, pcm: codec2 });
  const espeak = await espeakSpeech();
  if (espeak) {
    readers.push({
      name: 'espeak-ng en-us',
      voice: null,
      pcm: resample(espeak.pcm, espeak.sampleRate, SAMPLE_RATE),
    });
  }
  return readers;
}

interface Room {
  clips: { voice: string; pcm: Float32Array }[];
  sources: string[];
}

async function loadRoom(): Promise<Room> {
  const clips: Room['clips'] = [];
  const packages = new Set<string>();
  for (const clip of HUMAN_SPEECH) {
    const pcm = await loadClip(clip, SAMPLE_RATE);
    if (!pcm) continue;
    clips.push({ voice: clip.voice, pcm });
    packages.add(clip.debianPackage);
  }
  const voices = new Set(clips.map((clip) => clip.voice));
  const espeak: string[] = [];
  for (const voice of ESPEAK_TALKERS) {
    const pcm = await espeakTalker(voice, SAMPLE_RATE);
    if (!pcm) continue;
    clips.push({ voice: `espeak-ng ${voice}`, pcm });
    espeak.push(voice);
  }
  const sources = [
    `${voices.size} human voices from ${[...packages].join(', ') || 'no package (none installed)'}`,
    `${espeak.length} espeak-ng voices (${espeak.join(', ')})`,
  ];
  return { clips, sources };
}

/** Two children talking at once, never the reader's own voice, over the whole file. */
function roomFor(room: Room, reader: Reader, seconds: number, seed: number): Float32Array {
  const others = room.clips.filter((clip) => clip.voice !== reader.voice).map((clip) => clip.pcm);
  return backgroundTalk(others, seconds, SAMPLE_RATE, seed, 2);
}

function recordingOf(room: Room, reader: Reader, talkCase: TalkCase, seed: number): Recording {
  const speech = talkCase.pauseSeconds
    ? withPause(reader.pcm, talkCase.pauseSeconds, SAMPLE_RATE)
    : reader.pcm;
  const lead = talkCase.leadSeconds ?? LEAD_S;
  const seconds = lead + speech.length / SAMPLE_RATE + TAIL_S;
  return makeRecording({
    sampleRate: SAMPLE_RATE,
    seconds,
    speechAt: lead,
    speech: { pcm: speech },
    talk: { pcm: roomFor(room, reader, seconds, seed), snrDb: talkCase.snrDb },
    seed,
  });
}

/** Only the room: the talk at the level it would have `snrDb` under a reader at -20 dBFS (RMS 0.1). */
function roomOnly(room: Room, snrDb: number, seconds: number, seed: number): Float32Array {
  const talk = backgroundTalk(
    room.clips.map((clip) => clip.pcm),
    seconds,
    SAMPLE_RATE,
    seed,
    2,
  );
  const level = 0.1 / 10 ** (snrDb / 20);
  return talk.map((sample) => sample * level);
}

const worstError = (found: SpeechBounds | null, truth: SpeechBounds) =>
  found ? Math.max(Math.abs(found.startMs - truth.startMs), Math.abs(found.endMs - truth.endMs)) : Infinity;
const s = (ms: number) => (ms / 1000).toFixed(2);
const bounds = (found: SpeechBounds | null) => (found ? `${s(found.startMs)}–${s(found.endMs)}` : 'none');
const signed = (ms: number) => `${ms >= 0 ? '+' : '−'}${Math.abs(Math.round(ms))}`;
const errorCell = (found: SpeechBounds | null, truth: SpeechBounds) =>
  found ? `${signed(found.startMs - truth.startMs)} / ${signed(found.endMs - truth.endMs)}` : '—';
const ok = (pass: boolean) => (pass ? 'yes' : '**no**');

/** CPU seconds of this process and of the children it has waited for (ffmpeg), from /proc/self/stat. */
function cpuWithChildren(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0) / 100;
}

async function encodeBoth(dir: string, name: string, recording: Recording) {
  const wav = path.join(dir, `${name}.wav`);
  const webm = path.join(dir, `${name}.webm`);
  await writeFile(wav, encodeWav(recording.pcm, recording.sampleRate));
  await runProgram('ffmpeg', [
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-i',
    wav,
    '-c:a',
    'libopus',
    '-b:a',
    '32k',
    webm,
  ]);
  return { wav, webm };
}

export async function backgroundTalkReport(): Promise<string[]> {
  const ffmpeg = await runProgram('ffmpeg', ['-version']).then(
    () => true,
    () => false,
  );
  if (!ffmpeg) return ['## Background talk (issue 16)', '', 'Not run: ffmpeg is not installed.'];
  const readers = await loadReaders();
  const room = await loadRoom();
  const lines: string[] = [];
  const out = (line = '') => lines.push(line);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'readalong-talk-'));
  try {
    out('## Background talk (issue 16)');
    out();
    out(
      `Other children talk in the room: two voices at once, one clip after another with 0.3–1.5 s between, from ` +
        `the first sample of the file to the last (so before the reader starts and after they stop), their RMS the ` +
        `given dB under the reader's. The room's voices: ${room.sources.join('; ')}; never the reader's own. ` +
        `The reader starts ${LEAD_S} s in unless said, and the file runs on ${TAIL_S} s after. Each recording is ` +
        'encoded by ffmpeg as WAV and as WebM/Opus 32 kbit/s and analysed as an upload is (`analyseAudio`: ffmpeg ' +
        'through a pipe, frame by frame). Errors in ms (found − true, start / end).',
    );
    out();
    out('| reader | case | true | WAV | error | ≤ 0.5 s | WebM/Opus | error | ≤ 0.5 s |');
    out('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    let failures = 0;
    for (const reader of readers) {
      for (const talkCase of CASES) {
        const recording = recordingOf(room, reader, talkCase, 1);
        const files = await encodeBoth(dir, 'case', recording);
        const wav = (await analyseAudio(files.wav)).bounds;
        const webm = (await analyseAudio(files.webm)).bounds;
        const wavOk = worstError(wav, recording.truth) <= ACCEPT_MS;
        const webmOk = worstError(webm, recording.truth) <= ACCEPT_MS;
        if (!wavOk || !webmOk) failures += 1;
        out(
          `| ${reader.name} | ${talkCase.name} | ${bounds(recording.truth)} | ${bounds(wav)} | ` +
            `${errorCell(wav, recording.truth)} | ${ok(wavOk)} | ${bounds(webm)} | ` +
            `${errorCell(webm, recording.truth)} | ${ok(webmOk)} |`,
        );
      }
    }
    for (const snrDb of [10, 15, 20]) {
      const pcm = roomOnly(room, snrDb, 12, 1);
      const files = await encodeBoth(dir, 'room', {
        pcm,
        sampleRate: SAMPLE_RATE,
        truth: { startMs: 0, endMs: 0 },
      });
      const wav = (await analyseAudio(files.wav)).bounds;
      const webm = (await analyseAudio(files.webm)).bounds;
      if (wav || webm) failures += 1;
      out(
        `| nobody (only the room) | the room ${snrDb} dB under a reader at −20 dBFS, 12 s | none expected | ` +
          `${bounds(wav)} | — | ${ok(!wav)} | ${bounds(webm)} | — | ${ok(!webm)} |`,
      );
    }
    out();
    out(
      failures ? `**${failures} cases outside 0.5 s.**` : 'Every case within 0.5 s, as WAV and as WebM/Opus.',
    );
    out();
    spreadOverSeeds(room, readers, out);
    await cpuPerMinute(dir, room, out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return lines;
}

/** Each reader and level over SEEDS rooms (different voices, levels and timing), detector only (no encoding). */
function spreadOverSeeds(room: Room, readers: Reader[], out: (line?: string) => void) {
  out(`### Over ${SEEDS} rooms each`);
  out();
  out(
    `Each seed is a different room: which clips, which two talk at once, how loud each child is (±4 dB), the ` +
      'gaps. The worse of the start and end errors per recording (ms): median and maximum; "missed" counts ' +
      'recordings outside 0.5 s. The last rows are the room alone: "suggested" counts recordings given a trim.',
  );
  out();
  out('| reader | case | median | max | missed |');
  out('| --- | --- | --- | --- | --- |');
  for (const reader of readers) {
    for (const talkCase of CASES) {
      const errors: number[] = [];
      for (let seed = 1; seed <= SEEDS; seed += 1) {
        const recording = recordingOf(room, reader, talkCase, seed);
        errors.push(worstError(findSpeechBounds(recording.pcm, SAMPLE_RATE), recording.truth));
      }
      const sorted = [...errors].sort((a, b) => a - b);
      const ms = (value: number) => (Number.isFinite(value) ? String(Math.round(value)) : 'none found');
      const missed = errors.filter((error) => error > ACCEPT_MS).length;
      out(
        `| ${reader.name} | ${talkCase.name} | ${ms(sorted[Math.floor(SEEDS / 2)]!)} | ${ms(sorted.at(-1)!)} | ` +
          `${missed}/${SEEDS} |`,
      );
    }
  }
  for (const snrDb of [10, 15, 20]) {
    let suggested = 0;
    for (let seed = 1; seed <= SEEDS; seed += 1) {
      if (findSpeechBounds(roomOnly(room, snrDb, 12, seed), SAMPLE_RATE)) suggested += 1;
    }
    out(
      `| nobody | the room ${snrDb} dB under a reader at −20 dBFS | — | — | suggested ${suggested}/${SEEDS} |`,
    );
  }
  out();
}

/** CPU per minute of audio of the whole analysis of a 5-minute upload, ffmpeg's decoding included. */
async function cpuPerMinute(dir: string, room: Room, out: (line?: string) => void) {
  const minutes = 5;
  const recording = makeRecording({
    sampleRate: SAMPLE_RATE,
    seconds: minutes * 60,
    speechAt: LEAD_S,
    speech: { seconds: minutes * 60 - LEAD_S - TAIL_S },
    talk: {
      pcm: backgroundTalk(
        room.clips.map((clip) => clip.pcm),
        minutes * 60,
        SAMPLE_RATE,
        1,
      ),
      snrDb: 15,
    },
  });
  const files = await encodeBoth(dir, 'five-minutes', recording);
  out('### CPU per minute of audio');
  out();
  out(
    `A ${minutes}-minute recording (synthetic reading, the room 15 dB under), analysed 3 times each; CPU of this ` +
      'process and of the ffmpeg it waited for (/proc/self/stat), divided by the minutes of audio. The detector ' +
      'alone is `findSpeechBounds` on the samples in memory.',
  );
  out();
  out('| what | CPU per minute of audio (ms) | wall per minute (ms) | found |');
  out('| --- | --- | --- | --- |');
  const runs = 3;
  for (const [format, file] of [
    ['WAV: analyseAudio (ffmpeg decode + detector)', files.wav],
    ['WebM/Opus: analyseAudio (ffmpeg decode + detector)', files.webm],
  ] as const) {
    await analyseAudio(file); // warm up
    const cpu = cpuWithChildren();
    const started = performance.now();
    let found: SpeechBounds | null = null;
    for (let run = 0; run < runs; run += 1) found = (await analyseAudio(file)).bounds;
    const cpuMs = ((cpuWithChildren() - cpu) * 1000) / runs / minutes;
    const wallMs = (performance.now() - started) / runs / minutes;
    out(`| ${format} | ${cpuMs.toFixed(0)} | ${wallMs.toFixed(0)} | ${bounds(found)} |`);
  }
  findSpeechBounds(recording.pcm, SAMPLE_RATE);
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let run = 0; run < runs; run += 1) findSpeechBounds(recording.pcm, SAMPLE_RATE);
  const used = process.cpuUsage(cpu);
  out(
    `| the detector alone | ${((used.user + used.system) / 1000 / runs / minutes).toFixed(1)} | ` +
      `${((performance.now() - started) / runs / minutes).toFixed(1)} | |`,
  );
  out();
}
