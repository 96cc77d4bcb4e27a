/**
 * The automatic trim on real speech (espeak-ng reading a passage) mixed with classroom-like noise and a record
 * button's click, decoded by the real ffmpeg from every accepted upload format. `npm test` leaves this file out so it
 * runs on any machine; CI installs espeak-ng and ffmpeg and runs it with WITH_SPEECH=1 (.ci/run).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseAudio, findSpeechBounds, suggestTrim, type SpeechBounds } from './speech-bounds.js';
import { espeakSpeech, makeRecording, type Recording } from './speech-bounds.fixtures.js';
import { runProgram } from './run-program.js';
import { encodeWav } from './wav.js';

const NEEDS = 'the automatic trim tests need espeak-ng and ffmpeg (CI installs them: see .ci/run)';
/** The acceptance check is 500 ms; the detector pads by 100 ms, and these ask for 150. */
const TOLERANCE_MS = 150;

let dir: string;
let recording: Recording | null = null;
let wav: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'readalong-trim-'));
  const speech = await espeakSpeech();
  if (!speech) return;
  // The passage 1.2 s in, 2 s of room after it, pink noise at 10 dB SNR and a 20 ms click at 0.3 s.
  recording = makeRecording({
    sampleRate: speech.sampleRate,
    seconds: 1.2 + speech.pcm.length / speech.sampleRate + 2,
    speechAt: 1.2,
    speech: { pcm: speech.pcm },
    noise: { kind: 'pink', snrDb: 10 },
    click: { at: 0.3, ms: 20 },
  });
  wav = path.join(dir, 'recording.wav');
  await writeFile(wav, encodeWav(recording.pcm, recording.sampleRate));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function expectNear(found: SpeechBounds | null, truth: SpeechBounds) {
  expect(found, 'speech found').not.toBeNull();
  const message = `found ${JSON.stringify(found)}, truth ${JSON.stringify(truth)}`;
  expect(Math.abs(found!.startMs - truth.startMs), message).toBeLessThanOrEqual(TOLERANCE_MS);
  expect(Math.abs(found!.endMs - truth.endMs), message).toBeLessThanOrEqual(TOLERANCE_MS);
}

describe('automatic trim of real speech', () => {
  it('finds espeak-ng and ffmpeg on this machine', async () => {
    expect(recording, NEEDS).not.toBeNull();
    await expect(runProgram('ffmpeg', ['-version']), NEEDS).resolves.toBeTruthy();
  });

  it('finds the spoken passage in noise, past the click, at the recording’s own sample rate', () => {
    const { pcm, sampleRate, truth } = recording!;
    expect(truth.startMs).toBeGreaterThanOrEqual(1200);
    expectNear(findSpeechBounds(pcm, sampleRate), truth);
  });

  // What each browser's MediaRecorder (or a phone's recorder) uploads.
  it.each([
    ['WebM/Opus', 'webm', ['-c:a', 'libopus', '-b:a', '32k']],
    ['Ogg/Opus', 'ogg', ['-c:a', 'libopus', '-b:a', '32k']],
    ['MP4/AAC', 'm4a', ['-c:a', 'aac', '-b:a', '64k']],
    ['MPEG', 'mp3', ['-c:a', 'libmp3lame', '-b:a', '64k']],
    ['WAV', 'wav', []],
  ])('decodes %s to 16 kHz mono and suggests the trim', async (_format, extension, codec) => {
    let file = wav;
    if (extension !== 'wav') {
      file = path.join(dir, `recording.${extension}`);
      await runProgram('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-i', wav, ...codec, file]);
    }
    const { lengthMs, bounds } = await analyseAudio(file);
    const seconds = recording!.pcm.length / recording!.sampleRate;
    expect(Math.abs(lengthMs / 1000 - seconds)).toBeLessThan(0.1);
    expectNear(bounds, recording!.truth);
    expectNear(await suggestTrim(file), recording!.truth);
  });

  it('a file that is not audio: analyseAudio rejects, suggestTrim answers null', async () => {
    const file = path.join(dir, 'notes.webm');
    await writeFile(file, 'these are not the sounds you are looking for');
    await expect(analyseAudio(file)).rejects.toMatchObject({ code: 'decode-failed' });
    expect(await suggestTrim(file)).toBeNull();
  });
});
