/** WCAG 2.1 contrast for the theme's colour variants (X3). */

const channels = (hex: string): number[] =>
  [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));

/** WCAG 2.1's relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const [red = 0, green = 0, blue = 0] = channels(hex).map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** WCAG 2.1's contrast ratio of two `#rrggbb` colours, 1 to 21. */
export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const darker = (hex: string) =>
  `#${channels(hex)
    .map((channel) =>
      Math.round(channel * 0.92)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** AA asks 4.5:1 of text; a little more, so rounding in a browser never tips a colour under it. */
const TEXT_CONTRAST = 4.6;

/** `hex`, darkened in small steps until text in it (or white text on it) reads on `background` at AA. */
export function readableOn(hex: string, background: string): string {
  let colour = hex;
  while (contrastRatio(colour, background) < TEXT_CONTRAST) colour = darker(colour);
  return colour;
}

/**
 * X3, the one contrast fix: Mantine's light-scheme variants put shade 9 text on shade 1 ("Finished", "Waiting for
 * review", "Marks saved": 3.6–4.4:1) or, hovered, on shade 2 (the menu's current entry: 4.1:1), and white on shade 7
 * (the red "Start recording": 3.8:1, green 2.9:1). Every colour's light text, filled background and outline is
 * darkened until it reaches AA, so a badge, button, alert or menu entry of any colour passes without a
 * per-component fix.
 */
export function readableVariants(colors: Record<string, readonly string[]>): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(colors)) {
    const filled = readableOn(shades[7]!, '#ffffff');
    // Light text sits on shade 1 and, hovered (a light button, the menu's current entry), on shade 2: readable on
    // the darker shade 2, it reads on both.
    variables[`--mantine-color-${name}-light-color`] = readableOn(shades[9]!, shades[2]!);
    variables[`--mantine-color-${name}-filled`] = filled;
    variables[`--mantine-color-${name}-filled-hover`] = darker(filled);
    variables[`--mantine-color-${name}-outline`] = filled;
    variables[`--mantine-color-${name}-text`] = filled;
  }
  return variables;
}
