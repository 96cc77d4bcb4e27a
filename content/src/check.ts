/**
 * The checks behind `npm run content:check` (check-cli.ts): every passage (format, answer keys, pictures, outcomes,
 * and that its estimated measure fits its colour band), then the library as a whole.
 */
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { COLOUR_BANDS, PROGRESSION, SERIES } from '@readalong/contracts';
import referenceData from '../taxonomy/reference-data.json' with { type: 'json' };
import { measureText, splitWords } from './measure.js';
import type { LibraryEntry } from './library.js';
import { QUESTION_TYPE_IDS, type Passage, type Question } from './schema.js';

const OUTCOME_CODES = new Set(
  referenceData.topicGroups.flatMap((group) =>
    group.topics.flatMap((topic) => topic.outcomes.map((o) => o.code)),
  ),
);
const TOPIC_GROUP_OF = new Map(
  referenceData.topicGroups.flatMap((group) =>
    group.topics.flatMap((topic) => topic.outcomes.map((o) => [o.code, group.name] as const)),
  ),
);

export const LIBRARY_MINIMUMS = {
  // A student levels up after passing this many different books of their band (rule R5): each band needs them.
  powerBuildersPerBand: PROGRESSION.booksToLevelUp,
  questionsPerType: 20,
  rateBuildersPerBand: 1,
  skillBuildersPerTopicGroup: 2,
} as const;
const BANDS = COLOUR_BANDS.filter((band) => band.min_lexile !== null);

const sameLetters = (a: string, b: string) => {
  const letters = (value: string) =>
    value
      .toLowerCase()
      .replace(/[^a-z]/g, '')
      .split('')
      .sort()
      .join('');
  return letters(a) === letters(b);
};

/** What is wrong with one question's answer key, if anything. */
export function answerKeyProblems(question: Question): string[] {
  switch (question.type) {
    case 'mcq':
    case 'discard_option':
      return question.answer < question.options.length ? [] : ['answer is not one of the options'];
    case 'categorising':
      return question.items.some((item) => item.category >= question.categories.length)
        ? ['an item names a category that does not exist']
        : [];
    case 'word_from_sentence':
      return splitWords(question.sentence).includes(question.answer)
        ? []
        : ['answer is not a word of the sentence'];
    case 'form_words':
      return question.words.flatMap((word) =>
        sameLetters(word.tiles.join(''), word.answer) ? [] : [`tiles do not make "${word.answer}"`],
      );
    case 'sequencing':
      return new Set(question.items).size === question.items.length ? [] : ['items repeat'];
    case 'short_answer':
    case 'open_ended':
      return [];
  }
}

