/**
 * The server's secret: SECRET_KEY, or a random key kept in DATA_DIR/secret.key so sessions and signed links
 * survive a restart. Each use gets its own derived key, so a leak of one cannot forge another.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Secrets {
  jwtKey: Uint8Array;
  sign: (purpose: string, value: string) => string;
  verify: (purpose: string, value: string, signature: string) => boolean;
}

export async function loadSecrets(secretKey: string | undefined, dataDir: string): Promise<Secrets> {
  return deriveSecrets(secretKey ?? (await readOrCreateKey(dataDir)));
}

export function deriveSecrets(root: string): Secrets {
  const derive = (purpose: string) => createHmac('sha256', root).update(purpose).digest();
  const linkKey = derive('signed-links');
  const sign = (purpose: string, value: string) =>
    createHmac('sha256', linkKey).update(`${purpose}\n${value}`).digest('base64url');
  return {
    jwtKey: derive('access-tokens'),
    sign,
    verify: (purpose, value, signature) => {
      const expected = Buffer.from(sign(purpose, value));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

async function readOrCreateKey(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  await mkdir(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  await writeFile(file, key + '\n', { mode: 0o600 });
  return key;
}

/** Opaque tokens (refresh tokens, reset keys) are stored only as this hash. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomToken = () => randomBytes(32).toString('base64url');
