/** A small library in a temporary folder for tests: valid passages (band 5, series BR) with all eight question types. */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const FIXTURE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#f80"/></svg>';

export const FIXTURE_PAGES = [
  'Sam has a new kite. It is red and blue.',
  'Sam runs to the park with his kite. The wind is strong today.',
  'The kite goes up and up. Then it gets stuck in a tall tree.',
  'Dad helps Sam get the kite down. Sam is happy again.',
];

/** A power builder measuring 310L (band 5 orange, 290–340L), with one question of each type. */
export function fixturePassage(title = 'The Kite in the Tree') {
  return {
    title,
    summary: 'Sam’s new kite gets stuck in a tall tree.',
    series: 'BR',
    colour_band: 5,
    cover: 'cover.svg',
    pages: FIXTURE_PAGES.map((text, index) =>
      index === 0 ? { text, illustration: 'page-1.svg' } : { text },
    ),
    questions: [
      {
        type: 'mcq',
        prompt: 'What colour is the kite?',
        options: ['red and blue', 'green', 'yellow'],
        answer: 0,
        outcomes: ['COMP.KEY_DETAILS'],
      },
      {
        type: 'short_answer',
        prompt: 'Who helps Sam?',
        accepted: ['Dad', 'his dad'],
        outcomes: ['COMP.KEY_DETAILS'],
      },
      {
        type: 'open_ended',
        prompt: 'How does Sam feel when the kite is stuck?',
        guidance: 'Sad or worried, because his new kite may be lost.',
        outcomes: ['COMP.CHARACTER_FEELINGS'],
      },
      {
        type: 'sequencing',
        prompt: 'Put these in order.',
        items: [
          'Sam gets a new kite.',
          'Sam runs to the park.',
          'The kite gets stuck.',
          'Dad gets the kite down.',
        ],
        outcomes: ['COMP.SEQUENCE'],
      },
      {
        type: 'form_words',
        prompt: 'Make the words.',
        words: [
          { tiles: ['k', 'i', 't', 'e'], answer: 'kite' },
          { tiles: ['t', 'r', 'e', 'e'], answer: 'tree' },
        ],
        outcomes: ['WS.VOWEL_SOUNDS'],
      },
      {
        type: 'word_from_sentence',
        prompt: 'Which word tells how the wind blows?',
        sentence: 'The wind is strong today.',
        answer: 'strong',
        outcomes: ['VOC.CONTEXT_CLUES'],
      },
      {
        type: 'discard_option',
        prompt: 'Which one is not a colour?',
        options: ['red', 'blue', 'kite', 'green'],
        answer: 2,
        outcomes: ['VOC.CATEGORIES'],
      },
      {
        type: 'categorising',
        prompt: 'Sky or ground?',
        categories: ['in the sky', 'on the ground'],
        items: [
          { text: 'kite', category: 0 },
          { text: 'cloud', category: 0 },
          { text: 'grass', category: 1 },
          { text: 'path', category: 1 },
        ],
        outcomes: ['VOC.CATEGORIES', 'COMP.KEY_DETAILS'],
      },
    ],
  };
}
export type FixturePassage = ReturnType<typeof fixturePassage>;

/** Writes a passage folder (passage.json and its pictures) under `root/<kind>/<slug>`. */
export async function writePassage(
  root: string,
  slug: string,
  passage: object = fixturePassage(),
  kind = 'power-builders',
  pictures: Record<string, string> = { 'cover.svg': FIXTURE_SVG, 'page-1.svg': FIXTURE_SVG },
): Promise<string> {
  const folder = path.join(root, kind, slug);
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'passage.json'), JSON.stringify(passage, null, 2));
  for (const [name, svg] of Object.entries(pictures)) await writeFile(path.join(folder, name), svg);
  return folder;
}

export async function fixtureLibrary(slugs: string[]): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'readalong-library-'));
  for (const slug of slugs) await writePassage(root, slug, fixturePassage(`Kite ${slug}`));
  return root;
}
