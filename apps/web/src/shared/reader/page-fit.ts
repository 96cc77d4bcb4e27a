/**
 * X6: how much smaller a long page's text is set on a wide screen, so the page and the way on fit a 1280×800 laptop
 * or Chromebook without scrolling, as a printed book of a higher band sets a longer page in smaller type.
 *
 * A page's text needs an area that grows with its length times the square of its type size, so a page longer than
 * the longest that fits at full size is set smaller by the square root of the ratio. The reference lengths are the
 * longest pages that fit 1280×800 at full size (e2e/tests/reader-fit.spec.ts reads every page of the library).
 * The stylesheet never sets the text below 1.1rem (about 18 px), whatever the length; the child's own text size
 * (reading settings) multiplies both.
 */
export const FULL_SIZE_LENGTH = { alone: 330, besidePicture: 390 } as const;

export function pageFit(textLength: number, illustrated: boolean): number {
  const reference = illustrated ? FULL_SIZE_LENGTH.besidePicture : FULL_SIZE_LENGTH.alone;
  return textLength <= reference ? 1 : Math.sqrt(reference / textLength);
}
