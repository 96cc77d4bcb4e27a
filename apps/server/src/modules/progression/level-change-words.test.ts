import { describe, expect, it } from 'vitest';
import { levelChangeInWords } from './level-change-words.js';

describe('a level change in words (IN6)', () => {
  it('says the medal, the average and the scores of a level up, rounded', () => {
    expect(
      levelChangeInWords('level_up', {
        medal: 'silver',
        scores: [92.86, 86.93, 100],
        average_percent: 91.454,
        worksheet_id: 6,
      }),
    ).toBe('Silver medal: average 91 % over the last 3 quizzes (93 %, 87 %, 100 %)');
  });

  it('says the low scores of a level down, the placement score and whether the band starts again', () => {
    expect(levelChangeInWords('level_down', { scores: [30, 50, 70] })).toBe(
      'The last 3 quiz scores were low (30 %, 50 %, 70 %)',
    );
    expect(levelChangeInWords('placement', { score_percent: 66.7, has_reset_colour: true })).toBe(
      'Placement test: 67 %; the colour band starts again',
    );
  });

  it('quotes the reason staff gave for a level set by hand, and says so when none was given', () => {
    expect(
      levelChangeInWords('manual_placement', { reason: 'Reads well above band', has_reset_colour: false }),
    ).toBe('“Reads well above band”');
    expect(levelChangeInWords('manual_placement', { has_reset_colour: false })).toBe('Set by hand');
    expect(levelChangeInWords('reset', { starting_point: 1 })).toBe(
      'Placement reset: the student takes the placement test again',
    );
  });
});
