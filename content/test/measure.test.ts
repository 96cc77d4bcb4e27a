import { describe, expect, it } from 'vitest';
import {
  BAND_TARGETS,
  MEASURE_WEIGHTS,
  baseWords,
  isKnownWord,
  lexileOf,
  measureText,
  splitSentences,
  splitWords,
  wordRarity,
} from '../src/measure.js';

describe('the formula (rule K1)', () => {
  it('is 350 · ln(mean sentence length) + 705 · mean word rarity − 735', () => {
    expect(MEASURE_WEIGHTS).toEqual({ sentenceLength: 350, rarity: 705, constant: -735 });
    expect(lexileOf(10, 1)).toBe(Math.round(350 * Math.log(10) + 705 - 735));
  });

  it('rises with sentence length and with word rarity, everywhere', () => {
    for (let length = 3; length <= 30; length += 1) {
      for (let rarity = 0.3; rarity <= 1.6; rarity += 0.1) {
        expect(lexileOf(length + 1, rarity)).toBeGreaterThan(lexileOf(length, rarity));
        expect(lexileOf(length, rarity + 0.1)).toBeGreaterThan(lexileOf(length, rarity));
      }
    }
  });

  it('puts its fitting points in their bands: about 5–6 words at band 3, 20 words at band 20', () => {
    for (const target of BAND_TARGETS) {
      expect(
        Math.abs(lexileOf(target.meanSentenceLength, target.meanWordRarity) - target.lexile),
      ).toBeLessThan(10);
    }
    expect(BAND_TARGETS[0]).toMatchObject({ band: 3, meanSentenceLength: 5.5 });
    expect(BAND_TARGETS.at(-1)).toMatchObject({ band: 20, meanSentenceLength: 20 });
  });
});

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

  it('places known simple and complex texts where they belong', () => {
    // A first reader: short sentences of everyday words (band 3, 190–240L, or below).
    const firstReader = measureText(
      'Sam has a cat. The cat is big. Sam and the cat play. They run and jump.',
    );
    expect(firstReader.lexile).toBeLessThan(240);
    // A middle-grade story: about 11 words a sentence, plain words (bands 9–12, 490–690L).
    const story = measureText(
      'Maya wanted to win the science fair more than anything. She spent every afternoon in the garage, ' +
        'testing different kinds of soil. Her little brother kept asking questions, and sometimes he knocked ' +
        'over her plant pots. One day she found that the beans in the sandy soil were growing faster. She was ' +
        'so excited that she forgot to be annoyed with him.',
    );
    expect(story.lexile).toBeGreaterThan(490);
    expect(story.lexile).toBeLessThan(690);
    // Information text for older readers: about 20 words a sentence, rich vocabulary (band 20, 1100L, or above).
    const science = measureText(
      'Deep beneath the forest floor, an intricate web of fungal threads connects the roots of neighbouring ' +
        'trees. The fungi cannot manufacture their own sugars, so they depend on the trees for nourishment. ' +
        'In exchange, the delicate threads absorb water and essential minerals from the surrounding soil, ' +
        'delivering them directly to the roots. Researchers have detected chemical signals travelling through ' +
        'the network when insects attack a tree, which suggests that neighbouring trees may receive a warning.',
    );
    expect(science.meanSentenceLength).toBeGreaterThan(17);
    expect(science.meanSentenceLength).toBeLessThan(23);
    expect(science.lexile).toBeGreaterThan(1100);
    expect(firstReader.lexile).toBeLessThan(story.lexile);
  });

  it('reaches the top band with natural sentences, not only very long ones', () => {
    const hard =
      'Meteorologists analyse atmospheric pressure, humidity and temperature gradients to forecast how ' +
      'turbulent weather systems will evolve. Unpredictable interactions between oceanic currents and ' +
      'prevailing winds frequently complicate their calculations.';
    const measure = measureText(hard);
    expect(measure.meanSentenceLength).toBeLessThan(15);
    expect(measure.lexile).toBeGreaterThan(1100);
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
});

describe('wordRarity', () => {
  it('grows as words get rarer, from 0 (the commonest) to 5 (not listed)', () => {
    const ladder = ['the', 'house', 'river', 'harvest', 'glacier', 'archipelago', 'zzxqvk'];
    const rarities = ladder.map((word) => wordRarity(word));
    expect(rarities[0]).toBe(0);
    for (let n = 1; n < ladder.length; n += 1) expect(rarities[n]).toBeGreaterThan(rarities[n - 1]!);
    expect(rarities.at(-1)).toBe(5);
  });

  it('reads British spellings as their commoner American form', () => {
    for (const [british, american] of [
      ['colour', 'color'],
      ['grey', 'gray'],
      ['centre', 'center'],
      ['organise', 'organize'],
      ['travelled', 'traveled'],
      ['harbour', 'harbor'],
      ['favourite', 'favorite'],
      ['Mum', 'mom'],
    ]) {
      expect(wordRarity(british!), british).toBe(wordRarity(american!));
    }
    // …but never makes a word rarer than it is: "four" is not read as "for".
    expect(wordRarity('four')).toBeLessThan(1);
  });

  it('scores a contraction by its base words, a possessive by its owner, a compound by its hardest part', () => {
    expect(baseWords("don't")).toEqual(['do', 'not']);
    expect(baseWords('won’t')).toEqual(['will', 'not']);
    expect(baseWords("they're")).toEqual(['they', 'are']);
    expect(baseWords("Sam's")).toEqual(['sam']);
    expect(baseWords('sun-baked')).toEqual(['sun', 'baked']);
    expect(wordRarity("don't")).toBe(Math.max(wordRarity('do'), wordRarity('not')));
    expect(wordRarity("couldn't")).toBeLessThan(1);
    expect(wordRarity("dog's")).toBe(wordRarity('dog'));
    expect(wordRarity('sun-baked')).toBe(Math.max(wordRarity('sun'), wordRarity('baked')));
    expect(wordRarity('ice-cream')).toBeLessThan(wordRarity('zzxqvk'));
  });

  it('counts sight words, numbers and names as easy', () => {
    expect(wordRarity('squirrel')).toBeLessThanOrEqual(1);
    expect(wordRarity('1875')).toBe(1);
    expect(wordRarity('Timbuktu')).toBe(5);
    expect(wordRarity('Timbuktu', true)).toBe(1);
    // Inside a text, a capitalised word met mid-sentence is a name, also where it starts a sentence.
    const named = measureText('Zanele ran home. Then Zanele sat down.');
    const unnamed = measureText('Zanele ran home. Then she sat down.');
    expect(named.meanWordRarity).toBeLessThan(unnamed.meanWordRarity);
  });
});

describe('isKnownWord', () => {
  it('knows English words, in any case, and not made-up ones', () => {
    expect(isKnownWord('Elephant')).toBe(true);
    expect(isKnownWord('well-known')).toBe(true);
    expect(isKnownWord('dog’s')).toBe(true);
    expect(isKnownWord('zzxqvk')).toBe(false);
  });
});
