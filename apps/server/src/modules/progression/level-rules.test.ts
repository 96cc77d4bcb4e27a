import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AlertType, SERIES, SERIES_PROGRESSION } from '@readalong/contracts';
import {
  MEDAL_ALERTS,
  bandsOf,
  decideLevel,
  levelAbove,
  levelUpCoins,
  medalFor,
  placementBand,
  quizCoins,
  type BandResult,
  type Level,
} from './level-rules.js';

const pass = (scorePercent = 85): BandResult => ({ isPassed: true, scorePercent });
const fail = (scorePercent = 40): BandResult => ({ isPassed: false, scorePercent });

describe('decideLevel', () => {
  it('moves up after five passed books, with the medal of their average', () => {
    const level = { seriesId: 6, colourBandId: 4 };
    expect(decideLevel(level, [pass(), pass(), pass(), pass()])).toEqual({ kind: 'stay' });
    expect(decideLevel(level, [pass(100), pass(100), fail(), pass(95), pass(95), pass(90)])).toEqual({
      kind: 'up',
      to: { seriesId: 6, colourBandId: 5 },
      medal: 'gold',
      averagePercent: 96,
    });
  });

  it('counts to the school’s own number of books, averaging only the books counted', () => {
    const level = { seriesId: 1, colourBandId: 9 };
    expect(decideLevel(level, [pass(80), pass(100), pass(90), pass(95)], 3)).toEqual({
      kind: 'up',
      to: { seriesId: 1, colourBandId: 10 },
      medal: 'gold',
      averagePercent: 95,
    });
    expect(decideLevel(level, [pass(), pass(), pass(), pass(), pass()], 6)).toEqual({ kind: 'stay' });
  });

  it('decides on the latest result: nothing yet, or a top band passed, stays', () => {
    expect(decideLevel({ seriesId: 6, colourBandId: 5 }, [])).toEqual({ kind: 'stay' });
    expect(decideLevel({ seriesId: 6, colourBandId: 5 }, [fail(), pass(), fail(), fail(), fail()])).toEqual({
      kind: 'down',
      to: { seriesId: 6, colourBandId: 4 },
    });
    // E 20 is the last band of the last series: five passes leave the student there.
    expect(decideLevel({ seriesId: 5, colourBandId: 20 }, [pass(), pass(), pass(), pass(), pass()])).toEqual({
      kind: 'stay',
    });
    expect(() => bandsOf(9)).toThrow('unknown series 9');
  });

  it('moves down after three consecutive fails, never below the series’ first band', () => {
    expect(decideLevel({ seriesId: 6, colourBandId: 5 }, [pass(), fail(), fail(), fail()])).toEqual({
      kind: 'down',
      to: { seriesId: 6, colourBandId: 4 },
    });
    expect(decideLevel({ seriesId: 6, colourBandId: 5 }, [fail(), fail(), pass(), fail()])).toEqual({
      kind: 'stay',
    });
    expect(decideLevel({ seriesId: 6, colourBandId: 3 }, [fail(), fail(), fail()])).toEqual({ kind: 'stay' });
  });

  it('past the last band of a series goes on to the next series, never to an easier band', () => {
    expect(levelAbove({ seriesId: 6, colourBandId: 7 })).toEqual({ seriesId: 1, colourBandId: 8 });
    expect(levelAbove({ seriesId: 1, colourBandId: 10 })).toEqual({ seriesId: 2, colourBandId: 11 });
    expect(levelAbove({ seriesId: 5, colourBandId: 20 })).toBeNull();
  });

  const levels: fc.Arbitrary<Level> = fc
    .constantFrom(...SERIES)
    .chain((series) =>
      fc
        .integer({ min: series.defaultBands[0], max: series.defaultBands[1] })
        .map((colourBandId) => ({ seriesId: series.id, colourBandId })),
    );
  const results = fc.array(
    fc.integer({ min: 0, max: 100 }).map((scorePercent) => ({ isPassed: scorePercent >= 80, scorePercent })),
    { maxLength: 40 },
  );
  const rank = (level: Level) => SERIES_PROGRESSION.indexOf(level.seriesId as 1) * 100 + level.colourBandId;

  it('property: random results never skip a band and never fall below the series’ first band', () => {
    fc.assert(
      fc.property(levels, results, (start, sequence) => {
        let level = start;
        let inBand: BandResult[] = [];
        for (const result of sequence) {
          inBand.push(result);
          const decision = decideLevel(level, inBand);
          if (decision.kind === 'stay') continue;
          const { first, last } = bandsOf(decision.to.seriesId);
          expect(decision.to.colourBandId).toBeGreaterThanOrEqual(first);
          expect(decision.to.colourBandId).toBeLessThanOrEqual(last);
          if (decision.kind === 'up') {
            expect(rank(decision.to)).toBeGreaterThan(rank(level));
            expect(decision.to.colourBandId - level.colourBandId).toBeLessThanOrEqual(1);
          } else {
            expect(decision.to).toEqual({ seriesId: level.seriesId, colourBandId: level.colourBandId - 1 });
          }
          level = decision.to;
          inBand = [];
        }
      }),
    );
  });
});

describe('medals, placement and coins', () => {
  it('gold at 95 %, silver at 90 %, bronze below', () => {
    expect([medalFor(95), medalFor(94.9), medalFor(90), medalFor(80)]).toEqual([
      'gold',
      'silver',
      'silver',
      'bronze',
    ]);
  });

  it('placement spreads the score over the series’ bands', () => {
    expect(placementBand(6, 0)).toEqual({ seriesId: 6, colourBandId: 3 });
    expect(placementBand(6, 39)).toEqual({ seriesId: 6, colourBandId: 4 });
    expect(placementBand(6, 100)).toEqual({ seriesId: 6, colourBandId: 7 });
    fc.assert(
      fc.property(fc.constantFrom(...SERIES), fc.integer({ min: 0, max: 100 }), (series, score) => {
        const { colourBandId } = placementBand(series.id, score);
        expect(colourBandId).toBeGreaterThanOrEqual(series.defaultBands[0]);
        expect(colourBandId).toBeLessThanOrEqual(series.defaultBands[1]);
      }),
    );
  });

  it('a level-up pays 50 coins with gold, 25 otherwise, and raises its medal’s alert', () => {
    expect([levelUpCoins('gold'), levelUpCoins('silver'), levelUpCoins('bronze')]).toEqual([50, 25, 25]);
    expect(MEDAL_ALERTS).toEqual({
      gold: AlertType.LevelUpGold,
      silver: AlertType.LevelUpSilver,
      bronze: AlertType.LevelUpBronze,
    });
  });

  it('pays 10 coins for a pass, 15 for a perfect quiz, none for a fail', () => {
    expect([quizCoins(79), quizCoins(80), quizCoins(100)]).toEqual([0, 10, 15]);
  });
});
