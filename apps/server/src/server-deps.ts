/** Wires the real platform services (secret, storage, mail, tokens, speech) around a database. */
import path from 'node:path';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { Deps } from './deps.js';
import { createTokenIssuer } from './modules/auth/tokens.js';
import { systemClock, type Clock } from './platform/clock.js';
import { createMailer } from './platform/mail.js';
import { loadSecrets } from './platform/secrets.js';
import { detectSpeech, speechOff } from './platform/speech.js';
import { createLocalStorage } from './platform/storage.js';

export async function createServerDeps(
  config: Config,
  db: Database,
  clock: Clock = systemClock,
): Promise<Deps> {
  const secrets = await loadSecrets(config.secretKey, config.dataDir);
  return {
    config,
    db,
    clock,
    secrets,
    tokens: createTokenIssuer(secrets.jwtKey, clock),
    mail: createMailer({
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      outboxDir: config.mail.outboxDir,
    }),
    storage: createLocalStorage({ root: path.join(config.dataDir, 'files'), secrets, clock }),
    speech: config.narration.enabled ? await detectSpeech() : speechOff('NARRATION is false'),
  };
}
