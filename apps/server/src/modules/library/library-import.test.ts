import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { measureText, splitWords } from '@readalong/content';
import { createTestApp, type TestApp } from '../../../test/app.js';
import {
  gradings,
  passagePages,
  passages,
  questionLearningOutcomes,
  questions,
  worksheets,
} from '../../db/schema/index.js';
import { importLibrary } from '../../seed/library-import.js';
import {
  FIXTURE_PAGES,
  FIXTURE_SVG,
  fixtureLibrary,
  fixturePassage,
  writePassage,
} from './library.fixtures.js';
import { libraryFileUrl } from './library.files.js';

const SLUG = 'b05-the-kite-in-the-tree';
let t: TestApp;
let root: string;
beforeAll(async () => {
  root = await fixtureLibrary([SLUG]);
  t = await createTestApp({ LIBRARY_DIR: root });
});
afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true, force: true });
});

const passageRow = async (slug = SLUG) =>
  (await t.db.select().from(passages).where(eq(passages.slug, slug)))[0]!;
const questionRows = async (passageId: number) =>
  t.db.select().from(questions).where(eq(questions.passageId, passageId)).orderBy(asc(questions.questionNum));
/** Every row version of the library's tables: equal before and after means nothing was written. */
const rowVersions = async () =>
  (
    await t.db.execute<{ v: string }>(
      sql`select string_agg(xmin::text, ',' order by xmin::text) as v from (
            select xmin from passages union all select xmin from passage_pages
            union all select xmin from questions union all select xmin from question_learning_outcomes) rows`,
    )
  ).rows[0]!.v;

