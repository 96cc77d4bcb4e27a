/**
 * Roster import (docs/rules.md RI1–RI8): an upload is read and checked in the background (a dry run that writes only
 * its own staging rows), then, once sound, committed all or nothing. The client polls the job.
 */
import path from 'node:path';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import {
  contracts,
  ROSTER_FILE_MAX_BYTES,
  ROSTER_IMPORTS_LISTED,
  ROSTER_PROBLEMS_SHOWN,
  type RosterImport,
} from '@readalong/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { Actor } from '../../domain/actor.js';
import { AppError, invalidField, notFound } from '../../domain/errors.js';
import { readMultipart } from '../../http/multipart.js';
import { hashPassword } from '../../platform/passwords.js';
import { ORPHAN_GRACE_MS } from '../../platform/storage/orphan-files.js';
import { removeFilesOlderThan } from '../../platform/storage/storage.js';
import { schoolInScope } from '../access/in-scope.js';
import { visibleSchools } from '../access/scope.js';
import { createLicencesService, dayOf, requireFreeSeats } from '../licences/licences.service.js';
import { countRows, detectFormat, readRosterFile } from './read-file.js';
import type { Problem, StagedRow } from './row-rules.js';
import { tempFiles } from './temp-files.js';
import * as repo from './roster-import.repository.js';

export type RosterImportService = ReturnType<typeof createRosterImportService>;

/** A job untouched this long stopped with its server (RI8). */
const ABANDONED_AFTER_MINUTES = 5;
const ABANDONED = 'The server stopped during the import: upload the file again.';
/** Argon2id hashes at once: each takes ~19 MB and a core for a moment (RI5). */
const HASHES_AT_ONCE = 4;

const REFUSED_COMMIT: Partial<Record<repo.ImportRow['status'], string>> = {
  validating: 'This import is still being checked: wait until its check ends.',
  invalid: 'This import has problems: fix the file and upload it again.',
  committing: 'This import is being committed.',
  committed: 'This import is already committed.',
  failed: 'This import failed: upload the file again.',
};

/** The first problems, kept in file and row order, and how many there are in all (RI2). */
function problemList() {
  const shown: Problem[] = [];
  let count = 0;
  return {
    add(problem: Problem) {
      count += 1;
      if (shown.length < ROSTER_PROBLEMS_SHOWN) shown.push(problem);
    },
    merge(more: Problem[], moreCount: number) {
      const all = [...shown, ...more].sort((a, b) => a.file.localeCompare(b.file) || a.row - b.row);
      return { problems: all.slice(0, ROSTER_PROBLEMS_SHOWN), problemCount: count + moreCount };
    },
  };
}

/** Hashes the passwords of a batch, a few at a time; the staged row keeps only the hash (RI5). */
async function withHashes(importId: number, batch: StagedRow[]) {
  const hashes: (string | null)[] = [];
  for (let first = 0; first < batch.length; first += HASHES_AT_ONCE) {
    const some = batch.slice(first, first + HASHES_AT_ONCE);
    hashes.push(
      ...(await Promise.all(
        some.map((row) => (row.password ? hashPassword(row.password) : Promise.resolve(null))),
      )),
    );
  }
  return batch.map(({ password: _password, ...row }, index) => ({
    ...row,
    importId,
    passwordHash: hashes[index],
  }));
}

export function view(job: repo.ImportRow): z.infer<typeof RosterImport> {
  return {
    id: job.id,
    school_id: job.schoolId,
    file_name: job.fileName,
    format: job.format,
    status: job.status,
    progress: { done: job.progressDone, total: job.progressTotal },
    changes: job.changes,
    seats: job.seats,
    problems: job.problems,
    problem_count: job.problemCount,
    error: job.error,
    created_at: job.createdAt.toISOString(),
    finished_at: job.finishedAt?.toISOString() ?? null,
  };
}

const withoutProblems = ({ problems: _problems, ...job }: z.infer<typeof RosterImport>) => job;

/** Where uploads wait until their dry run reads them (RI3). */
const uploadDirOf = (config: Deps['config']) => path.join(config.dataDir, 'roster-imports');

/**
 * Removes the uploads a stopped server left unread, at start with the other temporary upload files and by the same
 * hour's grace (O3); an upload is read within seconds of its arrival.
 */
