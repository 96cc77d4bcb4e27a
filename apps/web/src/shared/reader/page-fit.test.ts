import { describe, expect, it } from 'vitest';
import { FULL_SIZE_LENGTH, pageFit } from './page-fit';

describe('pageFit (X6)', () => {
  it('keeps a page that fits at full size at full size', () => {
    expect(pageFit(40, false)).toBe(1);
    expect(pageFit(FULL_SIZE_LENGTH.alone, false)).toBe(1);
    expect(pageFit(FULL_SIZE_LENGTH.besidePicture, true)).toBe(1);
  });

  it('sets a page four times as long at half the size, so its text takes the same area', () => {
    expect(pageFit(FULL_SIZE_LENGTH.alone * 4, false)).toBeCloseTo(0.5);
    expect(pageFit(FULL_SIZE_LENGTH.besidePicture * 4, true)).toBeCloseTo(0.5);
  });

  it('shrinks longer pages more, and a page beside a picture by its own reference', () => {
    expect(pageFit(800, false)).toBeLessThan(pageFit(500, false));
    expect(pageFit(FULL_SIZE_LENGTH.besidePicture, false)).toBeLessThan(1);
  });
});
