/**
 * X3 over the theme as the browser gets it: Mantine's light-scheme variables with ours on top, each `var(…)`
 * followed to its colour, so a change to the theme, to readable-colors.ts or to Mantine's defaults that drops a
 * text colour under AA fails here rather than in front of a child.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from './readable-colors';
import { cssVariablesResolver, theme } from './theme';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const mantine = defaultCssVariablesResolver(merged);
const ours = cssVariablesResolver(merged);
const variables: Record<string, string> = {
  ...mantine.variables,
  ...mantine.light,
  ...ours.variables,
  ...ours.light,
};

/** The `#rrggbb` a variable (or a value naming one) ends at. */
function colourOf(value: string): string {
  const reference = /^var\((--[\w-]+)\)$/.exec(value.trim());
  if (reference) return colourOf(variables[reference[1]!] ?? `unknown ${reference[1]}`);
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value);
  return short
    ? `#${short
        .slice(1)
        .map((digit) => digit + digit)
        .join('')}`
    : value;
}
const ratio = (text: string, background: string) => contrastRatio(colourOf(text), colourOf(background));

/** The menu entry's own variables, as @mantine/core's NavLink.css sets them (the menu passes no colour). */
const navLinkCss = readFileSync(
  createRequire(import.meta.url).resolve('@mantine/core/styles/NavLink.css'),
  'utf8',
);
const navLinkVariable = (name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(navLinkCss)![1]!;

describe('the side menu (NavLink) reads at AA in every state', () => {
  const current = {
    text: navLinkVariable('--nl-color'),
    background: navLinkVariable('--nl-bg'),
    hovered: navLinkVariable('--nl-hover'),
  };
  it.each([
    ['an entry', 'var(--mantine-color-text)', 'var(--mantine-color-body)'],
    // NavLink.css: a hovered entry's background in the light scheme.
    ['a hovered entry', 'var(--mantine-color-text)', 'var(--mantine-color-gray-0)'],
    ['the current entry', current.text, current.background],
    ['the current entry under the pointer', current.text, current.hovered],
  ])('%s: text at 4.5:1 or more', (_state, text, background) => {
    expect(ratio(text, background)).toBeGreaterThanOrEqual(4.5);
  });

  it('a focused entry: its ring (the primary colour) stands out from the page at 3:1 (WCAG 1.4.11)', () => {
    expect(ratio('var(--mantine-primary-color-filled)', 'var(--mantine-color-body)')).toBeGreaterThanOrEqual(
      3,
    );
  });
});

describe('every colour’s light variant', () => {
  it.each(Object.keys(merged.colors))(
    '%s: its text reads on its background and its hover background',
    (name) => {
      const text = `var(--mantine-color-${name}-light-color)`;
      expect(ratio(text, `var(--mantine-color-${name}-light)`)).toBeGreaterThanOrEqual(4.5);
      expect(ratio(text, `var(--mantine-color-${name}-light-hover)`)).toBeGreaterThanOrEqual(4.5);
    },
  );
});
