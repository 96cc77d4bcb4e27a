/**
 * Benchmark of narration's voices (docs/rules.md R28, R29): `npm run bench:voices`, and part of `npm run bench`.
 *
 * For every voice installed (platform/voices.ts), on a fixed set of library pages (the first page of seven books
 * across the colour bands), it measures:
 * - intelligibility: how well a generic speech recogniser (pocketsphinx_continuous with its default US English
 *   model and language model) understands the narration as served (the MP3, decoded), as the word error rate of
 *   its words against the page's (word-level edit distance over the page's word count, lower case, punctuation
 *   dropped), a proxy for how easy the voice is for a child to follow;
 * - synthesis speed: the voice alone (× real time, and CPU seconds per second of audio), and the whole narration
 *   of a page (voice, loudness, MP3, alignment), which is what a first start spends narrating the library;
 * - alignment: how many pages pocketsphinx aligned (the rest have estimated word times);
 * - loudness: each page's integrated loudness (EBU R128, LUFS) as the voice speaks it and as served.
 * Writes bench/results/narration-voices.md (committed) and prints it. `--pages N` reads fewer pages (a quick look).
 */
import { readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readLibrary, splitWords } from '@readalong/content';
import { detectSpeech, findSpeechMachine, measureLoudness, LOUDNESS } from '../src/platform/speech.js';
import { ProgramError, runProgram } from '../src/platform/run-program.js';
import { installedVoices, toAsciiText, type Voice } from '../src/platform/voices.js';
import { wavDurationMs } from '../src/platform/wav.js';
import { loadAverage, machine as machineName, writeResults } from './support/report.js';

/** The recogniser, from Debian's pocketsphinx, with its default model (pocketsphinx-en-us). */
const RECOGNISER = 'pocketsphinx_continuous';
const RESULTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'narration-voices.md');
/** The fixed pages: the first page of these books, from the youngest band to the oldest. */
const BOOKS = [
  'b03-a-big-cake-for-mother',
  'b06-day-and-night',
  'b09-how-bees-make-honey',
  'b12-spiders-and-their-silk',
  'b15-islands-made-of-fire',
  'b18-how-bridges-stand-up',
  'b20-the-vault-at-the-end-of-the-world',
];

interface PageResult {
  book: string;
  words: number;
  errors: number;
  audioSeconds: number;
  voiceCpuSeconds: number;
  voiceWallSeconds: number;
  pipelineCpuSeconds: number;
  aligned: boolean;
  spokenLufs: number | null;
  servedLufs: number | null;
}

/** CPU seconds (user + system) of this process's finished children, from /proc (Linux): what the tools spent. */
async function childCpuSeconds(): Promise<number> {
  const stat = await readFile('/proc/self/stat', 'utf8');
  // Fields after the command's closing parenthesis; cutime and cstime are the 16th and 17th of the whole line.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticksPerSecond = 100; // USER_HZ on Linux
  return (Number(fields[13]) + Number(fields[14])) / ticksPerSecond;
}

/** Runs `work` and returns its result with the children's CPU seconds and the wall seconds it took. */
async function measured<T>(work: () => Promise<T>): Promise<{ value: T; cpu: number; wall: number }> {
  const [cpuBefore, started] = [await childCpuSeconds(), performance.now()];
  const value = await work();
  return { value, cpu: (await childCpuSeconds()) - cpuBefore, wall: (performance.now() - started) / 1000 };
}

/** Lower case words, apostrophes kept, everything else that is not a letter or digit dropped. */
const normalisedWords = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^\p{L}\p{N}']+/gu, ' ')
    .split(' ')
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter(Boolean);

/** Word-level edit distance (substitutions, insertions, deletions): the numerator of the word error rate. */
function wordErrors(reference: readonly string[], hypothesis: readonly string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, index) => index);
  for (const [row, word] of reference.entries()) {
    const current = [row + 1];
    for (const [column, heard] of hypothesis.entries()) {
      const substitution = previous[column]! + (word === heard ? 0 : 1);
      current.push(Math.min(substitution, previous[column + 1]! + 1, current[column]! + 1));
    }
    previous = current;
  }
  return previous[hypothesis.length]!;
}

