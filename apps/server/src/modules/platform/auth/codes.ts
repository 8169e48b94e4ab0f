import crypto from 'node:crypto';
import { MESSAGES, VERIFICATION_CODE_RULES as RULES } from '@aps/shared';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { ApiError } from '../../../core/envelope.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { MessageChannel, MessageSender } from './senders/message-sender.ts';
import { sysSmsCode } from './tables.ts';
import { type AuthCounters, counterKeys, SMS_DAY_MS, SMS_LIMITS } from './throttle.ts';

/**
 * THE verification codes (issue 12 §2, issue 18 §1): phone login, registration and the account wizards all issue
 * and take their codes here. A code is 6 digits, lives 5 minutes, one per target per 60 s, and allows 5 guesses.
 * Codes of both channels are rows of sys_sms_code (`phone` holds the target: a phone number or an e-mail address).
 */

export const CODE_MESSAGES = {
  wrong: '验证码错误或已过期',
  tooSoon: '验证码已发送，请60秒后再试',
  targetDaily: '该手机号今日获取验证码次数已达上限，请明天再试',
} as const;

/** A fresh code: 6 random digits. */
export function generateCode(): string {
  return String(crypto.randomInt(0, 10 ** RULES.digits)).padStart(RULES.digits, '0');
}

/** Compares two codes in constant time. */
export function sameCode(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export interface CodeState {
  code: string;
  /** Guesses made before this one. */
  attemptsBefore: number;
  expiresAt: Date;
  consumed: boolean;
}

export type CodeVerdict = 'ok' | 'wrong' | 'expired' | 'exhausted' | 'used';

/** The rules of one guess at `now`: used and exhausted codes never match, nor one past its 5 minutes. */
export function codeVerdict(state: CodeState, guess: string, now: number): CodeVerdict {
  if (state.consumed) return 'used';
  if (state.attemptsBefore >= RULES.maxAttempts) return 'exhausted';
  if (state.expiresAt.getTime() <= now) return 'expired';
  return sameCode(state.code, guess) ? 'ok' : 'wrong';
}

/** When a code issued at `now` expires. */
export const codeExpiry = (now: number) => new Date(now + RULES.ttlMs);

export interface IssueCodeInput {
  channel: MessageChannel;
  target: string;
  purpose: string;
  /** The counter key of the 60 s pause; the target's own by default (the wizards key it by the typed account). */
  resendKey?: string;
  /** Per-source daily count; 0 skips it (exempt source). */
  sourceHit: () => Promise<number>;
  /**
   * Send without waiting (its failure goes here): the answer then takes as long whether or not a message left,
   * so the wizards' timing does not tell a known account from an unknown one.
   */
  detached?: (err: unknown) => void;
}

export interface VerificationCodes {
  /** Checks the pause and daily limits, stores a fresh code and sends it. Throws 429 on a limit. */
  issue(input: IssueCodeInput): Promise<void>;
  /**
   * Checks the latest code of `target` for `purpose` and consumes it when right. Each guess takes one attempt on
   * `db` in the statement that reads it (concurrent guesses cannot share an attempt, and a rolled-back caller
   * keeps the attempt spent); the consumption runs on `tx`, so a caller's failed transaction leaves the code
   * usable for its next try.
   */
  take(tx: DbOrTx, target: string, purpose: string, code: string): Promise<boolean>;
}

export async function takeCode(
  db: Db,
  tx: DbOrTx,
  target: string,
  purpose: string,
  code: string,
  now: () => number = Date.now,
): Promise<boolean> {
  const [latest] = await db
    .select({ id: sysSmsCode.id })
    .from(sysSmsCode)
    .where(and(eq(sysSmsCode.phone, target), eq(sysSmsCode.purpose, purpose), isNull(sysSmsCode.consumedAt)))
    .orderBy(desc(sysSmsCode.createdAt))
    .limit(1);
  if (!latest) return false;
  const [tried] = await db
    .update(sysSmsCode)
    .set({ attempts: sql`${sysSmsCode.attempts} + 1` })
    .where(and(eq(sysSmsCode.id, latest.id), isNull(sysSmsCode.consumedAt), lt(sysSmsCode.attempts, RULES.maxAttempts)))
    .returning({ code: sysSmsCode.code, attempts: sysSmsCode.attempts, expiresAt: sysSmsCode.expiresAt });
  if (!tried) return false;
  const state = { code: tried.code, attemptsBefore: tried.attempts - 1, expiresAt: tried.expiresAt, consumed: false };
  if (codeVerdict(state, code, now()) !== 'ok') return false;
  const consumed = await tx
    .update(sysSmsCode)
    .set({ consumedAt: new Date(now()) })
    .where(and(eq(sysSmsCode.id, latest.id), isNull(sysSmsCode.consumedAt)))
    .returning({ id: sysSmsCode.id });
  return consumed.length === 1;
}

export function createVerificationCodes({
  db,
  counters,
  sender,
  now = Date.now,
}: {
  db: Db;
  counters: AuthCounters;
  sender: MessageSender;
  now?: () => number;
}): VerificationCodes {
  return {
    async issue({ channel, target, purpose, resendKey, sourceHit, detached }) {
      // Each limit is one atomic upsert: concurrent requests cannot all read "under the limit".
      if ((await counters.hit(resendKey ?? counterKeys.smsResend(target), SMS_LIMITS.resendMs)) > 1) {
        throw new ApiError(429, CODE_MESSAGES.tooSoon);
      }
      if ((await sourceHit()) > SMS_LIMITS.perSource) throw new ApiError(429, MESSAGES.tooManyRequests);
      if ((await counters.hit(counterKeys.smsPhone(target), SMS_DAY_MS)) > SMS_LIMITS.perPhone) {
        throw new ApiError(429, CODE_MESSAGES.targetDaily);
      }
      const code = generateCode();
      await db.insert(sysSmsCode).values({ phone: target, code, purpose, expiresAt: codeExpiry(now()) });
      const sent = sender.send({ channel, to: target, subject: '验证码', text: `您的验证码是${code}，5分钟内有效。` });
      if (detached) sent.catch(detached);
      else await sent;
    },
    take: (tx, target, purpose, code) => takeCode(db, tx, target, purpose, code, now),
  };
}
