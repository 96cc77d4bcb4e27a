/**
 * The automatic trim's detector on generated recordings whose speech bounds are known: speech-like sound placed at a
 * known time, clean, under white or pink noise at 10 and 5 dB SNR, and after the click of a record button. The
 * acceptance check is "within half a second of the true bounds"; these ask for 150 ms (the detector pads by 100 ms).
 * Real speech (espeak-ng) and real decoding (ffmpeg) are in speech-bounds.speech.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  DecodeError,
  analyseAudio,
  findSpeechBounds,
  SpeechFrames,
  suggestTrim,
  type SpeechBounds,
} from './speech-bounds.js';
import {
  backgroundTalk,
  makeNoise,
  makeRecording,
  syntheticSpeech,
  withPause,
  type Recording,
  type RecordingOptions,
} from './speech-bounds.fixtures.js';

/** What these tests ask; the product's check is 500 ms. */
const TOLERANCE_MS = 150;
/**
 * With the room talking the edges are less sure: the reading's edges are followed out over softer frames (at most
 * 200 ms before, 300 ms after), which may be the room's, then padded by 100 ms. These ask for the product's check.
 */
const TALK_TOLERANCE_MS = 500;

function expectNear(found: SpeechBounds | null, truth: Recording['truth'], tolerance = TOLERANCE_MS) {
  expect(found, 'speech found').not.toBeNull();
  const message = `found ${JSON.stringify(found)}, truth ${JSON.stringify(truth)}`;
  expect(Math.abs(found!.startMs - truth.startMs), message).toBeLessThanOrEqual(tolerance);
  expect(Math.abs(found!.endMs - truth.endMs), message).toBeLessThanOrEqual(tolerance);
}

const detect = (options: RecordingOptions) => {
  const recording = makeRecording(options);
  return { found: findSpeechBounds(recording.pcm, recording.sampleRate), truth: recording.truth };
};

/** Speech from 1.5 s to 5.5 s of an 8-second file. */
const BASE = { seconds: 8, speechAt: 1.5, speech: { seconds: 4 } } satisfies RecordingOptions;

describe('findSpeechBounds', () => {
  it('finds speech in a clean recording, padded by about 100 ms', () => {
    const { found, truth } = detect(BASE);
    // The truth is where the sound rises above 1 % of its peak: within a few milliseconds of where it was placed.
    expect(Math.abs(truth.startMs - 1500)).toBeLessThan(20);
    expect(Math.abs(truth.endMs - 5500)).toBeLessThan(20);
    expectNear(found, truth);
    // Padded: it starts before the speech and ends after it, never cutting into it.
    expect(found!.startMs).toBeLessThanOrEqual(truth.startMs);
    expect(found!.endMs).toBeGreaterThanOrEqual(truth.endMs);
  });

  it.each([
    ['white', 10],
    ['pink', 10],
    ['white', 5],
    ['pink', 5],
  ] as const)('finds speech under %s noise at %i dB SNR', (kind, snrDb) => {
    const { found, truth } = detect({ ...BASE, noise: { kind, snrDb } });
    expectNear(found, truth);
  });

  it.each([5, 20, 50])('ignores a %i ms click of the record button before the speech', (ms) => {
    const clean = detect({ ...BASE, click: { at: 0.3, ms } });
    expectNear(clean.found, clean.truth);
    const noisy = detect({ ...BASE, click: { at: 0.3, ms }, noise: { kind: 'pink', snrDb: 10 } });
    expectNear(noisy.found, noisy.truth);
  });

  it('ignores a click after the speech too', () => {
    const { found, truth } = detect({
      ...BASE,
      click: { at: 7.2, ms: 20 },
      noise: { kind: 'white', snrDb: 10 },
    });
    expectNear(found, truth);
  });

  it('stays within the tolerance over many different recordings at 10 dB SNR with a click', () => {
    for (let seed = 1; seed <= 12; seed += 1) {
      const speechAt = 0.8 + (seed % 5) * 0.3;
      const { found, truth } = detect({
        seconds: speechAt + 3 + (seed % 4) + 1.5,
        speechAt,
        speech: { seconds: 3 + (seed % 4) },
        noise: { kind: seed % 2 ? 'pink' : 'white', snrDb: 10 },
        click: { at: 0.2, ms: 10 + (seed % 5) * 10 },
        seed,
      });
      expectNear(found, truth);
    }
  });

  it('is not fooled by a recorder that starts with digital silence', () => {
    const { found, truth } = detect({ ...BASE, deadSeconds: 0.4, noise: { kind: 'pink', snrDb: 10 } });
    expectNear(found, truth);
  });

  it('answers the whole file when the speech fills it, and works at any sample rate', () => {
    const { found, truth } = detect({ seconds: 4, speechAt: 0, speech: { seconds: 4 }, sampleRate: 48_000 });
    expect(found!.startMs).toBe(0);
    expect(found!.endMs).toBe(4000);
    expectNear(found, truth);
  });

  it('ignores a constant DC offset', () => {
    const recording = makeRecording({ ...BASE, noise: { kind: 'white', snrDb: 10 } });
    const shifted = recording.pcm.map((sample) => sample * 0.8 + 0.15);
    expectNear(findSpeechBounds(shifted, recording.sampleRate), recording.truth);
  });

  it('answers null when there is no speech: silence, steady noise, a lone click, too short', () => {
    const rate = 16_000;
    expect(findSpeechBounds(new Float32Array(rate * 5), rate)).toBeNull();
    for (const kind of ['white', 'pink'] as const) {
      const noise = makeNoise(kind, rate * 6, 3).map((sample) => sample * 0.05);
      expect(findSpeechBounds(noise, rate), `${kind} noise`).toBeNull();
    }
    const clickInNoise = makeNoise('pink', rate * 6, 4).map((sample) => sample * 0.03);
    clickInNoise.set(
      Float32Array.from({ length: 80 }, (_, index) => (index % 2 ? -1 : 1) * Math.exp(-index / 20)),
      rate,
    );
    expect(findSpeechBounds(clickInNoise, rate), 'a click in noise').toBeNull();
    expect(findSpeechBounds(new Float32Array(100), rate), 'shorter than a frame').toBeNull();
    expect(findSpeechBounds(new Float32Array(0), rate)).toBeNull();
    expect(findSpeechBounds(new Float32Array(1000), 0)).toBeNull();
  });
});