export function removeLeftUploads(deps: Pick<Deps, 'clock' | 'config'>) {
  return removeFilesOlderThan(
    uploadDirOf(deps.config),
    new Date(deps.clock.now().getTime() - ORPHAN_GRACE_MS),
  );
}

export function createRosterImportService(deps: Pick<Deps, 'db' | 'clock' | 'config'>) {
  const { db, clock } = deps;
  const licences = createLicencesService(deps);
  const uploads = tempFiles(uploadDirOf(deps.config));

  /** Runs a job after the answer (RI1); whatever goes wrong, the import ends failed with the reason in words. */
  function inBackground(jobId: number, log: FastifyBaseLogger, work: () => Promise<void>) {
    void work()
      .catch(async (error: unknown) => {
        if (!(error instanceof AppError)) log.error({ err: error, importId: jobId }, 'roster import failed');
        const words =
          error instanceof AppError
            ? error.message
            : 'The import stopped on an unexpected error: nothing was written.';
        await repo.updateImport(db, jobId, { status: 'failed', error: words, finishedAt: clock.now() });
        await repo.deleteStaged(db, jobId);
      })
      .catch((error: unknown) =>
        log.error({ err: error, importId: jobId }, 'roster import not marked failed'),
      );
  }

  /** The school an upload is for (A5): a department head names one of their district, an owner has theirs. */
  async function targetSchool(actor: Actor, schoolId: number | undefined) {
    if (actor.role === 'department_head' && schoolId === undefined)
      throw invalidField('body.school_id', 'choose a school');
    const school = await schoolInScope(db, actor, schoolId);
    if (school === undefined) throw notFound('school');
    return school;
  }

  async function seatsFor(actor: Actor, schoolId: number, needed: number) {
    const usage = await licences.usage(actor, schoolId);
    const { license_packs } = await licences.packs(actor, schoolId);
    return { needed, free: license_packs.length ? usage.seats_free : null };
  }

  /** The commit's own seat check, made now: its refusal, in its words, is a problem of the whole file (LP3). */
  async function seatProblem(job: repo.ImportRow, needed: number): Promise<Problem | null> {
    try {
      await db.transaction((tx) => requireFreeSeats(tx, job.schoolId, needed, 'file', dayOf(clock.now())));
      return null;
    } catch (error) {
      if (!(error instanceof AppError) || !error.fields?.file) throw error;
      return { file: job.fileName, row: 0, column: null, message: error.fields.file };
    }
  }

  /** The dry run (RI2, RI3): stages the file's rows in batches, matches them, checks them, counts the changes. */
  async function dryRun(actor: Actor, job: repo.ImportRow, filePath: string) {
    const problems = problemList();
    let read = 0;
    try {
      await repo.updateImport(db, job.id, { progressTotal: await countRows(filePath, job.format) });
      const grades = await repo.grades(db);
      await readRosterFile(filePath, job.format, job.fileName, grades, {
        rows: async (batch, records) => {
          await repo.stageRows(db, await withHashes(job.id, batch));
          read += records;
          await repo.updateImport(db, job.id, { progressDone: read });
        },
        problem: (problem) => problems.add(problem),
      });
    } finally {
      await uploads.remove(filePath);
    }
    await repo.updateImport(db, job.id, { progressDone: read, progressTotal: read });
    await repo.analyzeStaged(db);
    await repo.matchRows(db, job.id, job.schoolId, job.format);
    const found = await repo.fileProblems(db, job.id, job.schoolId, job.format, ROSTER_PROBLEMS_SHOWN);
    const changes = await repo.plannedChanges(db, job.id, job.format);
    const needed = changes.students.created;
    const seatsShort = await seatProblem(job, needed);
    if (seatsShort) found.problems.unshift(seatsShort);
    const result = problems.merge(found.problems, found.total + (seatsShort ? 1 : 0));
    const status = result.problemCount ? 'invalid' : 'ready';
    await repo.updateImport(db, job.id, {
      ...result,
      status,
      changes,
      seats: await seatsFor(actor, job.schoolId, needed),
      finishedAt: clock.now(),
    });
    if (status === 'invalid') await repo.deleteStaged(db, job.id);
  }

  /** The commit (RI7): one transaction, the school locked, every check made again; all of it is written or none. */
  async function commit(actor: Actor, job: repo.ImportRow) {
    const place = {
      importId: job.id,
      schoolId: job.schoolId,
      districtId: actor.districtId,
      format: job.format,
    };
    const total = job.progressTotal ?? 0;
    try {
      await db.transaction(async (tx) => {
        await repo.lockSchool(tx, job.schoolId);
        await repo.matchRows(tx, job.id, job.schoolId, job.format);
        const again = await repo.fileProblems(tx, job.id, job.schoolId, job.format, 1);
        if (again.total) {
          const [first] = again.problems;
          throw new AppError(
            'conflict',
            `The school's roster changed since the check (${first!.file} row ${first!.row}: ${first!.message}): upload the file again.`,
          );
        }
        const changes = await repo.plannedChanges(tx, job.id, job.format);
        await requireFreeSeats(tx, job.schoolId, changes.students.created, 'file', dayOf(clock.now()));
        await repo.writePeopleAndClasses(tx, place);
        await repo.updateImport(db, job.id, { progressDone: Math.floor(total / 2) });
        const full = await repo.writeEnrolments(tx, job.id, job.schoolId);
        if (full.length)
          throw new AppError('conflict', `Classes past their capacity: ${full.join(', ')} (M2).`);
        await repo.writeAudit(tx, {
          actorId: actor.userId,
          districtId: actor.districtId,
          schoolId: job.schoolId,
          action: 'roster_import',
          targetType: 'school',
          targetId: String(job.schoolId),
          details: { import_id: job.id, file_name: job.fileName, format: job.format, changes },
        });
        await repo.updateImport(tx, job.id, {
          status: 'committed',
          changes,
          progressDone: total,
          finishedAt: clock.now(),
        });
      });
    } finally {
      await repo.deleteStaged(db, job.id);
    }
  }

  /** Ends the jobs a stopped server left (RI8); the uploads it left are removed at start (removeLeftUploads). */
  const sweepAbandoned = () => repo.failAbandoned(db, ABANDONED_AFTER_MINUTES, ABANDONED);

  async function visibleImport(actor: Actor, id: number) {
    await sweepAbandoned();
    const job = await repo.findImport(db, id, visibleSchools(actor));
    if (!job) throw notFound('import');
    return job;
  }

  return {
    /** Receives the file into a temporary file and starts its dry run (RI1, RI2). */
    async start(actor: Actor, request: FastifyRequest) {
      const { fields, files } = await readMultipart(
        request,
        contracts.startRosterImport.multipart,
        uploads,
        () => ({ folder: '', maxBytes: ROSTER_FILE_MAX_BYTES, acceptedTypes: [] }),
        { fileSizeLimit: ROSTER_FILE_MAX_BYTES },
      );
      const file = files.file!;
      try {
        const schoolId = await targetSchool(actor, fields.school_id);
        const job = await repo.insertImport(db, {
          schoolId,
          createdBy: actor.userId,
          fileName: file.fileName.slice(0, 255) || 'roster',
          format: await detectFormat(file.key),
        });
        inBackground(job.id, request.log, () => dryRun(actor, job, file.key));
        return view(job);
      } catch (error) {
        await uploads.remove(file.key);
        throw error;
      }
    },

    /** The latest imports in scope (RI1): a department head's of the district, or of the school named. */
    async list(actor: Actor, schoolId: number | undefined) {
      await sweepAbandoned();
      const school = await schoolInScope(db, actor, schoolId);
      const jobs = await repo.latestImports(db, visibleSchools(actor), school, ROSTER_IMPORTS_LISTED);
      return { imports: jobs.map((job) => withoutProblems(view(job))) };
    },

    async get(actor: Actor, id: number) {
      return view(await visibleImport(actor, id));
    },

    /** Starts the commit of a sound import (RI7); any other state is refused in words. */
    async commit(actor: Actor, id: number, request: FastifyRequest) {
      const job = await visibleImport(actor, id);
      if (job.status !== 'ready' || !(await repo.claimImport(db, id, 'ready', 'committing'))) {
        const now = job.status === 'ready' ? (await visibleImport(actor, id)).status : job.status;
        throw new AppError('bad_request', REFUSED_COMMIT[now] ?? 'This import cannot be committed.');
      }
      inBackground(id, request.log, () => commit(actor, job));
      return view({ ...job, status: 'committing', progressDone: 0 });
    },
  };
}
