import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  LIBRARY_MINIMUMS,
  answerKeyProblems,
  bandReport,
  bandSummaries,
  libraryProblems,
  passageProblems,
} from '../src/check.js';
import type { LibraryEntry, PassageKind } from '../src/library.js';
import { Passage, type Question } from '../src/schema.js';
import referenceData from '../taxonomy/reference-data.json' with { type: 'json' };

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4"/></svg>';
/** Measures 311L: band 5 (290–340L), in series BR (3–7). */
const PAGES = [
  'Sam has a new kite. It is red and blue.',
  'Sam runs to the park with his kite. The wind is strong today.',
  'The kite goes up and up. Then it gets stuck in a tall tree.',
  'Dad helps Sam get the kite down. Sam is happy again.',
];
const mcq = (answer = 0): Question => ({
  type: 'mcq',
  prompt: 'What colour is the kite?',
  options: ['red and blue', 'green', 'yellow'],
  answer,
  outcomes: ['COMP.KEY_DETAILS'],
});
const goodPassage = (): Passage => ({
  title: 'The Kite',
  summary: 'A kite gets stuck.',
  series: 'BR',
  colour_band: 5,
  cover: 'cover.svg',
  pages: PAGES.map((text, index) => (index ? { text } : { text, illustration: 'page-1.svg' })),
  questions: [mcq(), mcq(1), mcq(2), mcq(), mcq()],
});

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'content-check-'));
  await writeFile(path.join(folder, 'cover.svg'), SVG);
  await writeFile(path.join(folder, 'page-1.svg'), SVG);
  await writeFile(path.join(folder, 'no-viewbox.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  await writeFile(path.join(folder, 'scripted.svg'), SVG.replace('<rect', '<script>alert(1)</script><rect'));
  await writeFile(
    path.join(folder, 'linked.svg'),
    SVG.replace('<rect', '<image href="https://example.org/a.png"/><rect'),
  );
});
afterAll(() => rm(folder, { recursive: true, force: true }));

const entry = (
  passage: Passage,
  kind: PassageKind = 'power_builder',
  slug = 'b05-the-kite',
): LibraryEntry => ({
  slug,
  kind,
  folder,
  passage: Passage.parse(passage),
  problems: [],
});

describe('answerKeyProblems', () => {
  const base = { prompt: 'Q?', outcomes: ['COMP.KEY_DETAILS'] };
  it('accepts good keys of every type', () => {
    const good: Question[] = [
      mcq(2),
      { ...base, type: 'short_answer', accepted: ['Dad'] },
      { ...base, type: 'open_ended', guidance: 'Mentions the wind.' },
      { ...base, type: 'sequencing', items: ['a', 'b', 'c'] },
      { ...base, type: 'form_words', words: [{ tiles: ['ki', 'te'], answer: 'kite' }] },
      { ...base, type: 'word_from_sentence', sentence: 'The wind is strong.', answer: 'strong' },
      { ...base, type: 'discard_option', options: ['a', 'b', 'c'], answer: 2 },
      {
        ...base,
        type: 'categorising',
        categories: ['x', 'y'],
        items: [0, 1, 0, 1].map((category, n) => ({ text: `item ${n}`, category })),
      },
    ];
    for (const question of good) expect(answerKeyProblems(question), question.type).toEqual([]);
  });

  it('catches each kind of broken key', () => {
    expect(answerKeyProblems(mcq(3))).toEqual(['answer is not one of the options']);
    expect(
      answerKeyProblems({ ...base, type: 'discard_option', options: ['a', 'b', 'c'], answer: 5 }),
    ).toEqual(['answer is not one of the options']);
    expect(
      answerKeyProblems({
        ...base,
        type: 'categorising',
        categories: ['x', 'y'],
        items: [0, 1, 2, 0].map((category, n) => ({ text: `item ${n}`, category })),
      }),
    ).toEqual(['an item names a category that does not exist']);
    expect(
      answerKeyProblems({
        ...base,
        type: 'word_from_sentence',
        sentence: 'The wind is strong.',
        answer: 'weak',
      }),
    ).toEqual(['answer is not a word of the sentence']);
    expect(
      answerKeyProblems({
        ...base,
        type: 'form_words',
        words: [
          { tiles: ['k', 'i', 't', 'e'], answer: 'kite' },
          { tiles: ['t', 'r', 'e'], answer: 'tree' },
        ],
      }),
    ).toEqual(['tiles do not make "tree"']);
    expect(answerKeyProblems({ ...base, type: 'sequencing', items: ['a', 'b', 'a'] })).toEqual([
      'items repeat',
    ]);
  });
});