describe('findSpeechBounds with other children talking in the room (issue 16)', () => {
  const rate = 16_000;
  /** The room's voices: synthetic speech of other seeds, two talking at once over the whole file. */
  const voices = [11, 12, 13, 14, 15].map((seed) => syntheticSpeech(2 + (seed % 3), rate, seed));
  const reading = syntheticSpeech(6, rate, 1);
  const withRoom = (snrDb: number, seed: number, speech = reading, speechAt = 1.5) => {
    const seconds = speechAt + speech.length / rate + 2;
    return makeRecording({
      seconds,
      speechAt,
      speech: { pcm: speech },
      talk: { pcm: backgroundTalk(voices, seconds, rate, seed), snrDb },
      seed,
    });
  };
  const found = (recording: Recording) => findSpeechBounds(recording.pcm, rate);

  it.each([10, 13, 15, 20])('finds the reader, not the room, with the room %i dB under', (snrDb) => {
    for (let seed = 1; seed <= 4; seed += 1) {
      const recording = withRoom(snrDb, seed);
      // The room talks from the first sample: an energy detector alone would start at 0.
      expectNear(found(recording), recording.truth, TALK_TOLERANCE_MS);
    }
  });

  it('keeps a reader who pauses 3 s mid-passage whole', () => {
    const recording = withRoom(13, 2, withPause(reading, 3, rate));
    expect(recording.truth.endMs - recording.truth.startMs).toBeGreaterThan(8500);
    expectNear(found(recording), recording.truth, TALK_TOLERANCE_MS);
  });

  it('finds a reader who starts at once', () => {
    const recording = withRoom(13, 3, reading, 0);
    expect(found(recording)!.startMs).toBe(0);
    expectNear(found(recording), recording.truth, TALK_TOLERANCE_MS);
  });

  it('answers null when only the room talks, nobody near the microphone', () => {
    for (const snrDb of [10, 15, 20]) {
      const room = backgroundTalk(voices, 10, rate, snrDb).map(
        (sample) => (sample * 0.1) / 10 ** (snrDb / 20),
      );
      expect(findSpeechBounds(room, rate), `the room ${snrDb} dB under a reader at -20 dBFS`).toBeNull();
    }
  });

  it('gives the same bounds whether the samples come at once or a chunk at a time', () => {
    const recording = withRoom(15, 1);
    const frames = new SpeechFrames(rate);
    for (let at = 0; at < recording.pcm.length; at += 4097)
      frames.push(recording.pcm.subarray(at, at + 4097));
    expect(frames.sampleCount).toBe(recording.pcm.length);
    expect(frames.bounds()).toEqual(found(recording));
    const whole16 = Int16Array.from(recording.pcm, (sample) => Math.round(sample * 32767));
    const sixteen = new SpeechFrames(rate);
    sixteen.push(whole16, 1 / 32768);
    expectNear(sixteen.bounds(), recording.truth, TALK_TOLERANCE_MS);
  });
});

describe('analyseAudio and suggestTrim without ffmpeg', () => {
  it('analyseAudio rejects with a clear error naming the package', async () => {
    const decoding = analyseAudio('/tmp/recording.webm', { ffmpeg: '/nonexistent/ffmpeg' });
    await expect(decoding).rejects.toBeInstanceOf(DecodeError);
    await expect(decoding).rejects.toMatchObject({
      code: 'ffmpeg-missing',
      message: expect.stringMatching(/ffmpeg is not installed \(apt-get install ffmpeg\)/),
    });
  });

  it('suggestTrim answers null (no suggestion) and says why', async () => {
    const errors: unknown[] = [];
    const found = await suggestTrim('/tmp/recording.webm', {
      ffmpeg: '/nonexistent/ffmpeg',
      onError: (error) => errors.push(error),
    });
    expect(found).toBeNull();
    expect(errors).toHaveLength(1);
    expect((errors[0] as DecodeError).code).toBe('ffmpeg-missing');
  });
});
