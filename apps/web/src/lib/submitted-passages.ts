/**
 * The student's submitted passages, cached on this device per colour band and series (docs/rules.md C16, "Submitted
 * passage"), so the book shelf can mark finished books without asking the server each time. Kept in
 * lib/persistence under one key, so signing out can drop all of it at once (docs/rules.md C8).
 */
import { persistence as defaultPersistence, type Persistence } from './persistence';
import { readStored, writeStored } from './stored-data';
import type { SubmittedPassagesCache as Cache } from './stored-schemas';

export type SubmittedPassageList = readonly Cache[string][number][];

export const SUBMITTED_PASSAGES_KEY = 'readalong.submitted-passages';

const bandKey = (colourBandId: number, seriesId: number) => `${colourBandId}:${seriesId}`;

export interface SubmittedPassagesCache {
  /** The cached passages of one colour band and series, or null when none are cached. */
  get(colourBandId: number, seriesId: number): Promise<SubmittedPassageList | null>;
  /** Replaces the cached passages of one colour band and series. */
  put(colourBandId: number, seriesId: number, passages: SubmittedPassageList): Promise<void>;
  /** Forgets one colour band and series, e.g. after the student's colour was reset (docs/rules.md C16). */
  dropBand(colourBandId: number, seriesId: number): Promise<void>;
  /** Forgets everything (sign-out). */
  clear(): Promise<void>;
}

/** A cache of submitted passages kept in `persistence`. */
export function createSubmittedPassagesCache(
  persistence: Persistence = defaultPersistence,
): SubmittedPassagesCache {
  // Changes go one after another, so two quick writes cannot lose each other's bands.
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (operation: () => Promise<void>) => (queue = queue.then(operation, operation));
  // A cache of an older shape is as good as none: the server has the truth.
  const read = async (): Promise<Cache> =>
    (await readStored(persistence, SUBMITTED_PASSAGES_KEY, 'SubmittedPassagesCache')) ?? {};
  const edit = (change: (cache: Cache) => Cache) =>
    enqueue(async () =>
      writeStored(persistence, SUBMITTED_PASSAGES_KEY, 'SubmittedPassagesCache', change(await read())),
    );

  return {
    get: async (colourBandId, seriesId) => {
      await queue.catch(() => undefined);
      return (await read())[bandKey(colourBandId, seriesId)] ?? null;
    },
    put: (colourBandId, seriesId, passages) =>
      edit((cache) => ({ ...cache, [bandKey(colourBandId, seriesId)]: [...passages] })),
    dropBand: (colourBandId, seriesId) =>
      edit((cache) => {
        const { [bandKey(colourBandId, seriesId)]: _dropped, ...rest } = cache;
        return rest;
      }),
    clear: () => enqueue(() => persistence.remove(SUBMITTED_PASSAGES_KEY)),
  };
}

/** The app's one cache of submitted passages. */
export const submittedPassages = createSubmittedPassagesCache();
