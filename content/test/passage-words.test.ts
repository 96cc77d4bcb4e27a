import { passageWords } from '@readalong/contracts';
import { describe, expect, it } from 'vitest';
import { passageText } from '../src/check.js';
import { readLibrary } from '../src/library.js';
import { measureText } from '../src/measure.js';

describe('the words a teacher marks', () => {
  it('are the words the library counts, in every passage', () => {
    const mismatches = readLibrary()
      .filter((entry) => entry.passage)
      .map((entry) => ({
        slug: entry.slug,
        marked: passageWords(entry.passage!.pages).length,
        counted: measureText(passageText(entry.passage!)).words,
      }))
      .filter(({ marked, counted }) => marked !== counted);
    expect(mismatches).toEqual([]);
  });

  it('number each word over all pages and keep where it sits on its page', () => {
    const words = passageWords([{ text: '“Don’t go,” said Pip — twice.' }, { text: 'Ice-cream!' }]);
    expect(words.map((word) => word.text)).toEqual(['Don’t', 'go', 'said', 'Pip', 'twice', 'Ice-cream']);
    expect(words[5]).toMatchObject({ index: 5, page: 1, start: 0, end: 9 });
    expect(words[1]).toMatchObject({ page: 0, start: 7, end: 9 });
  });
});
