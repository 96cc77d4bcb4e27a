/** Every setting the server reads from the environment, validated once at start. README.md lists them. */
import { z } from 'zod';
import os from 'node:os';
import path from 'node:path';

const Flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
const UrlList = z
  .string()
  .transform((value) => value.split(',').map((url) => url.trim().replace(/\/+$/, '')))
  .pipe(z.array(z.url()));

/**
 * Which proxies may name the client's address in X-Forwarded-For (S13): none by default, `true` for any, or
 * comma-separated addresses and CIDR ranges of the proxies (Fastify's `trustProxy`).
 */
const TrustProxy = z
  .string()
  .trim()
  .transform((value): boolean | string[] =>
    ['true', 'false'].includes(value) ? value === 'true' : value.split(',').map((entry) => entry.trim()),
  )
  .pipe(
    z.union([
      z.boolean(),
      z.array(
        z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], 'must be true, false, or addresses of proxies'),
      ),
    ]),
  );
const PerWindow = z.coerce.number().int().min(1).max(100_000);
/**
 * Server processes at most (O17): each keeps a pool of POOL_SIZE (10) connections, and PostgreSQL's default
 * max_connections (100) must also leave room for the first process's pool and the operator's commands.
 */
export const MAX_SERVER_PROCESSES = 8;

const Environment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  APP_URLS: UrlList.optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('ReadAlong <no-reply@readalong.local>'),
  SUPPORT_EMAIL: z.email().default('support@readalong.local'),
  TRANSLATE_URL: z.url().optional(),
  TRANSLATE_API_KEY: z.string().optional(),
  SEED_DEMO: Flag.default(true),
  LIBRARY_DIR: z.string().optional(),
  NARRATION: Flag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  S3_BUCKET: z.string().min(3, 'must be a bucket name (3 to 63 characters)').max(63).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: Flag.optional(),
  TRUST_PROXY: TrustProxy.default(false),
  RATE_LIMIT_SIGN_IN: PerWindow.default(300),
  RATE_LIMIT_FORMS: PerWindow.default(30),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(MAX_SERVER_PROCESSES).optional(),
});

/** Where uploaded files are kept: DATA_DIR/files, or an S3-compatible bucket when S3_BUCKET is set. */
function storageOf(e: z.output<typeof Environment>, dataDir: string) {
  const filesDir = path.join(dataDir, 'files');
  if (!e.S3_BUCKET) return { kind: 'local' as const, dir: filesDir };
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    const [missing, given] = e.S3_ACCESS_KEY_ID
      ? ['S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID']
      : ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];
    throw new Error(`Invalid environment:\n  ${missing}: required with ${given}`);
  }
  return {
    kind: 's3' as const,
    /** Uploads being checked and copies for the audio tools stay on this machine. */
    tmpDir: path.join(filesDir, '.s3-tmp'),
    s3: {
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
      credentials:
        e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
          : undefined,
    },
  };
}

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = Environment.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    secretKey: e.SECRET_KEY,
    /** Addresses a password-reset link may point at. */
    appUrls: e.APP_URLS ?? [
      `http://localhost:${e.PORT}`,
      `http://127.0.0.1:${e.PORT}`,
      'http://localhost:5173',
    ],
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      supportEmail: e.SUPPORT_EMAIL,
      outboxDir: path.join(dataDir, 'outbox'),
    },
    translate: e.TRANSLATE_URL ? { url: e.TRANSLATE_URL, apiKey: e.TRANSLATE_API_KEY } : null,
    seedDemo: e.SEED_DEMO,
    /** The library's passage folders (content/library), imported at every start. */
    libraryDir: e.LIBRARY_DIR
      ? path.resolve(e.LIBRARY_DIR)
      : path.resolve(import.meta.dirname, '../../../content/library'),
    /** Narration with espeak-ng when its OS packages are present; cached under DATA_DIR/narration. */
    narration: { enabled: e.NARRATION, dir: path.join(dataDir, 'narration') },
    logLevel: e.LOG_LEVEL,
    storage: storageOf(e, dataDir),
    /** Fastify's `trustProxy`: off unless the operator names the proxy (S13). */
    trustProxy: e.TRUST_PROXY,
    /** Requests per address (S15): sign-in per minute; password-reset mail and contact forms per hour. */
    rateLimits: { signInPerMinute: e.RATE_LIMIT_SIGN_IN, formsPerHour: e.RATE_LIMIT_FORMS },
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.resolve(import.meta.dirname, '../../web/dist'),
    /** HTTP server processes (O17): WEB_CONCURRENCY, else one a CPU in production and one otherwise. */
    serverProcesses:
      e.WEB_CONCURRENCY ??
      (e.NODE_ENV === 'production' ? Math.min(os.availableParallelism(), MAX_SERVER_PROCESSES) : 1),
  };
}
