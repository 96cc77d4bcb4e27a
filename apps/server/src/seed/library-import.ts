/**
 * Loads the original library (content/library, K2) into passages, pages, questions and their learning
 * outcomes, by slug. Run at every start and by `npm run content:import`: a passage whose files are unchanged
 * (same content hash) is skipped without a write, so a warm import reads files and one query. A changed passage is
 * updated in one transaction; its questions are replaced, or updated in place by number once gradings refer to
 * them. A passage with problems (`npm run content:check`) is skipped and keeps its last imported version.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, gt, inArray, notExists, sql } from 'drizzle-orm';
import { BuilderType, SERIES } from '@readalong/contracts';
import {
  measureText,
  passagePictures,
  passageProblems,
  passageText,
  readLibrary,
  storeQuestion,
  type LibraryEntry,
  type Passage,
  type PassageKind,
} from '@readalong/content';
import type { Database, Executor } from '../db/database.js';
import {
  gradings,
  learningOutcomes,
  passagePages,
  passages,
  questionLearningOutcomes,
  questions,
} from '../db/schema/index.js';

/** Part of every content hash: raise it when the import stores a passage differently, to re-import them all. */
const IMPORT_VERSION = 1;
export const LIBRARY_AUTHOR = 'ReadAlong';

const BUILDER_TYPE_OF: Record<PassageKind, number> = {
  placement_test: BuilderType.PlacementTest,
  power_builder: BuilderType.PowerBuilder,
  skill_builder: BuilderType.SkillBuilder,
  rate_builder: BuilderType.RateBuilder,
};
const SERIES_ID_OF = new Map<string, number>(SERIES.map((series) => [series.name, series.id]));

export interface ImportReport {
  added: string[];
  updated: string[];
  unchanged: number;
  /** Passages left out, with why. */
  skipped: { slug: string; problems: string[] }[];
  ms: number;
}

export async function importLibrary(db: Database, options: { root?: string } = {}): Promise<ImportReport> {
  const started = performance.now();
  const entries = readLibrary(options.root);
  const known = new Map(
    (await db.select({ slug: passages.slug, contentHash: passages.contentHash }).from(passages)).map(
      (row) => [row.slug, row.contentHash],
    ),
  );
  const report: ImportReport = { added: [], updated: [], unchanged: 0, skipped: [], ms: 0 };
  const seen = new Set<string>();
  let outcomeIds: Map<string, number> | undefined;

  for (const entry of entries) {
    if (seen.has(entry.slug)) {
      report.skipped.push({ slug: entry.slug, problems: ['another kind of passage has the same slug'] });
      continue;
    }
    seen.add(entry.slug);
    if (!entry.passage) {
      report.skipped.push({ slug: entry.slug, problems: entry.problems });
      continue;
    }
    const files = readPictures(entry.folder, passagePictures(entry.passage));
    if (!files) {
      report.skipped.push({ slug: entry.slug, problems: passageProblems(entry) });
      continue;
    }
    const contentHash = hashOf(entry.passage, files);
    if (known.get(entry.slug) === contentHash) {
      report.unchanged += 1;
      continue;
    }
    const problems = passageProblems(entry);
    if (problems.length) {
      report.skipped.push({ slug: entry.slug, problems });
      continue;
    }
    outcomeIds ??= new Map(
      (await db.select({ code: learningOutcomes.code, id: learningOutcomes.id }).from(learningOutcomes)).map(
        (row) => [row.code, row.id],
      ),
    );
    const record = passageRecord(entry, entry.passage, files, contentHash);
    const ids = outcomeIds;
    try {
      await db.transaction((tx) => writePassage(tx, record, entry.passage!, ids));
    } catch (error) {
      // One passage that cannot be written must not stop the product from starting.
      report.skipped.push({ slug: entry.slug, problems: [`not saved: ${(error as Error).message}`] });
      continue;
    }
    (known.has(entry.slug) ? report.updated : report.added).push(entry.slug);
  }
  report.ms = Math.round(performance.now() - started);
  return report;
}

/** One line for the log: what changed, what was left out. */
export function describeImport(report: ImportReport): string {
  const parts = [
    `${report.added.length} added`,
    `${report.updated.length} updated`,
    `${report.unchanged} unchanged`,
    `${report.skipped.length} skipped`,
  ];
  const skipped = report.skipped.length
    ? ` (skipped: ${report.skipped.map((skip) => `${skip.slug}: ${skip.problems[0] ?? 'invalid'}`).join('; ')})`
    : '';
  return `library: ${parts.join(', ')} in ${report.ms} ms${skipped}`;
}

/** The picture files' bytes by name, or null when one is missing. */
function readPictures(folder: string, names: string[]): Map<string, Buffer> | null {
  const files = new Map<string, Buffer>();
  for (const name of names) {
    try {
      files.set(name, readFileSync(path.join(folder, name)));
    } catch {
      return null;
    }
  }
  return files;
}

function hashOf(passage: Passage, files: Map<string, Buffer>): string {
  const hash = createHash('sha256').update(`readalong-library-import ${IMPORT_VERSION}\n`);
  hash.update(JSON.stringify(passage));
  for (const [name, bytes] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    hash.update(`\n${name}\n`).update(bytes);
  }
  return hash.digest('hex');
}

