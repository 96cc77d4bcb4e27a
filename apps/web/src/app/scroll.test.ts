import { HASH_SCROLL_OFFSET_PX } from '@readalong/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { findHashTarget, hashScrollTop, planScroll, type ScrollPlan, type ScrollSituation } from './scroll';

describe('hashScrollTop', () => {
  it.each([
    { targetTop: 500, scrollY: 0, expected: 418 },
    { targetTop: 500, scrollY: 1000, expected: 1418 },
    { targetTop: -300, scrollY: 1000, expected: 618 },
    { targetTop: 40, scrollY: 0, expected: 0 },
    { targetTop: 82, scrollY: 0, expected: 0 },
    { targetTop: 100.6, scrollY: 0, expected: 19 },
  ])(
    'a target $targetTop px down the viewport, scrolled $scrollY → $expected',
    ({ targetTop, scrollY, expected }) => {
      expect(hashScrollTop(targetTop, scrollY)).toBe(expected);
    },
  );

  it('leaves 82 px (the 72 px header plus 10) above the target', () => {
    expect(HASH_SCROLL_OFFSET_PX).toBe(82);
    expect(hashScrollTop(1000, 0)).toBe(1000 - 82);
  });
});

describe('planScroll', () => {
  it.each<{ name: string; situation: ScrollSituation; expected: ScrollPlan }>([
    {
      name: 'a hash target: smoothly, below the header',
      situation: { hashTargetTop: 600, currentScrollY: 200, savedTop: undefined },
      expected: { top: 718, behavior: 'smooth' },
    },
    {
      name: 'a hash target wins over a saved position',
      situation: { hashTargetTop: 600, currentScrollY: 0, savedTop: 1500 },
      expected: { top: 518, behavior: 'smooth' },
    },
    {
      name: 'back/forward: the saved position',
      situation: { hashTargetTop: undefined, currentScrollY: 0, savedTop: 1500 },
      expected: { top: 1500, behavior: 'instant' },
    },
    {
      name: 'a new page: the top',
      situation: { hashTargetTop: undefined, currentScrollY: 900, savedTop: undefined },
      expected: { top: 0, behavior: 'instant' },
    },
  ])('$name', ({ situation, expected }) => {
    expect(planScroll(situation)).toEqual(expected);
  });
});

describe('findHashTarget', () => {
  afterEach(() => document.body.replaceChildren());

  it('finds the element the hash names, decoding it', () => {
    const target = document.createElement('section');
    target.id = 'chapter 2';
    document.body.append(target);

    expect(findHashTarget('#chapter%202')).toBe(target);
  });

  it.each(['', '#', '#missing', '#%E0%A4%A'])('finds nothing for "%s"', (hash) => {
    expect(findHashTarget(hash)).toBeNull();
  });
});
