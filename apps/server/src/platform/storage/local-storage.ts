/** Files on local disk under DATA_DIR/files (the default): a checked upload is moved into place by a rename. */
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../domain/errors.js';
import type { Clock } from '../clock.js';
import type { Secrets } from '../secrets.js';
import {
  createLinkSigner,
  listFolder,
  receiveUpload,
  removeFilesOlderThan,
  type Storage,
} from './storage.js';

export function createLocalStorage(options: { root: string; secrets: Secrets; clock: Clock }): Storage {
  const { root } = options;
  const incoming = path.join(root, '.incoming');
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new AppError('not_found', 'No such file.');
    return full;
  };
  const exists = (full: string) =>
    stat(full).then(
      (found) => found.isFile(),
      () => false,
    );

  return {
    save: (stream, rules) =>
      receiveUpload(stream, rules, incoming, async ({ key, tmpPath }) => {
        await mkdir(path.dirname(resolve(key)), { recursive: true });
        await rename(tmpPath, resolve(key));
      }),
    async open(key) {
      try {
        const full = resolve(key);
        const { size } = await stat(full);
        return { stream: createReadStream(full), sizeBytes: size };
      } catch {
        return null;
      }
    },
    remove: (key) => rm(resolve(key), { force: true }),
    async withLocalCopy(key, fn) {
      const full = resolve(key);
      return (await exists(full)) ? fn(full) : null;
    },
    list: () => listFolder(root),
    removeTemporaries: (before) => removeFilesOlderThan(incoming, before),
    ...createLinkSigner(options),
  };
}
