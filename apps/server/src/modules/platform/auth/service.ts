import { HUMAN_PROOF, type LoginRequest, type LoginResult, type PhoneLoginRequest } from '@aps/shared';
import { normalizeIP } from '@fastify/rate-limit';
import { hash, verify } from '@node-rs/argon2';
import { and, eq } from 'drizzle-orm';
import { ApiError, badRequest } from '../../../core/envelope.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { type AuditService, LOG_TYPE } from '../audit/service.ts';
import type { DictService } from '../dict/service.ts';
import { sysUser } from '../system/tables.ts';
import { loadTenantList, loadUserInfo } from '../user/profile.ts';
import { takeCode, type VerificationCodes } from './codes.ts';
import type { HumanProof, HumanProofInput } from './human-proof.ts';
import type { SessionStore } from './session.ts';
import {
  type AuthCounters,
  counterKeys,
  LOGIN_FREE_FAILURES,
  LOGIN_WINDOW_MS,
  loginDelayMs,
  SMS_DAY_MS,
} from './throttle.ts';

/** The code rules live in codes.ts; supplier registration imports the taker from here. */
export async function takeSmsCode(db: Db, tx: DbOrTx, phone: string, purpose: string, code: string): Promise<boolean> {
  return takeCode(db, tx, phone, purpose, code);
}

export const AUTH_MESSAGES = {
  // One message for an unknown user and a wrong password, with no remaining-attempts hint: neither reveals
  // whether a username exists (issue 12 §1).
  badCredentials: '用户名或密码错误',
  frozen: '该用户已冻结，请联系管理员',
  noTenant: '该用户未分配租户，请联系管理员',
  smsWrong: '验证码错误或已过期',
  smsTooSoon: '验证码已发送，请60秒后再试',
  smsPhoneDaily: '该手机号今日获取验证码次数已达上限，请明天再试',
  phoneUnknown: '该手机号未注册',
} as const;

export async function hashPassword(password: string): Promise<string> {
  return hash(password);
}

interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/** The source a request counts against: its address (IPv6 by its /56, as @fastify/rate-limit keys it). */
export function sourceOf(ip: string): string {
  return normalizeIP(ip);
}

export interface AuthService {
  login(input: LoginRequest, client: ClientInfo): Promise<LoginResult>;
  sendSmsCode(input: { phone: string; purpose: string } & HumanProofInput, client: ClientInfo): Promise<void>;
  phoneLogin(input: PhoneLoginRequest, client: ClientInfo): Promise<LoginResult>;
  /** The login result for an already issued token (third-party and CAS callbacks). */
  resultForSession(token: string, userId: string, tenantId: number): Promise<LoginResult>;
  loginAsUser(userId: string, loginType: string, client: ClientInfo): Promise<LoginResult>;
}

interface Deps {
  db: Db;
  sessions: SessionStore;
  dicts: DictService;
  audit: Pick<AuditService, 'record'>;
  codes: VerificationCodes;
  tokenIdleSeconds: number;
  proof: HumanProof;
  counters: AuthCounters;
  /** Sources the per-source counters skip (config.throttleExempt); the per-username ones always count. */
  throttleExempt: readonly string[];
}

