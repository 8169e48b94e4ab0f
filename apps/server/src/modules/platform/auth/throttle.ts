import { MESSAGES } from '@aps/shared';
import rateLimit from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../core/envelope.ts';
import type { Db } from '../../../db/client.ts';
import { sysAuthCounter } from './tables.ts';

/**
 * Requests per source (client address) and minute on the public auth routes; docs/decisions.md "Login throttling
 * (issue 12 §1–2)" says why these numbers. They bound floods; the database counters below bound password guesses.
 */
export const AUTH_RATE_LIMITS = {
  login: { max: 30, timeWindow: 60_000 },
  phoneLogin: { max: 10, timeWindow: 60_000 },
  sms: { max: 5, timeWindow: 60_000 },
  /** Slider proofs and (when it comes) the captcha image. */
  humanProof: { max: 20, timeWindow: 60_000 },
} as const;

/** Wrong passwords allowed without a human proof, per username and per source, in LOGIN_WINDOW_MS. */
export const LOGIN_FREE_FAILURES = { account: 5, source: 10 } as const;
export const LOGIN_WINDOW_MS = 15 * 60_000;
/** Delay before checking a password beyond the free attempts: doubles from the first, capped. */
export const LOGIN_DELAY_BASE_MS = 250;
export const LOGIN_DELAY_MAX_MS = 3_000;

/** SMS sends per number and per source in SMS_DAY_MS, and the resend pause of one number. */
export const SMS_LIMITS = { perPhone: 10, perSource: 20, resendMs: 60_000 } as const;
export const SMS_DAY_MS = 24 * 60 * 60_000;

export const counterKeys = {
  loginAccount: (username: string) => `login:user:${username}`,
  loginSource: (ip: string) => `login:ip:${ip}`,
  smsPhone: (phone: string) => `sms:phone:${phone}`,
  smsResend: (phone: string) => `sms:resend:${phone}`,
  smsSource: (ip: string) => `sms:ip:${ip}`,
};

/** The delay before the password check of an attempt `excess` places beyond the free ones (0: none). */
export function loginDelayMs(excess: number): number {
  if (excess <= 0) return 0;
  return Math.min(LOGIN_DELAY_BASE_MS * 2 ** (excess - 1), LOGIN_DELAY_MAX_MS);
}

export interface AuthCounters {
  /** Adds one to `key` in a window of `windowMs` from its first hit and returns the new count, atomically. */
  hit(key: string, windowMs: number): Promise<number>;
  /** Takes one back (a reserved attempt that turned out right). */
  undo(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export function createAuthCounters(db: Db): AuthCounters {
  let hits = 0;
  return {
    async hit(key, windowMs) {
      // Every thousandth hit sweeps expired windows, so junk usernames do not pile up.
      if (++hits % 1000 === 0) await db.delete(sysAuthCounter).where(lt(sysAuthCounter.expiresAt, sql`now()`));
      const interval = `${windowMs} milliseconds`;
      const expired = sql`${sysAuthCounter.expiresAt} <= now()`;
      const [row] = await db
        .insert(sysAuthCounter)
        .values({ key, count: 1, expiresAt: sql`now() + ${interval}::interval` })
        .onConflictDoUpdate({
          target: sysAuthCounter.key,
          set: {
            count: sql`CASE WHEN ${expired} THEN 1 ELSE ${sysAuthCounter.count} + 1 END`,
            expiresAt: sql`CASE WHEN ${expired} THEN now() + ${interval}::interval ELSE ${sysAuthCounter.expiresAt} END`,
          },
        })
        .returning({ count: sysAuthCounter.count });
      return row?.count ?? 1;
    },
    async undo(key) {
      await db
        .update(sysAuthCounter)
        .set({ count: sql`GREATEST(${sysAuthCounter.count} - 1, 0)` })
        .where(sql`${sysAuthCounter.key} = ${key}`);
    },
    async reset(key) {
      await db.delete(sysAuthCounter).where(sql`${sysAuthCounter.key} = ${key}`);
    },
  };
}

/**
 * Registers @fastify/rate-limit on the auth routes' scope (routes opt in with `config.rateLimit`). With REDIS_URL
 * the counts live in Redis, so every instance counts together; if Redis is away the limiter steps aside
 * (skipOnError) and the database counters still bound password guesses.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  { redisUrl, exempt }: { redisUrl: string | undefined; exempt: readonly string[] },
): Promise<void> {
  let redis: import('ioredis').Redis | undefined;
  if (redisUrl) {
    const { Redis } = await import('ioredis');
    // The limiter must answer quickly: a command waits for a lost connection only briefly, then skipOnError applies.
    redis = new Redis(redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    redis.on('error', (err) => app.log.warn({ err }, 'redis rate limit'));
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'aps-rl-',
    skipOnError: true,
    allowList: [...exempt],
    errorResponseBuilder: (_request, context) => {
      const error = new ApiError(429, MESSAGES.tooManyRequests);
      Object.assign(error, { statusCode: context.statusCode });
      return error;
    },
  });
}
