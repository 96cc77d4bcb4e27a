/** Wires the real platform services (secret, storage, mail, tokens, speech) around a database. */
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { Deps } from './deps.js';
import { createTokenIssuer } from './modules/auth/tokens.js';
import { systemClock, type Clock } from './platform/clock.js';
import { createMailer } from './platform/mail.js';
import { loadSecrets, type Secrets } from './platform/secrets.js';
import { detectSpeech, speechOff } from './platform/speech.js';
import { createLocalStorage } from './platform/storage/local-storage.js';
import { createS3Storage } from './platform/storage/s3-storage.js';
import type { Storage } from './platform/storage/storage.js';

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
    storage: await createStorage(config, secrets, clock),
    speech: config.narration.enabled ? await detectSpeech() : speechOff('NARRATION is false'),
  };
}

/** Local disk unless S3_BUCKET is set; an S3 bucket is checked at start (a missing bucket or bad keys stop it). */
function createStorage(config: Config, secrets: Secrets, clock: Clock): Promise<Storage> | Storage {
  const settings = config.storage;
  if (settings.kind === 'local') return createLocalStorage({ root: settings.dir, secrets, clock });
  return createS3Storage({ settings: settings.s3, tmpDir: settings.tmpDir, secrets, clock });
}
