import { describe, expect, it } from 'vitest';
import {
  cssColour,
  layoutCategoryLabels,
  linearScale,
  niceAxis,
  niceStep,
  shorten,
  shownLabels,
  textWidth,
  ticksWithin,
  wrapText,
} from './scale';

describe('niceStep', () => {
  it('counts in 1, 2, 2.5 or 5 times a power of ten, the smallest that cuts the span into the parts asked', () => {
    expect(niceStep(100, 4)).toBe(25);
    expect(niceStep(47, 5)).toBe(10);
    expect(niceStep(230, 5)).toBe(50);
    expect(niceStep(0.8, 4)).toBeCloseTo(0.2);
  });

  it('steps in whole numbers for counts, never by 2.5 or less than 1', () => {
    expect(niceStep(4, 5, true)).toBe(1);
    expect(niceStep(7, 5, true)).toBe(2);
    expect(niceStep(12, 5, true)).toBe(5);
    expect(niceStep(1, 10, true)).toBe(1);
    // 25 is whole: fine for counts in the hundreds.
    expect(niceStep(100, 4, true)).toBe(25);
  });
});

describe('niceAxis', () => {
  it('ends on the round tick at or past the highest value, so the tallest bar ends on a gridline', () => {
    expect(niceAxis(0, 47)).toEqual({ domain: [0, 50], ticks: [0, 10, 20, 30, 40, 50] });
    expect(niceAxis(0, 50)).toEqual({ domain: [0, 50], ticks: [0, 10, 20, 30, 40, 50] });
  });

  it('marks counts in whole numbers only', () => {
    expect(niceAxis(0, 4, { integer: true })).toEqual({ domain: [0, 4], ticks: [0, 1, 2, 3, 4] });
    expect(niceAxis(0, 3, { integer: true }).ticks.every(Number.isInteger)).toBe(true);
  });

  it('still draws an axis for all zeros or a flat series, with room above', () => {
    expect(niceAxis(0, 0, { integer: true })).toEqual({ domain: [0, 4], ticks: [0, 1, 2, 3, 4] });
    expect(niceAxis(0, 0).domain).toEqual([0, 1]);
    expect(niceAxis(80, 80).domain).toEqual([0, 80]);
  });

  it('prints decimal ticks without floating-point noise', () => {
    expect(niceAxis(0, 0.3).ticks).toEqual([0, 0.1, 0.2, 0.3]);
  });
});

describe('ticksWithin', () => {
  it('puts round ticks inside a set range whose ends are not round', () => {
    expect(ticksWithin([390, 622])).toEqual([400, 450, 500, 550, 600]);
    expect(ticksWithin([0, 100], { count: 4 })).toEqual([0, 25, 50, 75, 100]);
  });
});

describe('linearScale', () => {
  it('maps the domain onto the range, upside down for y', () => {
    const y = linearScale([0, 100], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(25)).toBe(150);
    expect(y(100)).toBe(0);
  });
});

describe('wrapText', () => {
  it('breaks between words, every line within the room', () => {
    const lines = wrapText('Say what a passage is mostly about', 100, 12);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe('Say what a passage is mostly about');
    for (const line of lines) expect(textWidth(line, 12)).toBeLessThanOrEqual(100);
  });

  it('cuts a word too long for any line', () => {
    const lines = wrapText('Supercalifragilistic', 40, 12);
    expect(lines.join('')).toBe('Supercalifragilistic');
    for (const line of lines) expect(textWidth(line, 12)).toBeLessThanOrEqual(40);
  });
});

describe('shownLabels', () => {
  it('shows every label that fits', () => {
    expect(shownLabels(5, 60, 40)).toEqual([0, 1, 2, 3, 4]);
  });

  it('shows every n-th of labels too wide for their slot, always the first and the last, none crowding the last', () => {
    const shown = shownLabels(28, 10, 40);
    expect(shown[0]).toBe(0);
    expect(shown.at(-1)).toBe(27);
    for (let index = 1; index < shown.length; index++)
      expect(shown[index]! - shown[index - 1]!).toBeGreaterThanOrEqual(4);
  });
});

describe('layoutCategoryLabels', () => {
  const text = { fontSize: 12, lineHeight: 15 };

  it('keeps short labels on one line', () => {
    expect(layoutCategoryLabels(['0–19', '20–39'], 80, text)).toEqual({
      lines: [['0–19'], ['20–39']],
      turned: false,
      depth: 15,
    });
  });

  it('wraps names onto two lines rather than leave any out', () => {
    expect(layoutCategoryLabels(['Moved up', 'Moved down'], 60, text)).toEqual({
      lines: [
        ['Moved', 'up'],
        ['Moved', 'down'],
      ],
      turned: false,
      depth: 30,
    });
  });

  it('turns names on their side where even wrapped they do not fit, cutting a long one short', () => {
    const levels = ['A gold', 'BR orange', 'Placed by the placement test at the start of the year'];
    const layout = layoutCategoryLabels(levels, 20, text);
    expect(layout.turned).toBe(true);
    expect(layout.lines.slice(0, 2)).toEqual([['A gold'], ['BR orange']]);
    expect(layout.lines[2]![0]).toMatch(/^Placed by .*…$/);
    expect(textWidth(layout.lines[2]![0]!, 12)).toBeLessThanOrEqual(layout.depth);
    expect(layout.depth).toBeLessThanOrEqual(110);
  });

  it('shows every n-th of ordered labels (dates) on one line when they do not fit', () => {
    const days = Array.from({ length: 28 }, (_, index) => `Nov ${index + 1}`);
    for (const slot of [10, 30]) {
      const layout = layoutCategoryLabels(days, slot, { ...text, ordered: true });
      expect(layout.turned).toBe(false);
      expect(layout.depth).toBe(15);
      expect(layout.lines[0]).toEqual(['Nov 1']);
      expect(layout.lines[27]).toEqual(['Nov 28']);
      expect(layout.lines.some((lines) => lines === null)).toBe(true);
    }
  });
});

describe('shorten', () => {
  it('leaves text that fits whole and cuts the rest short with an ellipsis', () => {
    expect(shorten('A gold', 100, 12)).toBe('A gold');
    const cut = shorten('Moved down after three low quizzes', 80, 12);
    expect(cut).toMatch(/^Moved .*…$/);
    expect(textWidth(cut, 12)).toBeLessThanOrEqual(80);
  });
});

describe('cssColour', () => {
  it("turns Mantine's colour names into the theme's CSS variables and leaves other colours alone", () => {
    expect(cssColour('indigo.6')).toBe('var(--mantine-color-indigo-6)');
    expect(cssColour('#2E9E44')).toBe('#2E9E44');
  });
});
