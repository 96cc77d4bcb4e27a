import { describe, expect, it } from 'vitest';
import { lexileTimeline, type LevelMove, type PassedBook } from './lexile-timeline.js';

const day = (n: number) => new Date(Date.UTC(2026, 8, n));
const book = (n: number, lexile: number): PassedBook => ({
  at: day(n),
  passageId: n,
  title: `Book ${n}`,
  lexile,
  seriesId: 1,
  colourBandId: 9,
});
const move = (n: number, colourBandId: number): LevelMove => ({ at: day(n), seriesId: 1, colourBandId });

describe('the estimated Lexile', () => {
  it('rises with harder books passed, and an easier book passed does not lower it', () => {
    const books = [book(2, 500), book(3, 470), book(4, 530)];
    expect(lexileTimeline(books, [move(1, 9)]).map((point) => point.lexile)).toEqual([490, 500, 530]);
  });

  it('a level change resets it to the band’s lower bound, down as well as up', () => {
    const points = lexileTimeline([book(2, 530)], [move(1, 9), move(3, 8), move(4, 10)]);
    expect(points.map((point) => [point.source, point.lexile])).toEqual([
      ['level_change', 490],
      ['book_passed', 530],
      ['level_change', 440],
      ['level_change', 540],
    ]);
  });

  it('a level change says why it moved, and a change by hand the teacher’s reason', () => {
    const points = lexileTimeline(
      [book(2, 530)],
      [
        { ...move(1, 9), rule: 'placement' },
        { ...move(3, 10), rule: 'manual_placement', reason: 'Reads band 10 books with ease' },
        { ...move(4, 11), rule: 'seed' },
      ],
    );
    expect(points.map((point) => [point.rule, point.reason])).toEqual([
      ['placement', null],
      [null, null],
      ['manual_placement', 'Reads band 10 books with ease'],
      [null, null],
    ]);
  });
});
