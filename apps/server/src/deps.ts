/** What services are built from: explicit, so tests can hand in a fixed clock or an outbox of their own. */
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { Clock } from './platform/clock.js';
import type { Mailer } from './platform/mail.js';
import type { Secrets } from './platform/secrets.js';
import type { Speech } from './platform/speech.js';
import type { Storage } from './platform/storage/storage.js';
import type { TokenIssuer } from './modules/auth/tokens.js';

export interface Deps {
  config: Config;
  db: Database;
  clock: Clock;
  secrets: Secrets;
  tokens: TokenIssuer;
  mail: Mailer;
  storage: Storage;
  speech: Speech;
}
