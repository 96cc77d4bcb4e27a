import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { outboxDir } from '../server-env';

/** The newest mail the server wrote to its outbox folder for `to`, waiting a little for it to arrive. */
export async function latestMailTo(to: string): Promise<string> {
  let found = '';
  await expect
    .poll(async () => {
      const names = (await readdir(outboxDir).catch(() => [] as string[])).sort().reverse();
      for (const name of names) {
        const mail = await readFile(path.join(outboxDir, name), 'utf8');
        if (mail.includes(`To: ${to}`)) return (found = mail);
      }
      return '';
    })
    .not.toBe('');
  // Undo quoted-printable soft line breaks so links read whole.
  return found.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}
