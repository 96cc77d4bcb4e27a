/**
 * Requests per address on the calls that sign in, send mail or take an anonymous form (S15): `@fastify/rate-limit`
 * with its counters in PostgreSQL, so every server behind one address shares them.
 */
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import rateLimit, { normalizeIP, type FastifyRateLimitStore } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import { contracts, type Contract } from '@readalong/contracts';
import type { Deps } from '../deps.js';
import type { Executor } from '../db/database.js';
import { rateLimitHits } from '../db/schema/index.js';
import type { Clock } from '../platform/clock.js';
import { AppError } from '../domain/errors.js';
import { API_PREFIX } from './route.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Counts one request of `key` and returns the count in its window and the milliseconds the window has left. */
export async function countHit(db: Executor, key: string, windowMs: number, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const isOver = sql`${rateLimitHits.windowStart} <= ${at} - ${`${windowMs} milliseconds`}::interval`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, hits: 1, windowStart: now })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${isOver} then 1 else ${rateLimitHits.hits} + 1 end`,
        windowStart: sql`case when ${isOver} then ${at} else ${rateLimitHits.windowStart} end`,
      },
    })
    .returning({ hits: rateLimitHits.hits, windowStart: rateLimitHits.windowStart });
  const { hits, windowStart } = row!;
  // A new window is the moment to sweep windows long over: one indexed delete now and then, not per request.
  if (hits === 1)
    await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, new Date(now.getTime() - HOUR)));
  return { current: hits, ttl: windowStart.getTime() + windowMs - now.getTime() };
}

/** A store class for `@fastify/rate-limit` (it builds the store itself, so the database comes in by closure). */
function postgresStore(db: Executor, clock: Clock) {
  return class PostgresStore implements FastifyRateLimitStore {
    incr(
      key: string,
      done: (error: Error | null, result?: { current: number; ttl: number }) => void,
      windowMs: number,
    ) {
      countHit(db, key, windowMs, clock.now()).then(
        (result) => done(null, result),
        (error: Error) => done(error),
      );
    }
    child() {
      return this;
    }
  };
}

const urlOf = (contract: Contract) => API_PREFIX + contract.path;

export async function registerRateLimits(app: FastifyInstance, deps: Deps) {
  const { signInPerMinute, formsPerHour } = deps.config.rateLimits;
  await app.register(rateLimit, {
    global: false,
    store: postgresStore(deps.db, deps.clock),
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'too_many_requests',
        `Too many requests from your address. Try again in ${context.after}.`,
      ),
  });
  // An IPv6 client holds a whole /64: it counts as one address.
  const limit = (name: string, max: number, timeWindow: number) =>
    app.rateLimit({ max, timeWindow, keyGenerator: (request) => `${name}|${normalizeIP(request.ip)}` });
  const limits = new Map<string, onRequestHookHandler>([
    [urlOf(contracts.login), limit('login', signInPerMinute, MINUTE)],
    [urlOf(contracts.recoverPassword), limit('recover', formsPerHour, HOUR)],
    [urlOf(contracts.contactUsPublic), limit('contact', formsPerHour, HOUR)],
    [urlOf(contracts.contactUs), limit('contact', formsPerHour, HOUR)],
  ]);
  // Before the route's own hooks, so a refused request costs no sign-in check or body parsing.
  app.addHook('onRoute', (route) => {
    const limiter = limits.get(route.url);
    if (!limiter) return;
    const own = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [limiter, ...own];
  });
}
