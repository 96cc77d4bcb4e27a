/**
 * Reads a roster file row by row (RI2, RI3): the CSV template, or the CSVs of a OneRoster 1.1 zip read entry by entry
 * from the temporary file (yauzl), each streamed through csv-parse. Nothing is held whole: rows leave in batches for
 * the staging table, and each row's own problems (a field's format, a wrong number of cells) are reported as met.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import yauzl from 'yauzl';
import { ONEROSTER_FILES, ROSTER_FILE_MAX_BYTES, ROSTER_TEMPLATE_COLUMNS } from '@readalong/contracts';
import { rowReaders, type Grades, type Problem, type StagedRow } from './row-rules.js';

export type RosterFormat = 'template' | 'oneroster';

/** Rows sent to the staging table at once. */
export const BATCH_ROWS = 500;
/** A CSV inside the zip may expand to this much; a larger declared size is refused unread (a zip bomb). */
const MAX_ENTRY_BYTES = 10 * ROSTER_FILE_MAX_BYTES;
/** Rows of one file: more than any school has, few enough to stage. */
export const MAX_ROWS_PER_FILE = 200_000;
/** One CSV record: a longer one is not a roster row (a binary file, a quote never closed). */
const MAX_RECORD_BYTES = 64 * 1024;

export interface RowSink {
  /** Stages a batch of at most BATCH_ROWS staged rows, made of the `records` CSV rows read since the last batch. */
  rows(batch: StagedRow[], records: number): Promise<void>;
  problem(problem: Problem): void;
}

/** A zip starts with a local file header (`PK\x03\x04`); anything else is read as the CSV template. */
export async function detectFormat(filePath: string): Promise<RosterFormat> {
  const handle = await open(filePath, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    return bytesRead === 4 && buffer.equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) ? 'oneroster' : 'template';
  } finally {
    await handle.close();
  }
}

export async function readRosterFile(
  filePath: string,
  format: RosterFormat,
  fileName: string,
  grades: Grades,
  sink: RowSink,
) {
  if (format === 'template') {
    await readCsv(createReadStream(filePath), fileName, ROSTER_TEMPLATE_COLUMNS, 'template', grades, sink);
  } else {
    await readZip(filePath, fileName, grades, sink);
  }
}

/**
 * The rows the file holds, counted by line ends before it is read, so progress has a total (RI1): a quoted cell
 * over several lines counts more than once, and the total is made exact once the file is read. Null if unreadable.
 */
export async function countRows(filePath: string, format: RosterFormat): Promise<number | null> {
  try {
    if (format === 'template') return Math.max(0, (await lineEnds(createReadStream(filePath))) - 1);
    const zip = await openZip(filePath);
    let rows = 0;
    try {
      for await (const entry of entriesOf(zip)) {
        const name = entry.fileName.split('/').pop()!;
        if (!isOneRosterFile(name) || entry.uncompressedSize > MAX_ENTRY_BYTES) continue;
        const stream = await new Promise<Readable>((resolve, reject) =>
          zip.openReadStream(entry, (error, opened) => (error ? reject(error) : resolve(opened))),
        );
        rows += Math.max(0, (await lineEnds(stream)) - 1);
      }
    } finally {
      zip.close();
    }
    return rows;
  } catch {
    return null;
  }
}

async function lineEnds(stream: Readable) {
  let count = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) count += 1;
  }
  return count;
}

const openZip = (filePath: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(filePath, { lazyEntries: true, autoClose: false }, (error, opened) =>
      error ? reject(error) : resolve(opened),
    ),
  );

/** The columns each file must have (OneRoster 1.1's required ones that an import reads). */
const ONEROSTER_COLUMNS: Record<(typeof ONEROSTER_FILES)[number], readonly string[]> = {
  'orgs.csv': ['sourcedId', 'name', 'type'],
  'academicSessions.csv': ['sourcedId', 'title'],
  'users.csv': ['sourcedId', 'role', 'username', 'givenName', 'familyName'],
  'classes.csv': ['sourcedId', 'title', 'schoolSourcedId'],
  'enrollments.csv': ['sourcedId', 'classSourcedId', 'userSourcedId', 'role'],
};

const isOneRosterFile = (name: string): name is (typeof ONEROSTER_FILES)[number] =>
  (ONEROSTER_FILES as readonly string[]).includes(name);

