/**
 * Benchmark of the automatic trim (src/platform/speech-bounds.ts): `npm run bench` at the root.
 *
 * Generates recordings with known speech bounds (clean, background noise at 10 and 5 dB SNR, the click of a record
 * button at the start, click and noise together, and past the limit at 0 dB), runs the adaptive detector and, to
 * show why adaptive matters, a fixed-threshold one (-40 dBFS, what sox `silence … 1%` and ffmpeg `silencedetect`
 * do). The speech is espeak-ng's reading of a passage when espeak-ng is installed, and always synthetic speech-like
 * sound over many seeds. With ffmpeg installed it also times the whole `suggestTrim` (decode + detect) on each upload
 * format. Then the background-talk family (speech-bounds-talk.ts, issue 16): a reader with other children talking
 * in the room. Writes bench/results/speech-bounds.md (committed) and prints it. Takes about a minute.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findSpeechBounds, suggestTrim, type SpeechBounds } from '../src/platform/speech-bounds.js';
import {
  espeakSpeech,
  makeRecording,
  syntheticSpeech,
  type Recording,
  type RecordingOptions,
} from '../src/platform/speech-bounds.fixtures.js';
import { backgroundTalkReport } from './speech-bounds-talk.js';
import { loadAverage, writeResults } from './support/report.js';
import { runProgram } from '../src/platform/run-program.js';
import { encodeWav } from '../src/platform/wav.js';

const RESULTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'speech-bounds.md');
/** The acceptance check: the suggested trim within half a second of the true speech bounds. */
const ACCEPT_MS = 500;
/** Synthetic cases are repeated over this many seeds (different words, pitch, noise and placement). */
const SEEDS = 20;

type Condition = Omit<RecordingOptions, 'seconds' | 'speechAt' | 'speech' | 'seed' | 'sampleRate'> & {
  name: string;
};
const CONDITIONS: Condition[] = [
  { name: 'clean' },
  { name: 'white noise 10 dB', noise: { kind: 'white', snrDb: 10 } },
  { name: 'pink noise 10 dB', noise: { kind: 'pink', snrDb: 10 } },
  { name: 'pink noise 5 dB', noise: { kind: 'pink', snrDb: 5 } },
  { name: 'click at start', click: { at: 0.3, ms: 20 } },
  { name: 'click 50 ms + pink 10 dB', click: { at: 0.4, ms: 50 }, noise: { kind: 'pink', snrDb: 10 } },
  { name: 'warm-up silence + pink 10 dB', deadSeconds: 0.25, noise: { kind: 'pink', snrDb: 10 } },
  { name: 'pink noise 0 dB (past the limit)', noise: { kind: 'pink', snrDb: 0 } },
];
/** Speech starts this far into the file and the file runs on this long after it: the 1.5 s a child waits. */
const LEAD_S = 1.5;
const TAIL_S = 2;

/** A fixed threshold at -40 dBFS (1 % of full scale) on 20 ms frames: first and last frame above it. */
function fixedThreshold(pcm: Float32Array, sampleRate: number): SpeechBounds | null {
  const frame = Math.round(sampleRate * 0.02);
  const threshold = 0.01 ** 2;
  let first = -1;
  let last = -1;
  for (let from = 0; from + frame <= pcm.length; from += frame) {
    let sum = 0;
    for (let index = from; index < from + frame; index += 1) sum += pcm[index]! * pcm[index]!;
    if (sum / frame > threshold) {
      if (first < 0) first = from;
      last = from + frame;
    }
  }
  return first < 0 ? null : { startMs: (first / sampleRate) * 1000, endMs: (last / sampleRate) * 1000 };
}

interface Row {
  source: string;
  condition: string;
  truth: SpeechBounds;
  adaptive: SpeechBounds | null;
  adaptiveMs: number;
  fixed: SpeechBounds | null;
}

function measure(source: string, condition: string, recording: Recording): Row {
  const { pcm, sampleRate, truth } = recording;
  findSpeechBounds(pcm, sampleRate); // warm up, so the time is the detector's and not the JIT's
  const runs = 5;
  const started = performance.now();
  let adaptive: SpeechBounds | null = null;
  for (let run = 0; run < runs; run += 1) adaptive = findSpeechBounds(pcm, sampleRate);
  const adaptiveMs = (performance.now() - started) / runs;
  return { source, condition, truth, adaptive, adaptiveMs, fixed: fixedThreshold(pcm, sampleRate) };
}