/** A picture's key: `<slug>/<file>?v=<first 12 hex of its SHA-256>`, so its public URL changes with its bytes. */
function pictureKey(slug: string, file: string | undefined, files: Map<string, Buffer>): string | null {
  if (!file) return null;
  const version = createHash('sha256').update(files.get(file)!).digest('hex').slice(0, 12);
  return `${slug}/${file}?v=${version}`;
}

function passageRecord(
  entry: LibraryEntry,
  passage: Passage,
  files: Map<string, Buffer>,
  contentHash: string,
) {
  const measure = measureText(passageText(passage));
  const thumbnail = passage.cover ?? passage.pages.find((page) => page.illustration)?.illustration;
  return {
    slug: entry.slug,
    builderTypeId: BUILDER_TYPE_OF[entry.kind],
    title: passage.title,
    author: LIBRARY_AUTHOR,
    summary: passage.summary,
    seriesId: SERIES_ID_OF.get(passage.series)!,
    colourBandId: passage.colour_band,
    lexile: measure.lexile,
    wordCount: measure.words,
    thumbnailKey: pictureKey(entry.slug, thumbnail, files),
    backgroundKey: null,
    targetOutcomeCodes: passage.target_outcomes ?? [],
    contentHash,
    pages: passage.pages.map((page, index) => ({
      pageNum: index + 1,
      text: page.text,
      illustrationKey: pictureKey(entry.slug, page.illustration, files),
    })),
  };
}

async function writePassage(
  tx: Executor,
  record: ReturnType<typeof passageRecord>,
  passage: Passage,
  outcomeIds: Map<string, number>,
): Promise<void> {
  const { pages, ...row } = record;
  const { slug: _slug, ...changes } = row;
  const [saved] = await tx
    .insert(passages)
    .values(row)
    .onConflictDoUpdate({ target: passages.slug, set: changes })
    .returning({ id: passages.id });
  const passageId = saved!.id;

  // Pages: a page whose text is unchanged keeps its narration.
  await tx
    .insert(passagePages)
    .values(pages.map((page) => ({ passageId, ...page })))
    .onConflictDoUpdate({
      target: [passagePages.passageId, passagePages.pageNum],
      set: {
        text: sql`excluded.text`,
        illustrationKey: sql`excluded.illustration_key`,
        narrationKey: sql`case when ${passagePages.text} = excluded.text then ${passagePages.narrationKey} end`,
        wordTimings: sql`case when ${passagePages.text} = excluded.text then ${passagePages.wordTimings} end`,
      },
    });
  await tx
    .delete(passagePages)
    .where(and(eq(passagePages.passageId, passageId), gt(passagePages.pageNum, pages.length)));

  const stored = passage.questions.map((question, index) => ({
    questionNum: index + 1,
    ...storeQuestion(question, `${record.slug}#${index + 1}`),
  }));
  const values = stored.map(({ outcomes: _outcomes, ...question }) => ({ passageId, ...question }));
  const answered = tx
    .select({ one: sql`1` })
    .from(gradings)
    .where(eq(gradings.questionId, questions.id));
  const [anyAnswered] = await tx
    .select({ one: sql`1` })
    .from(gradings)
    .innerJoin(questions, eq(questions.id, gradings.questionId))
    .where(eq(questions.passageId, passageId))
    .limit(1);

  let kept: { id: number; questionNum: number }[] = [];
  if (!anyAnswered) {
    // Nobody has answered them: replace them.
    await tx.delete(questions).where(eq(questions.passageId, passageId));
    if (values.length)
      kept = await tx
        .insert(questions)
        .values(values)
        .returning({ id: questions.id, questionNum: questions.questionNum });
  } else {
    // Gradings refer to them: update in place by number, so the answers keep their question.
    if (values.length) {
      kept = await tx
        .insert(questions)
        .values(values)
        .onConflictDoUpdate({
          target: [questions.passageId, questions.questionNum],
          set: {
            typeId: sql`excluded.type_id`,
            prompt: sql`excluded.prompt`,
            content: sql`excluded.content`,
            answerKey: sql`excluded.answer_key`,
            marks: sql`excluded.marks`,
          },
        })
        .returning({ id: questions.id, questionNum: questions.questionNum });
    }
    // Questions the passage no longer has go, unless answered (those stay for the record).
    await tx
      .delete(questions)
      .where(
        and(
          eq(questions.passageId, passageId),
          gt(questions.questionNum, values.length),
          notExists(answered),
        ),
      );
    if (kept.length)
      await tx.delete(questionLearningOutcomes).where(
        inArray(
          questionLearningOutcomes.questionId,
          kept.map((question) => question.id),
        ),
      );
  }

  const links = kept.flatMap((question) =>
    [...new Set(stored[question.questionNum - 1]!.outcomes)].map((code) => {
      const learningOutcomeId = outcomeIds.get(code);
      if (learningOutcomeId === undefined)
        throw new Error(`${record.slug}: learning outcome ${code} is not in the database`);
      return { questionId: question.id, learningOutcomeId };
    }),
  );
  if (links.length) await tx.insert(questionLearningOutcomes).values(links);
}
