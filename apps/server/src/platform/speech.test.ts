import { describe, expect, it } from 'vitest';
import { cutPauses, detectSpeech, estimateTimings, ipaToArpabet, parseCtm, symbolChunks } from './speech.js';
import { wavDurationMs } from './wav.js';

describe('speech helpers', () => {
  it('reads word times from pocketsphinx CTM, by word position, skipping silences', () => {
    const words = ['Sam', 'has', 'a', 'kite'];
    const ctm = [
      'utt 1 0.00 0.05 <sil> 1.000',
      'utt 1 0.05 0.31 w0 1.000',
      'utt 1 0.37 0.18 w1(2) 1.000',
      'utt 1 0.56 0.05 w2 1.000',
      'utt 1 0.61 0.20 <sil> 1.000',
      'utt 1 0.83 0.33 w3 1.000',
    ].join('\n');
    expect(parseCtm(ctm, words)).toEqual([
      { word: 'Sam', startMs: 50, endMs: 360 },
      { word: 'has', startMs: 370, endMs: 550 },
      { word: 'a', startMs: 560, endMs: 610 },
      { word: 'kite', startMs: 830, endMs: 1160 },
    ]);
  });

  it('refuses an alignment that misses, repeats or reorders a word', () => {
    const words = ['a', 'b'];
    expect(parseCtm('', words)).toBeNull();
    expect(parseCtm('u 1 0 0.1 w0 1\n', words)).toBeNull();
    expect(parseCtm('u 1 0 0.1 w1 1\nu 1 0.1 0.1 w0 1\n', words)).toBeNull();
    expect(parseCtm('u 1 0 0.1 w0 1\nu 1 0 0.1 w0 1\nu 1 0.1 0.1 w1 1\n', words)).toBeNull();
  });

  it('spreads an estimate over the audio in order when alignment fails', () => {
    const timings = estimateTimings(['one', 'three', 'a'], 3000);
    expect(timings.map((timing) => timing.word)).toEqual(['one', 'three', 'a']);
    for (const [index, timing] of timings.entries()) {
      expect(timing.endMs).toBeGreaterThan(timing.startMs);
      if (index) expect(timing.startMs).toBeGreaterThanOrEqual(timings[index - 1]!.endMs);
    }
    expect(timings.at(-1)!.endMs).toBeLessThanOrEqual(3000);
  });

  it('turns espeak-ng IPA into the CMU model’s phones', () => {
    expect(ipaToArpabet('zˈoːɹblæks')).toBe('Z AO R B L AE K S');
    expect(ipaToArpabet('twˈɛlv')).toBe('T W EH L V');
    expect(ipaToArpabet('kæfˈeɪ')).toBe('K AE F EY');
    expect(ipaToArpabet('tʃˈɜːtʃ dʒˈʌmp')).toBe('CH ER CH JH AH M P');
  });

  it('cuts pauses out for the aligner and puts word times back on the audio’s timeline, pauses excluded', () => {
    // 16 kHz mono: 300 ms of sound, a 500 ms pause, 200 ms of sound.
    const sound = (ms: number) => Array.from({ length: ms * 16 }, (_, n) => (n % 2 ? 8000 : -8000));
    const samples = [...sound(300), ...Array<number>(500 * 16).fill(0), ...sound(200)];
    const wav = Buffer.alloc(44 + samples.length * 2);
    wav.write('RIFF', 0, 'ascii');
    wav.write('WAVEfmt ', 8, 'ascii');
    wav.writeUInt32LE(16, 16);
    wav.writeUInt32LE(32000, 28);
    wav.write('data', 36, 'ascii');
    wav.writeUInt32LE(samples.length * 2, 40);
    samples.forEach((sample, n) => wav.writeInt16LE(sample, 44 + n * 2));

    const cut = cutPauses(wav);
    expect(wavDurationMs(cut.wav)).toBe(300 + 20 + 200); // 20 ms of the pause stay
    // The aligner gave the kept silence to the second word: it starts where its sound does.
    expect(cut.restore({ word: 'one', startMs: 0, endMs: 300 })).toEqual({
      word: 'one',
      startMs: 0,
      endMs: 300,
    });
    expect(cut.restore({ word: 'two', startMs: 300, endMs: 520 })).toEqual({
      word: 'two',
      startMs: 800,
      endMs: 1000,
    });
    // …or to the first word: it ends where its sound does.
    expect(cut.restore({ word: 'one', startMs: 0, endMs: 320 })).toEqual({
      word: 'one',
      startMs: 0,
      endMs: 300,
    });
  });

  it('finds the symbols espeak-ng reads aloud, in a word or between words', () => {
    const text = 'I ate 3½ pies & 70% of the cake.';
    const words = ['I', 'ate', '3½', 'pies', '70', 'of', 'the', 'cake'];
    const { within, after } = symbolChunks(text, words);
    expect([...within]).toEqual([
      [2, '3½'],
      [4, '70%'],
    ]);
    expect([...after]).toEqual([[3, ['&']]]);
  });

  it('is unavailable, naming what is missing, when the tools are not installed', async () => {
    const speech = await detectSpeech({ path: '/nonexistent', modelDir: '/nonexistent' });
    expect(speech.unavailableReason).toMatch(/espeak-ng, sox, pocketsphinx_batch, lame, pocketsphinx-en-us/);
    await expect(speech.speak('cat')).rejects.toThrow(/unavailable/);
  });
});