function svgProblems(folder: string, file: string | undefined): string[] {
  if (!file) return [];
  const full = path.join(folder, file);
  if (!existsSync(full)) return [`${file} is missing`];
  const svg = readFileSync(full, 'utf8');
  const problems: string[] = [];
  if (!/^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/.test(svg) || !/viewBox=/.test(svg))
    problems.push(`${file} is not an SVG with a viewBox`);
  if (/<script|href=["']https?:|<image|<foreignObject/i.test(svg))
    problems.push(`${file} must be self-contained (no scripts, links or images)`);
  return problems;
}

export const passageText = (passage: Passage) => passage.pages.map((page) => page.text).join(' ');

/** Everything wrong with one passage. */
export function passageProblems(entry: LibraryEntry): string[] {
  const { passage, kind, folder } = entry;
  if (!passage) return entry.problems;
  const problems: string[] = [];
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(entry.slug))
    problems.push('the folder name must be kebab-case (a-z, 0-9, -)');
  const band = COLOUR_BANDS[passage.colour_band - 1]!;
  const series = SERIES.find((candidate) => candidate.name === passage.series)!;
  if (passage.colour_band < series.defaultBands[0] || passage.colour_band > series.defaultBands[1]) {
    problems.push(
      `band ${passage.colour_band} is outside series ${series.name} (${series.defaultBands.join('–')})`,
    );
  }
  if (kind !== 'placement_test') {
    const { lexile } = measureText(passageText(passage));
    if (lexile < band.min_lexile! || lexile > band.max_lexile!) {
      problems.push(
        `measure ${lexile}L is outside band ${band.id} ${band.name} (${band.min_lexile}–${band.max_lexile}L)`,
      );
    }
  }
  if (kind === 'power_builder') {
    if (passage.pages.length < 4) problems.push('a power builder has 4–12 pages');
    if (passage.questions.length < 5 || passage.questions.length > 10)
      problems.push('a power builder has 5–10 questions');
    if (!passage.cover) problems.push('a power builder needs a cover');
    if (!passage.pages.some((page) => page.illustration))
      problems.push('a power builder needs an illustration');
  }
  if (kind === 'skill_builder' && !passage.target_outcomes?.length)
    problems.push('a skill builder names target_outcomes');
  if (kind !== 'rate_builder' && passage.questions.length === 0) problems.push('needs questions');
  passage.questions.forEach((question, index) => {
    for (const problem of answerKeyProblems(question)) problems.push(`questions.${index}: ${problem}`);
    for (const code of question.outcomes)
      if (!OUTCOME_CODES.has(code)) problems.push(`questions.${index}: unknown outcome ${code}`);
  });
  for (const code of passage.target_outcomes ?? [])
    if (!OUTCOME_CODES.has(code)) problems.push(`unknown target outcome ${code}`);
  problems.push(...svgProblems(folder, passage.cover));
  for (const page of passage.pages) problems.push(...svgProblems(folder, page.illustration));
  return problems;
}

/** What the library as a whole lacks. */
export function libraryProblems(entries: LibraryEntry[]): string[] {
  const passages = entries.flatMap((entry) => (entry.passage ? [{ ...entry, passage: entry.passage }] : []));
  const problems: string[] = [];
  const of = (kind: string) => passages.filter((entry) => entry.kind === kind);
  for (const band of BANDS) {
    const books = of('power_builder').filter((entry) => entry.passage.colour_band === band.id).length;
    if (books < LIBRARY_MINIMUMS.powerBuildersPerBand)
      problems.push(
        `band ${band.id}: ${books} power builders, need ${LIBRARY_MINIMUMS.powerBuildersPerBand}`,
      );
    if (!of('rate_builder').some((entry) => entry.passage.colour_band === band.id))
      problems.push(`band ${band.id}: no rate builder`);
  }
  for (const series of SERIES) {
    if (!of('placement_test').some((entry) => entry.passage.series === series.name))
      problems.push(`series ${series.name}: no placement test`);
  }
  for (const group of referenceData.topicGroups) {
    const count = of('skill_builder').filter((entry) =>
      (entry.passage.target_outcomes ?? []).some((code) => TOPIC_GROUP_OF.get(code) === group.name),
    ).length;
    if (count < LIBRARY_MINIMUMS.skillBuildersPerTopicGroup)
      problems.push(
        `topic group ${group.name}: ${count} skill builders, need ${LIBRARY_MINIMUMS.skillBuildersPerTopicGroup}`,
      );
  }
  const questions = passages.flatMap((entry) => entry.passage.questions);
  for (const type of Object.keys(QUESTION_TYPE_IDS)) {
    const count = questions.filter((question) => question.type === type).length;
    if (count < LIBRARY_MINIMUMS.questionsPerType)
      problems.push(`question type ${type}: ${count}, need ${LIBRARY_MINIMUMS.questionsPerType}`);
  }
  return problems;
}

/** One band's passages under the measure: how many of each kind, their measured range and sentence length. */
export interface BandSummary {
  band: number;
  name: string;
  minLexile: number;
  maxLexile: number;
  passages: number;
  powerBuilders: number;
  lowest: number | null;
  highest: number | null;
  /** Mean of the passages' mean sentence lengths (words). */
  meanSentenceLength: number | null;
  meanWordRarity: number | null;
}

/** Each band's passages with a measure (every kind but placement tests, whose text spans bands). */
export function bandSummaries(entries: LibraryEntry[]): BandSummary[] {
  return BANDS.map((band) => {
    const inBand = entries.filter(
      (entry) => entry.kind !== 'placement_test' && entry.passage?.colour_band === band.id,
    );
    const measures = inBand.map((entry) => measureText(passageText(entry.passage!)));
    const mean = (values: number[]) =>
      values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : null;
    const lexiles = measures.map((measure) => measure.lexile);
    return {
      band: band.id,
      name: band.name,
      minLexile: band.min_lexile!,
      maxLexile: band.max_lexile!,
      passages: inBand.length,
      powerBuilders: inBand.filter((entry) => entry.kind === 'power_builder').length,
      lowest: lexiles.length ? Math.min(...lexiles) : null,
      highest: lexiles.length ? Math.max(...lexiles) : null,
      meanSentenceLength: mean(measures.map((measure) => measure.meanSentenceLength)),
      meanWordRarity: mean(measures.map((measure) => measure.meanWordRarity)),
    };
  });
}

/** The per-band table `npm run content:check` prints. */
export function bandReport(entries: LibraryEntry[]): string[] {
  const header = ['band', 'name', 'range', 'passages', 'books', 'measured', 'sentence', 'rarity'];
  const rows = bandSummaries(entries).map((summary) => [
    String(summary.band),
    summary.name,
    `${summary.minLexile}–${summary.maxLexile}L`,
    String(summary.passages),
    String(summary.powerBuilders),
    summary.lowest === null ? '—' : `${summary.lowest}–${summary.highest}L`,
    summary.meanSentenceLength === null ? '—' : `${summary.meanSentenceLength.toFixed(1)} words`,
    summary.meanWordRarity === null ? '—' : summary.meanWordRarity.toFixed(2),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    `  ${cells.map((cell, column) => (column === 1 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')}`;
  return [line(header), ...rows.map(line)];
}
