import { describe, expect, it } from 'vitest';
import { isKnownWord, measureText, splitSentences, splitWords } from '../src/measure.js';

describe('measureText', () => {
  it('rises with sentence length: the same words in fewer, longer sentences measure higher', () => {
    const short = 'The dog ran. The cat sat. The sun was hot. We had fun. The day was long.';
    const long = 'The dog ran and the cat sat, the sun was hot and we had fun, and the day was long.';
    const a = measureText(short);
    const b = measureText(long);
    expect(b.meanSentenceLength).toBeGreaterThan(a.meanSentenceLength);
    expect(b.lexile).toBeGreaterThan(a.lexile);
  });

  it('rises with rarer words: the same sentences with less common words measure higher', () => {
    const common = 'The big dog ran to the park. It was a good day to play.';
    const rare = 'The enormous hound bolted to the meadow. It was a splendid afternoon to frolic.';
    const a = measureText(common);
    const b = measureText(rare);
    expect(b.meanSentenceLength).toBeCloseTo(a.meanSentenceLength, 5);
    expect(b.meanWordRarity).toBeGreaterThan(a.meanWordRarity);
    expect(b.lexile).toBeGreaterThan(a.lexile);
  });

  it('puts easy and hard texts at opposite ends of the bands (190–1150L)', () => {
    expect(measureText('Sam has a cat. The cat is big. Sam and the cat play.').lexile).toBeLessThan(300);
    const hard =
      'Meteorologists analyse atmospheric pressure, humidity and temperature gradients to forecast how ' +
      'turbulent weather systems will evolve over the following days, although unpredictable interactions ' +
      'between oceanic currents and prevailing winds frequently complicate their calculations.';
    expect(measureText(hard).lexile).toBeGreaterThan(1000);
  });

  it('counts words and sentences as a reader sees them', () => {
    expect(splitSentences('“Run!” said Mum. Sam ran. Did he win? Yes.')).toEqual([
      '“Run!” said Mum.',
      'Sam ran.',
      'Did he win?',
      'Yes.',
    ]);
    expect(splitWords("Pip’s well-known café didn't open at 9.")).toEqual([
      'Pip’s',
      'well-known',
      'café',
      "didn't",
      'open',
      'at',
      '9',
    ]);
    expect(measureText('').words).toBe(0);
  });

  it('knows English words, in any case, and not made-up ones', () => {
    expect(isKnownWord('Elephant')).toBe(true);
    expect(isKnownWord('well-known')).toBe(true);
    expect(isKnownWord('dog’s')).toBe(true);
    expect(isKnownWord('zzxqvk')).toBe(false);
  });
});