/** The zip's CSVs one after the other, each from its own entry stream; files the import does not read are skipped. */
async function readZip(filePath: string, zipName: string, grades: Grades, sink: RowSink) {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(filePath);
  } catch (error) {
    sink.problem(wholeFile(zipName, `is not a readable zip file (${messageOf(error)})`));
    return;
  }
  const seen = new Set<string>();
  try {
    for await (const entry of entriesOf(zip)) {
      const name = entry.fileName.split('/').pop()!;
      if (!isOneRosterFile(name) || entry.fileName.endsWith('/')) continue;
      if (seen.has(name)) {
        sink.problem(wholeFile(name, 'is in the zip more than once'));
        continue;
      }
      seen.add(name);
      if (entry.uncompressedSize > MAX_ENTRY_BYTES) {
        sink.problem(wholeFile(name, `is larger than ${MAX_ENTRY_BYTES / 1024 / 1024} MB unpacked`));
        continue;
      }
      const stream = await new Promise<Readable>((resolve, reject) =>
        zip.openReadStream(entry, (error, opened) => (error ? reject(error) : resolve(opened))),
      );
      await readCsv(stream, name, ONEROSTER_COLUMNS[name], name, grades, sink);
    }
  } catch (error) {
    sink.problem(wholeFile(zipName, `is not a readable zip file (${messageOf(error)})`));
    return;
  } finally {
    zip.close();
  }
  for (const name of ONEROSTER_FILES) {
    if (!seen.has(name)) sink.problem(wholeFile(name, 'is missing from the zip'));
  }
}

/** The zip's entries, the next one read only once the caller is done with the last. */
async function* entriesOf(zip: yauzl.ZipFile): AsyncGenerator<yauzl.Entry> {
  for (;;) {
    const next = new Promise<yauzl.Entry | null>((resolve, reject) => {
      const cleanup = () => {
        zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
      };
      const onEntry = (entry: yauzl.Entry) => (cleanup(), resolve(entry));
      const onEnd = () => (cleanup(), resolve(null));
      const onError = (error: Error) => (cleanup(), reject(error));
      zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
    });
    zip.readEntry();
    const entry = await next;
    if (!entry) return;
    yield entry;
  }
}

/**
 * One CSV, header first: a missing column is a problem of the whole file (row 0) and the rows are not read; each row
 * is then read by the file's row reader. Row numbers are the CSV's records, the header being row 1.
 */
async function readCsv(
  stream: Readable,
  file: string,
  required: readonly string[],
  kind: keyof typeof rowReaders,
  grades: Grades,
  sink: RowSink,
) {
  const parser = stream.pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, max_record_size: MAX_RECORD_BYTES }),
  );
  stream.on('error', (error) => parser.destroy(error));
  let header: string[] | undefined;
  let rowNumber = 0;
  /** The last row accounted for in a batch sent (the header, once read, is no row of data). */
  let flushedAt = 0;
  let batch: StagedRow[] = [];
  const readRow = rowReaders[kind];
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      rowNumber += 1;
      if (!header) {
        header = record.map((cell) => cell.trim());
        const missing = required.filter((column) => !header!.includes(column));
        for (const column of missing)
          sink.problem({ file, row: 0, column, message: 'this column is missing' });
        flushedAt = rowNumber;
        if (missing.length) break;
        continue;
      }
      if (rowNumber - 1 > MAX_ROWS_PER_FILE) {
        sink.problem(wholeFile(file, `has more than ${MAX_ROWS_PER_FILE} rows`));
        break;
      }
      if (record.length !== header.length) {
        sink.problem({
          file,
          row: rowNumber,
          column: null,
          message: `has ${record.length} cells where the header has ${header.length}`,
        });
        continue;
      }
      const cells = Object.fromEntries(header.map((column, index) => [column, record[index]!.trim()]));
      const staged = readRow(cells, { file, row: rowNumber, grades, problem: (p) => sink.problem(p) });
      batch.push(...staged);
      if (batch.length >= BATCH_ROWS) {
        await sink.rows(batch, rowNumber - flushedAt);
        flushedAt = rowNumber;
        batch = [];
      }
    }
    if (!header) sink.problem(wholeFile(file, 'is empty'));
  } catch (error) {
    sink.problem({
      file,
      row: rowNumber + 1,
      column: null,
      message: `is not readable CSV (${messageOf(error)})`,
    });
  } finally {
    parser.destroy();
    stream.destroy();
  }
  await sink.rows(batch, rowNumber - flushedAt);
}

const wholeFile = (file: string, message: string): Problem => ({ file, row: 0, column: null, message });

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