function benchPages(limit: number): { book: string; text: string }[] {
  const library = new Map(readLibrary().map((entry) => [entry.slug, entry.passage]));
  return BOOKS.slice(0, limit).map((book) => {
    const text = library.get(book)?.pages[0]?.text;
    if (!text) throw new Error(`the bench's book ${book} is not in the library`);
    return { book, text };
  });
}

async function measureVoice(
  voice: Voice,
  pages: { book: string; text: string }[],
  tools: ReadonlyMap<string, string>,
  dir: string,
): Promise<PageResult[]> {
  const speech = await detectSpeech({ voiceId: voice.id });
  if (speech.unavailableReason) throw new Error(`${voice.id}: ${speech.unavailableReason}`);
  const tool = (name: string) => tools.get(name)!;
  const results: PageResult[] = [];
  for (const [index, page] of pages.entries()) {
    const textFile = path.join(dir, `page-${index}.txt`);
    const spokenWav = path.join(dir, `page-${index}.wav`);
    await writeFile(textFile, voice.asciiOnly ? toAsciiText(page.text) : page.text);
    // The voice alone, as the pipeline runs it (without `nice`, which only changes priority).
    const synthesis = await measured(() => runProgram(tool(voice.program), voice.args(textFile, spokenWav)));
    const narration = await measured(() => speech.narrate(page.text, splitWords(page.text)));
    const servedMp3 = path.join(dir, `page-${index}.mp3`);
    await writeFile(servedMp3, narration.value.audio);
    const heardWav = path.join(dir, `page-${index}-16k.wav`);
    await runProgram(tool('ffmpeg'), [
      '-v',
      'error',
      '-y',
      '-i',
      servedMp3,
      '-ar',
      '16000',
      '-ac',
      '1',
      heardWav,
    ]);
    const { stdout } = await runProgram(RECOGNISER, ['-infile', heardWav, '-logfn', '/dev/null']);
    const reference = normalisedWords(page.text);
    results.push({
      book: page.book,
      words: reference.length,
      errors: wordErrors(reference, normalisedWords(stdout.toString())),
      audioSeconds: (wavDurationMs(await readFile(spokenWav)) ?? 0) / 1000,
      voiceCpuSeconds: synthesis.cpu,
      voiceWallSeconds: synthesis.wall,
      pipelineCpuSeconds: narration.cpu,
      aligned: narration.value.aligned,
      spokenLufs: (await measureLoudness(tool('ffmpeg'), spokenWav))?.integratedLufs ?? null,
      servedLufs: (await measureLoudness(tool('ffmpeg'), servedMp3))?.integratedLufs ?? null,
    });
  }
  return results;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const fixed = (value: number, digits = 2) => value.toFixed(digits);
function spread(values: (number | null)[]): string {
  const known = values.filter((value): value is number => value !== null);
  if (known.length === 0) return '–';
  const [low, high] = [Math.min(...known), Math.max(...known)];
  return `${fixed(low, 1)} to ${fixed(high, 1)} (${fixed(high - low, 1)} LU)`;
}

/** The library's word count, for what narrating all of it costs on a first start. */
function libraryWords(): { pages: number; words: number } {
  const pages = readLibrary().flatMap((entry) => entry.passage?.pages ?? []);
  return { pages: pages.length, words: sum(pages.map((page) => splitWords(page.text).length)) };
}

function report(
  measuredVoices: { voice: Voice; pages: PageResult[] }[],
  loadBefore: string,
  library: { pages: number; words: number },
): string {
  const lines = [
    '# Narration voices benchmark',
    '',
    `Generated by \`npm run bench:voices\` (apps/server/bench/narration-voices.bench.ts) on ` +
      `${new Date().toISOString().slice(0, 10)}, ${machineName()}. Load average (1/5/15 min) before: ${loadBefore}, ` +
      `after: ${loadAverage()}.`,
    '',
    `The first page of ${measuredVoices[0]?.pages.length ?? 0} books (${measuredVoices[0]?.pages.map((page) => page.book).join(', ')}). Word error rate: ` +
      'pocketsphinx_continuous (default US English model and language model) on the narration as served (MP3 ' +
      'decoded to 16 kHz), word-level edit distance ÷ the pages’ words, lower case, punctuation dropped; lower ' +
      'is easier to follow. "× real time": seconds of audio per wall second of the voice alone (a loaded machine ' +
      'lowers it; the CPU figures are steadier). CPU per audio ' +
      'second: the voice alone, and the whole narration of a page (voice, loudness, MP3, alignment). The library ' +
      `estimate: its ${library.pages} pages (${library.words} words) at each voice’s seconds per word and whole-` +
      'narration CPU, the background work of a first start (or of a voice change). The server picks the first ' +
      'voice installed in this order (R28).',
    '',
    '| voice | word error rate | × real time | CPU s per audio s (voice) | CPU s per audio s (narration) | aligned pages | library: audio | library: CPU |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const { voice, pages } of measuredVoices) {
    const audio = sum(pages.map((page) => page.audioSeconds));
    const secondsPerWord = audio / sum(pages.map((page) => page.words));
    const pipelinePerSecond = sum(pages.map((page) => page.pipelineCpuSeconds)) / audio;
    const libraryAudio = library.words * secondsPerWord;
    lines.push(
      `| ${voice.label} (\`${voice.id}\`) | **${fixed(sum(pages.map((page) => page.errors)) / sum(pages.map((page) => page.words)))}** | ` +
        `${fixed(audio / sum(pages.map((page) => page.voiceWallSeconds)), 0)}× | ` +
        `${fixed(sum(pages.map((page) => page.voiceCpuSeconds)) / audio, 3)} | ${fixed(pipelinePerSecond, 3)} | ` +
        `${pages.filter((page) => page.aligned).length}/${pages.length} | ${fixed(libraryAudio / 60, 0)} min | ` +
        `${fixed((libraryAudio * pipelinePerSecond) / 60, 1)} min |`,
    );
  }
  lines.push(
    '',
    '## Loudness',
    '',
    `Integrated loudness (EBU R128, LUFS) of each page: as the voice speaks it, and as served after the one ` +
      `loudness (R29: ${LOUDNESS.targetLufs} LUFS, peaks limited at ${LOUDNESS.peakLimitDb} dBFS).`,
    '',
    '| voice | as spoken: lowest to highest (spread) | as served |',
    '| --- | --- | --- |',
    ...measuredVoices.map(
      ({ voice, pages }) =>
        `| ${voice.label} | ${spread(pages.map((page) => page.spokenLufs))} | ${spread(pages.map((page) => page.servedLufs))} |`,
    ),
    `| every voice together | ${spread(measuredVoices.flatMap(({ pages }) => pages.map((page) => page.spokenLufs)))} | ` +
      `${spread(measuredVoices.flatMap(({ pages }) => pages.map((page) => page.servedLufs)))} |`,
    '',
    '## Each page',
    '',
    '| voice | book | words | word errors | audio (s) | aligned | LUFS spoken → served |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...measuredVoices.flatMap(({ voice, pages }) =>
      pages.map(
        (page) =>
          `| ${voice.id} | ${page.book} | ${page.words} | ${page.errors} | ${fixed(page.audioSeconds, 1)} | ` +
          `${page.aligned ? 'yes' : '**estimated**'} | ${fixed(page.spokenLufs ?? NaN, 1)} → ${fixed(page.servedLufs ?? NaN, 1)} |`,
      ),
    ),
  );
  return lines.join('\n');
}

async function main() {
  const limitAt = process.argv.indexOf('--pages');
  const limit = limitAt > 0 ? Number(process.argv[limitAt + 1]) : BOOKS.length;
  const loadBefore = loadAverage();
  const speechMachine = await findSpeechMachine();
  const recogniser = await runProgram(RECOGNISER, ['-h']).then(
    () => true,
    (error: unknown) => !(error instanceof ProgramError && error.missing),
  );
  const needed = [
    ...(speechMachine.binaries.has('ffmpeg') ? [] : ['ffmpeg']),
    ...(recogniser ? [] : [RECOGNISER]),
  ];
  const voices = installedVoices(speechMachine.installed);
  if (needed.length || voices.length === 0) {
    console.log(`narration voices bench skipped: needs ${[...needed, 'a voice'].join(', ')} (see README)`);
    return;
  }
  const pages = benchPages(limit);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'readalong-voices-bench-'));
  try {
    const measuredVoices = [];
    for (const voice of voices) {
      console.log(`narration voices bench: ${voice.id}…`);
      measuredVoices.push({ voice, pages: await measureVoice(voice, pages, speechMachine.binaries, dir) });
    }
    await writeResults(RESULTS, report(measuredVoices, loadBefore, libraryWords()));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
