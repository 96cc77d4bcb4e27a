import { describe, expect, it } from 'vitest';
import { tilesUsed } from './form-words-question';

describe('tilesUsed', () => {
  it('finds the tiles a word was built from, even when one tile starts another', () => {
    const tiles = ['o', 'chae', 'gists', 'ol', 'ar'];
    // "archaeol" is ar + chae + ol: taking "o" first would leave an "l" no tile makes.
    expect(tilesUsed(tiles, 'archaeol')).toEqual([4, 1, 3]);
    expect(tilesUsed(tiles, 'archaeologists')).toEqual([4, 1, 3, 0, 2]);
  });

  it('uses each tile once, and finds nothing for a word the tiles cannot make', () => {
    expect(tilesUsed(['n', 'o', 'o', 'm'], 'moon')).toEqual([3, 1, 2, 0]);
    expect(tilesUsed(['a', 'b'], 'abba')).toEqual([]);
    expect(tilesUsed(['a', 'b'], '')).toEqual([]);
  });
});