// Verifying against a fixed hash when the user does not exist keeps response time from revealing usernames.
const DUMMY_HASH = hash('aps-dummy-password');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createAuthService({
  db,
  sessions,
  dicts,
  audit,
  codes,
  tokenIdleSeconds,
  proof,
  counters,
  throttleExempt,
}: Deps): AuthService {
  const exempt = new Set(throttleExempt);
  /** Counts one against the client's source under `key`, unless the source is exempt (then 0). */
  const hitSource = async (ip: string, key: (source: string) => string, windowMs: number) =>
    exempt.has(ip) ? 0 : counters.hit(key(sourceOf(ip)), windowMs);

  async function buildResult(token: string, userId: string, tenantId: number): Promise<LoginResult> {
    const [userInfo, sysAllDictItems, tenantList] = await Promise.all([
      loadUserInfo(db, userId, tenantId),
      dicts.all(),
      loadTenantList(db, userId),
    ]);
    if (!userInfo) throw new ApiError(401, AUTH_MESSAGES.badCredentials);
    return { token, userInfo, sysAllDictItems, tenantList, tokenIdleSeconds };
  }

  async function startSession(
    user: { id: string; username: string; status: number },
    loginType: string,
    client: ClientInfo,
  ): Promise<LoginResult> {
    if (user.status !== 1) throw badRequest(AUTH_MESSAGES.frozen);
    const tenants = await loadTenantList(db, user.id);
    // The tenant the user last chose (个人中心 / the tenant choice), while they still belong to it; else the first.
    const [chosen] = await db
      .select({ loginTenantId: sysUser.loginTenantId })
      .from(sysUser)
      .where(eq(sysUser.id, user.id));
    const last = tenants.find((t) => Number(t.id) === chosen?.loginTenantId);
    const tenantId = Number((last ?? tenants[0])?.id);
    if (!tenantId) throw badRequest(AUTH_MESSAGES.noTenant);
    const token = await sessions.create({ userId: user.id, tenantId, loginType, ...client });
    await audit.record({
      logType: LOG_TYPE.login,
      logContent: `用户名: ${user.username}, 登录成功 (${loginType})`,
      success: true,
      tenantId,
      userId: user.id,
      username: user.username,
      ip: client.ip,
    });
    return buildResult(token, user.id, tenantId);
  }

  async function recordFailure(username: string, message: string, client: ClientInfo) {
    await audit.record({
      logType: LOG_TYPE.login,
      logContent: `用户名: ${username}, ${message}`,
      success: false,
      username,
      ip: client.ip,
    });
  }

  return {
    async login({ username, password, captcha, checkKey }, client) {
      // The attempt is counted before its password is checked (one atomic upsert each), so of any number of
      // concurrent attempts only those within the free allowance are checked without a human proof. Counting by
      // the username as typed treats unknown and known names alike.
      const accountKey = counterKeys.loginAccount(username);
      const sourceKey = counterKeys.loginSource(sourceOf(client.ip));
      const [accountCount, sourceCount] = await Promise.all([
        counters.hit(accountKey, LOGIN_WINDOW_MS),
        hitSource(client.ip, counterKeys.loginSource, LOGIN_WINDOW_MS),
      ]);
      const excess = Math.max(accountCount - LOGIN_FREE_FAILURES.account, sourceCount - LOGIN_FREE_FAILURES.source);
      if (excess > 0) {
        if (!(await proof.verifyHumanProof({ captcha, checkKey }, client.ip))) {
          await recordFailure(username, '需要人机验证', client);
          throw new ApiError(HUMAN_PROOF.status, HUMAN_PROOF.loginMessage);
        }
        // Slowed, not locked: the owner gets in with the proof, a guesser pays for every try.
        await sleep(loginDelayMs(excess));
      }
      const [user] = await db
        .select({
          id: sysUser.id,
          username: sysUser.username,
          passwordHash: sysUser.passwordHash,
          status: sysUser.status,
        })
        .from(sysUser)
        .where(and(eq(sysUser.username, username), eq(sysUser.delFlag, 0)));
      // An unknown user costs the same hash as a known one: response time does not reveal usernames.
      const matches = await verify(user?.passwordHash ?? (await DUMMY_HASH), password).catch(() => false);
      if (!user || !matches) {
        await recordFailure(username, AUTH_MESSAGES.badCredentials, client);
        throw badRequest(AUTH_MESSAGES.badCredentials);
      }
      // The owner proved the password: the account's count starts again; the source only gets this try back.
      await Promise.all([counters.reset(accountKey), sourceCount > 0 ? counters.undo(sourceKey) : null]);
      return startSession(user, 'password', client);
    },

    async sendSmsCode({ phone, purpose, captcha, checkKey }, client) {
      // A person asks for a code (issue 12 §2): no proof, no message, and nothing counted.
      if (!(await proof.verifyHumanProof({ captcha, checkKey }, client.ip))) {
        throw new ApiError(HUMAN_PROOF.status, HUMAN_PROOF.smsMessage);
      }
      await codes.issue({
        channel: 'sms',
        target: phone,
        purpose,
        sourceHit: () => hitSource(client.ip, counterKeys.smsSource, SMS_DAY_MS),
      });
    },

    async phoneLogin({ mobile, captcha }, client) {
      if (!(await takeSmsCode(db, db, mobile, 'login', captcha))) {
        await recordFailure(mobile, AUTH_MESSAGES.smsWrong, client);
        throw badRequest(AUTH_MESSAGES.smsWrong);
      }
      const [user] = await db
        .select({ id: sysUser.id, username: sysUser.username, status: sysUser.status })
        .from(sysUser)
        .where(and(eq(sysUser.phone, mobile), eq(sysUser.delFlag, 0)));
      if (!user) throw badRequest(AUTH_MESSAGES.phoneUnknown);
      return startSession(user, 'phone', client);
    },

    resultForSession: buildResult,

    async loginAsUser(userId, loginType, client) {
      const [user] = await db
        .select({ id: sysUser.id, username: sysUser.username, status: sysUser.status })
        .from(sysUser)
        .where(and(eq(sysUser.id, userId), eq(sysUser.delFlag, 0)));
      if (!user) throw badRequest(AUTH_MESSAGES.badCredentials);
      return startSession(user, loginType, client);
    },
  };
}
