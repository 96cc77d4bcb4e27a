/**
 * docs/rules.md B15: what this browser keeps between visits (lib/session, lib/submitted-passages) is stored with the
 * fingerprint of its schema in lib/stored-schemas, which the build takes (build/contract-data.ts), and read back
 * only under today's fingerprint: data an older version of the app wrote in another shape, or anything else found
 * under the key, reads as nothing. So reading it back needs neither zod nor the contracts at start.
 */
import shapes from 'virtual:stored-shapes';
import type { z } from 'zod';
import type { Persistence } from './persistence';
import type * as schemas from './stored-schemas';

type Kind = keyof typeof shapes;
export type StoredValue<K extends Kind> = z.infer<(typeof schemas)[K]>;

interface Sealed {
  shape: string;
  value: unknown;
}

const isSealed = (stored: unknown): stored is Sealed =>
  typeof stored === 'object' && stored !== null && 'shape' in stored && 'value' in stored;

/** The value kept under `key` in the shape of `kind`, or null. */
export async function readStored<K extends Kind>(
  persistence: Persistence,
  key: string,
  kind: K,
): Promise<StoredValue<K> | null> {
  const stored = await persistence.get(key);
  return isSealed(stored) && stored.shape === shapes[kind] ? (stored.value as StoredValue<K>) : null;
}

/** Keeps `value` under `key`, with the fingerprint of its shape. */
export const writeStored = <K extends Kind>(
  persistence: Persistence,
  key: string,
  kind: K,
  value: StoredValue<K>,
): Promise<void> => persistence.set(key, { shape: shapes[kind], value } satisfies Sealed);