describe('importLibrary', () => {
  it('loads a passage with its pages, questions and learning outcomes', async () => {
    const report = await importLibrary(t.db, { root });
    expect(report).toMatchObject({ added: [SLUG], updated: [], unchanged: 0, skipped: [] });

    const passage = await passageRow();
    const text = FIXTURE_PAGES.join(' ');
    expect(passage).toMatchObject({
      builderTypeId: 2,
      seriesId: 6,
      colourBandId: 5,
      title: `Kite ${SLUG}`,
      author: 'ReadAlong',
      lexile: measureText(text).lexile,
      wordCount: splitWords(text).length,
      backgroundKey: null,
      contentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(passage.thumbnailKey).toMatch(new RegExp(`^${SLUG}/cover\\.svg\\?v=[0-9a-f]{12}$`));

    const pages = await t.db
      .select()
      .from(passagePages)
      .where(eq(passagePages.passageId, passage.id))
      .orderBy(asc(passagePages.pageNum));
    expect(pages.map((page) => page.text)).toEqual(FIXTURE_PAGES);
    expect(pages[0]!.illustrationKey).toMatch(/\/page-1\.svg\?v=/);
    expect(pages[1]!.illustrationKey).toBeNull();

    const stored = await questionRows(passage.id);
    expect(stored.map((question) => question.typeId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(stored.map((question) => question.marks)).toEqual([1, 1, 1, 1, 2, 1, 1, 4]);
    const links = await t.db
      .select()
      .from(questionLearningOutcomes)
      .where(
        sql`${questionLearningOutcomes.questionId} in (select id from questions where passage_id = ${passage.id})`,
      );
    expect(links).toHaveLength(9); // categorising names two outcomes
  });

  it('keeps every answer key out of what the student is shown', async () => {
    const stored = await questionRows((await passageRow()).id);
    const source = fixturePassage().questions;
    for (const question of stored) {
      const shown = JSON.stringify(question.content);
      expect(shown, `question ${question.questionNum}`).not.toMatch(
        /answer|accepted|guidance|categor(y|ies_of)/,
      );
      expect(JSON.stringify(question.answerKey)).not.toBe('{}');
    }
    const byType = (typeId: number) => stored.find((question) => question.typeId === typeId)!;
    // MCQ: the key points at the right option wherever the shuffle put it.
    const mcq = byType(1);
    const options = mcq.content.options as string[];
    expect([...options].sort()).toEqual(['green', 'red and blue', 'yellow']);
    expect(options[mcq.answerKey.answer as number]).toBe('red and blue');
    // Open-ended guidance and short-answer answers are for marking only.
    expect(byType(3).content).toEqual({});
    expect(byType(2).content).toEqual({});
    // Sequencing and tiles are never shown in the answer's order.
    const sequencing = byType(4);
    expect(sequencing.content.items).not.toEqual(source[3]!.items);
    expect(sequencing.answerKey).toEqual({ items: source[3]!.items });
    const tiles = (byType(5).content.words as { tiles: string[] }[]).map((word) => word.tiles.join(''));
    expect(tiles).not.toContain('kite');
    expect(tiles).not.toContain('tree');
    // Categorising: the student sees the categories and the items, the key which item goes where.
    const categorising = byType(8);
    expect(categorising.content.categories).toEqual(['in the sky', 'on the ground']);
    const items = categorising.content.items as string[];
    const itemCategories = categorising.answerKey.item_categories as number[];
    expect(Object.fromEntries(items.map((item, index) => [item, itemCategories[index]]))).toEqual({
      kite: 0,
      cloud: 0,
      grass: 1,
      path: 1,
    });
  });

  it('writes nothing on a second run over unchanged files', async () => {
    const before = await rowVersions();
    const report = await importLibrary(t.db, { root });
    expect(report).toMatchObject({ added: [], updated: [], unchanged: 1, skipped: [] });
    expect(await rowVersions()).toBe(before);
  });

  it('updates a changed passage in place and replaces its unanswered questions', async () => {
    const { id } = await passageRow();
    const oldIds = (await questionRows(id)).map((question) => question.id);
    await t.db
      .update(passagePages)
      .set({ narrationKey: 'kept.mp3', wordTimings: [] })
      .where(eq(passagePages.passageId, id));
    const changed = fixturePassage('The Kite in the Tall Tree');
    changed.pages[3]!.text = 'Dad helps Sam get the kite down. Sam is glad again.';
    changed.questions[0]!.prompt = 'What colours is the kite?';
    await writePassage(root, SLUG, changed);

    const report = await importLibrary(t.db, { root });
    expect(report).toMatchObject({ added: [], updated: [SLUG], unchanged: 0 });
    const passage = await passageRow();
    expect(passage.id).toBe(id);
    expect(passage.title).toBe('The Kite in the Tall Tree');
    const pages = await t.db
      .select()
      .from(passagePages)
      .where(eq(passagePages.passageId, id))
      .orderBy(asc(passagePages.pageNum));
    // Unchanged pages keep their narration; the changed page loses it, to be narrated again.
    expect(pages.map((page) => page.narrationKey)).toEqual(['kept.mp3', 'kept.mp3', 'kept.mp3', null]);
    const stored = await questionRows(id);
    expect(stored[0]!.prompt).toBe('What colours is the kite?');
    expect(stored.some((question) => oldIds.includes(question.id))).toBe(false);
  });

  it('updates answered questions in place by number, so gradings keep them', async () => {
    const world = await t.factories.school();
    const passage = await passageRow();
    const [first] = await questionRows(passage.id);
    const [worksheet] = await t.db
      .insert(worksheets)
      .values({
        studentId: world.student.id,
        schoolId: world.school.id,
        districtId: world.district.id,
        passageId: passage.id,
      })
      .returning();
    await t.db.insert(gradings).values({
      worksheetId: worksheet!.id,
      schoolId: world.school.id,
      questionId: first!.id,
      questionNum: 1,
      maxMarks: 1,
      marks: 1,
    });
    const idsBefore = (await questionRows(passage.id)).map((question) => question.id);

    const changed = fixturePassage('The Kite in the Tall Tree');
    changed.questions[0]!.prompt = 'Which colours is the kite?';
    changed.questions.pop(); // the last question goes
    await writePassage(root, SLUG, changed);
    const report = await importLibrary(t.db, { root });
    expect(report.updated).toEqual([SLUG]);

    const stored = await questionRows(passage.id);
    expect(stored.map((question) => question.id)).toEqual(idsBefore.slice(0, 7));
    expect(stored[0]!.prompt).toBe('Which colours is the kite?');
    const links = await t.db
      .select()
      .from(questionLearningOutcomes)
      .where(eq(questionLearningOutcomes.questionId, first!.id));
    expect(links).toHaveLength(1);
  });

  it('skips a passage with problems and keeps its last good version', async () => {
    const broken = fixturePassage('Broken');
    broken.questions[0]!.answer = 7;
    await writePassage(root, SLUG, broken);
    await writePassage(root, 'b05-no-pictures', fixturePassage('No pictures'), 'power-builders', {});
    const report = await importLibrary(t.db, { root });
    expect(report.skipped).toEqual([
      { slug: 'b05-no-pictures', problems: expect.arrayContaining(['cover.svg is missing']) },
      { slug: SLUG, problems: ['questions.0: answer is not one of the options'] },
    ]);
    expect((await passageRow()).title).toBe('The Kite in the Tall Tree');
    await rm(path.join(root, 'power-builders', 'b05-no-pictures'), { recursive: true });
  });

  it('imports a hundred passages, then finds every one unchanged on the next start', async () => {
    const big = await fixtureLibrary(Array.from({ length: 100 }, (_, n) => `b05-kite-${n}`));
    try {
      const cold = await importLibrary(t.db, { root: big });
      expect(cold.added).toHaveLength(100);
      const warm = await importLibrary(t.db, { root: big });
      expect(warm).toMatchObject({ added: [], updated: [], unchanged: 100 });
    } finally {
      await rm(big, { recursive: true, force: true });
    }
  });
});

describe('GET /api/library/{slug}/{file}', () => {
  it('serves a passage picture publicly, cached for good under its content hash', async () => {
    await writePassage(root, SLUG, fixturePassage());
    await importLibrary(t.db, { root });
    const url = libraryFileUrl((await passageRow()).thumbnailKey)!;
    const response = await t.request({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toBe(FIXTURE_SVG);
  });

  it('does not cache an outdated version under its old link', async () => {
    await writeFile(
      path.join(root, 'power-builders', SLUG, 'cover.svg'),
      FIXTURE_SVG.replace('#f80', '#08f'),
    );
    const response = await t.request({ method: 'GET', url: `/api/library/${SLUG}/cover.svg?v=000000000000` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('404 for a missing picture, a non-picture and a path outside the library', async () => {
    for (const url of [
      `/api/library/${SLUG}/page-9.svg`,
      `/api/library/${SLUG}/passage.json`,
      `/api/library/..%2F..%2Fpackage/cover.svg`,
      `/api/library/no-such-book/cover.svg`,
    ]) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});