describe('passageProblems', () => {
  it('passes a good power builder', () => {
    expect(passageProblems(entry(goodPassage()))).toEqual([]);
  });

  it('wants a kebab-case folder name, since it becomes the slug in picture links', () => {
    expect(passageProblems(entry(goodPassage(), 'power_builder', 'B05_The Kite'))).toEqual([
      'the folder name must be kebab-case (a-z, 0-9, -)',
    ]);
  });

  it('reports a passage that could not be read as it is', () => {
    expect(
      passageProblems({ slug: 'x', kind: 'power_builder', folder, passage: null, problems: ['bad JSON'] }),
    ).toEqual(['bad JSON']);
  });

  it('checks the band against the series and the measure against the band', () => {
    expect(passageProblems(entry({ ...goodPassage(), series: 'E' }))).toContain(
      'band 5 is outside series E (17–20)',
    );
    expect(passageProblems(entry({ ...goodPassage(), colour_band: 7 }))).toContain(
      'measure 311L is outside band 7 brown (390–440L)',
    );
    // Placement tests span bands: no measure check.
    expect(passageProblems(entry({ ...goodPassage(), colour_band: 7 }, 'placement_test'))).toEqual([]);
  });

  it('holds power builders to their pages, questions and pictures', () => {
    const bare = {
      ...goodPassage(),
      cover: undefined,
      pages: [{ text: PAGES.join(' ') }],
      questions: [mcq()],
    };
    expect(passageProblems(entry(bare))).toEqual([
      'a power builder has 4–12 pages',
      'a power builder has 5–10 questions',
      'a power builder needs a cover',
      'a power builder needs an illustration',
    ]);
  });

  it('needs questions except in a rate builder, and target outcomes in a skill builder', () => {
    const noQuestions = { ...goodPassage(), questions: [] };
    expect(passageProblems(entry(noQuestions, 'rate_builder'))).toEqual([]);
    expect(passageProblems(entry(noQuestions, 'skill_builder'))).toEqual([
      'a skill builder names target_outcomes',
      'needs questions',
    ]);
  });

  it('checks outcome codes against the taxonomy and answer keys question by question', () => {
    const passage = goodPassage();
    passage.questions[1] = { ...mcq(9), outcomes: ['COMP.NO_SUCH_THING'] };
    passage.target_outcomes = ['VOC.NOPE'];
    expect(passageProblems(entry(passage))).toEqual([
      'questions.1: answer is not one of the options',
      'questions.1: unknown outcome COMP.NO_SUCH_THING',
      'unknown target outcome VOC.NOPE',
    ]);
  });

  it('wants every picture present and self-contained, with a viewBox', () => {
    const pictures = (cover: string) => passageProblems(entry({ ...goodPassage(), cover }));
    expect(pictures('missing.svg')).toEqual(['missing.svg is missing']);
    expect(pictures('no-viewbox.svg')).toEqual(['no-viewbox.svg is not an SVG with a viewBox']);
    expect(pictures('scripted.svg')).toEqual([
      'scripted.svg must be self-contained (no scripts, links or images)',
    ]);
    expect(pictures('linked.svg')).toEqual([
      'linked.svg must be self-contained (no scripts, links or images)',
    ]);
  });
});

describe('libraryProblems', () => {
  it('lists everything an empty library lacks', () => {
    const problems = libraryProblems([]);
    expect(problems).toContain(`band 3: 0 power builders, need ${LIBRARY_MINIMUMS.powerBuildersPerBand}`);
    expect(problems).toContain('band 20: no rate builder');
    expect(problems).toContain('series BR: no placement test');
    expect(problems).toContain(`question type categorising: 0, need ${LIBRARY_MINIMUMS.questionsPerType}`);
    expect(problems.some((problem) => /^topic group .*: 0 skill builders, need 2$/.test(problem))).toBe(true);
  });

  it('counts what the library has: books per band, rate builders, placement tests, skill builders, question types', () => {
    const books = [1, 2, 3, 4, 5].map((n) => entry(goodPassage(), 'power_builder', `b05-book-${n}`));
    const rate = entry({ ...goodPassage(), questions: [] }, 'rate_builder', 'r05');
    const placement = entry(goodPassage(), 'placement_test', 'p-br');
    const skills = [1, 2].map((n) =>
      entry({ ...goodPassage(), target_outcomes: ['COMP.MAIN_IDEA'] }, 'skill_builder', `s-${n}`),
    );
    const problems = libraryProblems([...books, rate, placement, ...skills]);
    expect(problems.filter((problem) => problem.startsWith('band 5:'))).toEqual([]);
    expect(problems).not.toContain('series BR: no placement test');
    expect(problems).toContain('series A: no placement test');
    // Eight passages of five MCQs each: 40, above the 20 needed; no other type yet.
    expect(problems.some((problem) => problem.startsWith('question type mcq'))).toBe(false);
    expect(problems).toContain('question type short_answer: 0, need 20');
    const comprehension = referenceData.topicGroups.find((group) =>
      group.topics.some((topic) => topic.outcomes.some((outcome) => outcome.code === 'COMP.MAIN_IDEA')),
    )!.name;
    expect(problems.some((problem) => problem.startsWith(`topic group ${comprehension}:`))).toBe(false);
  });

  it('ignores passages that could not be read', () => {
    const unreadable: LibraryEntry = {
      slug: 'x',
      kind: 'power_builder',
      folder,
      passage: null,
      problems: ['bad'],
    };
    expect(libraryProblems([unreadable])).toEqual(libraryProblems([]));
  });
});

describe('bandSummaries and bandReport', () => {
  it('give each band its passages, measured range and mean sentence length', () => {
    const books = [1, 2].map((n) => entry(goodPassage(), 'power_builder', `b05-book-${n}`));
    const rate = entry({ ...goodPassage(), questions: [] }, 'rate_builder', 'r05');
    const placement = entry(goodPassage(), 'placement_test', 'p-br');
    const summaries = bandSummaries([...books, rate, placement]);
    expect(summaries).toHaveLength(18);
    expect(summaries.find((summary) => summary.band === 5)).toMatchObject({
      name: 'orange',
      minLexile: 290,
      maxLexile: 340,
      passages: 3,
      powerBuilders: 2,
      lowest: 311,
      highest: 311,
      meanSentenceLength: 6,
    });
    expect(summaries.find((summary) => summary.band === 3)).toMatchObject({ passages: 0, lowest: null });
    const report = bandReport([...books, rate]);
    expect(report[0]).toMatch(/band +name +range +passages +books +measured +sentence +rarity/);
    expect(report.find((line) => /^ +5 /.test(line))).toMatch(
      /5 +orange +290–340L +3 +2 +311–311L +6\.0 words/,
    );
  });
});
