/** The library's passages as files (content/library), so journeys can find books and know their answers. */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type LibraryQuestion =
  | { type: 'mcq' | 'discard_option'; prompt: string; options: string[]; answer: number }
  | { type: 'short_answer'; prompt: string; accepted: string[] }
  | { type: 'open_ended'; prompt: string; guidance: string }
  | { type: 'sequencing'; prompt: string; items: string[] }
  | { type: 'form_words'; prompt: string; words: { tiles: string[]; answer: string }[] }
  | { type: 'word_from_sentence'; prompt: string; sentence: string; answer: string }
  | {
      type: 'categorising';
      prompt: string;
      categories: string[];
      items: { text: string; category: number }[];
    };

export interface LibraryPassage {
  slug: string;
  title: string;
  series: string;
  colour_band: number;
  pages: { text: string }[];
  questions: LibraryQuestion[];
}

const root = fileURLToPath(new URL('../../content/library/', import.meta.url));

function passagesOf(kind: 'power-builders' | 'placement-tests'): LibraryPassage[] {
  return readdirSync(`${root}${kind}`).map((slug) => ({
    slug,
    ...(JSON.parse(readFileSync(`${root}${kind}/${slug}/passage.json`, 'utf8')) as Omit<
      LibraryPassage,
      'slug'
    >),
  }));
}

/** The power builders of one colour band, any series. */
export const booksOfBand = (band: number) =>
  passagesOf('power-builders').filter((book) => book.colour_band === band);

/** A series' placement test. */
export const placementTestOf = (series: string) =>
  passagesOf('placement-tests').find((test) => test.series === series)!;