const errors = (found: SpeechBounds | null, truth: SpeechBounds) =>
  found ? { start: found.startMs - truth.startMs, end: found.endMs - truth.endMs } : null;
const worst = (found: SpeechBounds | null, truth: SpeechBounds) => {
  const error = errors(found, truth);
  return error ? Math.max(Math.abs(error.start), Math.abs(error.end)) : Infinity;
};
const s = (ms: number) => (ms / 1000).toFixed(2);
const signed = (ms: number) => `${ms >= 0 ? '+' : '−'}${Math.abs(Math.round(ms))}`;
const bounds = (found: SpeechBounds | null) => (found ? `${s(found.startMs)}–${s(found.endMs)}` : 'none');
const errorCell = (found: SpeechBounds | null, truth: SpeechBounds) => {
  const error = errors(found, truth);
  return error ? `${signed(error.start)} / ${signed(error.end)}` : '—';
};
const verdict = (found: SpeechBounds | null, truth: SpeechBounds) =>
  worst(found, truth) <= ACCEPT_MS ? 'yes' : '**no**';

async function main() {
  const lines: string[] = [];
  const out = (line = '') => lines.push(line);
  const benchStarted = performance.now();
  const loadBefore = loadAverage();
  const sampleRate = 16_000;

  // One recording per condition with each speech source, shown row by row.
  const sources: { name: string; speech: Float32Array; sampleRate: number }[] = [];
  const espeak = await espeakSpeech();
  if (espeak) sources.push({ name: 'espeak-ng', speech: espeak.pcm, sampleRate: espeak.sampleRate });
  sources.push({ name: 'synthetic', speech: syntheticSpeech(6, sampleRate, 1), sampleRate });
  const rows: Row[] = [];
  const recordings = new Map<string, Recording>();
  for (const source of sources) {
    const seconds = LEAD_S + source.speech.length / source.sampleRate + TAIL_S;
    for (const { name, ...condition } of CONDITIONS) {
      const recording = makeRecording({
        ...condition,
        sampleRate: source.sampleRate,
        seconds,
        speechAt: LEAD_S,
        speech: { pcm: source.speech },
        seed: 1,
      });
      recordings.set(`${source.name}|${name}`, recording);
      rows.push(measure(source.name, name, recording));
    }
  }

  // The synthetic speech over many seeds: a different passage length, placement, pitch, noise each time.
  const spread: { condition: string; adaptive: number[]; fixed: number[]; missed: number }[] = [];
  for (const { name, ...condition } of CONDITIONS) {
    const adaptive: number[] = [];
    const fixed: number[] = [];
    let missed = 0;
    for (let seed = 1; seed <= SEEDS; seed += 1) {
      const speechSeconds = 3 + (seed % 5) * 1.5;
      const speechAt = 0.8 + ((seed * 7) % 10) * 0.15;
      const recording = makeRecording({
        ...condition,
        sampleRate,
        seconds: speechAt + speechSeconds + 1 + (seed % 3) * 0.5,
        speechAt,
        speech: { seconds: speechSeconds },
        seed,
      });
      const row = measure('synthetic', name, recording);
      adaptive.push(worst(row.adaptive, row.truth));
      fixed.push(worst(row.fixed, row.truth));
      if (worst(row.adaptive, row.truth) > ACCEPT_MS) missed += 1;
    }
    spread.push({ condition: name, adaptive, fixed, missed });
  }

  // The whole suggestTrim (ffmpeg decode + detect) on each upload format, when ffmpeg is installed.
  const formats: { format: string; found: SpeechBounds | null; ms: number; truth: SpeechBounds }[] = [];
  const ffmpeg = await runProgram('ffmpeg', ['-version']).then(
    () => true,
    () => false,
  );
  const uploadCase = `${sources[0]!.name}|click 50 ms + pink 10 dB`;
  if (ffmpeg) {
    const recording = recordings.get(uploadCase)!;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'readalong-bench-'));
    try {
      const wav = path.join(dir, 'recording.wav');
      await writeFile(wav, encodeWav(recording.pcm, recording.sampleRate));
      // prettier-ignore
      const encodings: [string, string, string[]][] = [
        ['WebM/Opus (what Chromium records)', 'webm', ['-c:a', 'libopus', '-b:a', '32k']],
        ['Ogg/Opus (Firefox)', 'ogg', ['-c:a', 'libopus', '-b:a', '32k']],
        ['MP4/AAC (Safari)', 'm4a', ['-c:a', 'aac', '-b:a', '64k']],
        ['MPEG (MP3)', 'mp3', ['-c:a', 'libmp3lame', '-b:a', '64k']],
        ['WAV', 'wav', []],
      ];
      for (const [format, extension, codec] of encodings) {
        let file = wav;
        if (extension !== 'wav') {
          file = path.join(dir, `recording.${extension}`);
          await runProgram('ffmpeg', ['-nostdin', '-loglevel', 'error', '-i', wav, ...codec, file]);
        }
        await suggestTrim(file); // warm up (the first spawn pays for loading ffmpeg's libraries)
        const started = performance.now();
        const found = await suggestTrim(file);
        formats.push({ format, found, ms: performance.now() - started, truth: recording.truth });
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  const cpus = os.cpus();
  out('# Speech bounds benchmark (automatic trim)');
  out();
  out(
    `Generated by \`npm run bench\` (apps/server/bench/speech-bounds.bench.ts) on ${new Date().toISOString().slice(0, 10)}, ` +
      `${cpus[0]?.model.trim() ?? 'unknown CPU'} (${cpus.length} cores), ${os.type()} ${os.release()}, Node ${process.version}` +
      `${espeak ? '' : '; espeak-ng not installed, so synthetic speech only'}` +
      `${ffmpeg ? '' : '; ffmpeg not installed, so no decode timings'}. Load average (1/5/15 min) before: ` +
      `${loadBefore}, after: ${loadAverage()}.`,
  );
  out();
  out(
    `Times in seconds, errors in ms (detected − true; start / end; negative = earlier). Speech starts ${LEAD_S} s ` +
      `into the file and the file runs on ${TAIL_S} s after it; noise is over the whole file at the SNR given ` +
      `(speech RMS ÷ noise RMS); a click is random-sign full-scale samples decaying 40 dB over its length. ` +
      `"Fixed" is a -40 dBFS threshold (sox \`silence 1 0.02 1%\`, ffmpeg \`silencedetect=n=-40dB\`). ` +
      `Within ${ACCEPT_MS} ms is the acceptance check; the adaptive bounds include its ${100} ms of padding.`,
  );
  out();
  out('## Each case');
  out();
  out(
    '| speech | case | true | adaptive | error (ms) | ≤ 0.5 s | time (ms) | fixed −40 dBFS | error (ms) | ≤ 0.5 s |',
  );
  out('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) {
    out(
      `| ${row.source} | ${row.condition} | ${bounds(row.truth)} | ${bounds(row.adaptive)} | ` +
        `${errorCell(row.adaptive, row.truth)} | ${verdict(row.adaptive, row.truth)} | ${row.adaptiveMs.toFixed(1)} | ` +
        `${bounds(row.fixed)} | ${errorCell(row.fixed, row.truth)} | ${verdict(row.fixed, row.truth)} |`,
    );
  }
  out();
  out(`## Synthetic speech over ${SEEDS} seeds`);
  out();
  out(
    'Each seed changes the words, pitch, length (3–9 s), placement (0.8–2.2 s) and noise. The worse of the ' +
      'start and end errors per recording, in ms: median and maximum; "missed" counts recordings outside 0.5 s.',
  );
  out();
  out('| case | adaptive median | adaptive max | missed | fixed median | fixed max |');
  out('| --- | --- | --- | --- | --- | --- |');
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const ms = (value: number) => (Number.isFinite(value) ? String(Math.round(value)) : 'none found');
  for (const row of spread) {
    out(
      `| ${row.condition} | ${ms(median(row.adaptive))} | ${ms(Math.max(...row.adaptive))} | ` +
        `${row.missed}/${SEEDS} | ${ms(median(row.fixed))} | ${ms(Math.max(...row.fixed))} |`,
    );
  }
  if (formats.length) {
    out();
    out('## suggestTrim on each upload format (ffmpeg decode + detect)');
    out();
    out(`The ${uploadCase.replace('|', ' / ')} recording, encoded by ffmpeg, then \`suggestTrim(file)\`.`);
    out();
    out('| format | true | suggested | error (ms) | time (ms) |');
    out('| --- | --- | --- | --- | --- |');
    for (const row of formats) {
      out(
        `| ${row.format} | ${bounds(row.truth)} | ${bounds(row.found)} | ${errorCell(row.found, row.truth)} | ` +
          `${Math.round(row.ms)} |`,
      );
    }
  }
  out();
  for (const line of await backgroundTalkReport()) out(line);
  out();
  out(`Benchmark run time: ${((performance.now() - benchStarted) / 1000).toFixed(1)} s.`);

  await writeResults(RESULTS, lines.join('\n'));
}

await main();
