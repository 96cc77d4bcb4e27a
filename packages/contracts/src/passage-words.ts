/**
 * The words of a passage as a reader reads them: runs of letters or digits, joined by inner apostrophes and
 * hyphens (don't, ice-cream and 9-year-old are one word each); punctuation and a lone dash are not words.
 * A reading mistake's `word_index` counts these words over all pages in order, and a passage's `word_count` is
 * their number, so the server's checks, the library's measure and the marks on screen agree.
 */
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

export interface PassageWord {
  /** 0-based over the whole passage. */
  index: number;
  /** 0-based index of the page it is on. */
  page: number;
  /** Where it starts and ends in its page's text. */
  start: number;
  end: number;
  text: string;
}

/** The words of one text, in order. */
export const wordsOf = (text: string): string[] => text.match(WORD) ?? [];

/** Every word of the passage's pages, numbered as `word_index` numbers them. */
export function passageWords(pages: readonly { text: string }[]): PassageWord[] {
  const words: PassageWord[] = [];
  pages.forEach((page, pageIndex) => {
    for (const match of page.text.matchAll(WORD)) {
      words.push({
        index: words.length,
        page: pageIndex,
        start: match.index,
        end: match.index + match[0].length,
        text: match[0],
      });
    }
  });
  return words;
}
