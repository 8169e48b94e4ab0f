import crypto from 'node:crypto';
import type { LoginRequest, LoginResult, PhoneLoginRequest } from '@aps/shared';
import { hash, verify } from '@node-rs/argon2';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { ApiError, badRequest } from '../../core/envelope.ts';
import type { Db } from '../../db/client.ts';
import { type AuditService, LOG_TYPE } from '../audit/service.ts';
import type { DictService } from '../dict/service.ts';
import { sysUser } from '../system/tables.ts';
import { loadTenantList, loadUserInfo } from '../user/profile.ts';
import type { SessionStore } from './session.ts';
import type { SmsSender } from './sms.ts';
import { sysSmsCode } from './tables.ts';

export const LOCK_THRESHOLD = 5;
export const LOCK_WINDOW_MS = 10 * 60_000;
export const LOCK_DURATION_MS = 10 * 60_000;
const SMS_TTL_MS = 5 * 60_000;
const SMS_RESEND_MS = 60_000;
const SMS_MAX_ATTEMPTS = 5;

export const AUTH_MESSAGES = {
  badCredentials: '用户名或密码错误',
  frozen: '该用户已冻结，请联系管理员',
  noTenant: '该用户未分配租户，请联系管理员',
  locked: (minutes: number) => `密码错误次数过多，账号已锁定，请${minutes}分钟后再试`,
  remaining: (n: number) => `用户名或密码错误，再错${n}次账号将被锁定10分钟`,
  smsWrong: '验证码错误或已过期',
  smsTooSoon: '验证码已发送，请60秒后再试',
  phoneUnknown: '该手机号未注册',
} as const;

export async function hashPassword(password: string): Promise<string> {
  return hash(password);
}

interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

export interface AuthService {
  login(input: LoginRequest, client: ClientInfo): Promise<LoginResult>;
  sendSmsCode(phone: string, purpose: string): Promise<void>;
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
  sms: SmsSender;
  tokenIdleSeconds: number;
}

// Verifying against a fixed hash when the user does not exist keeps response time from revealing usernames.
const DUMMY_HASH = hash('aps-dummy-password');

export function createAuthService({ db, sessions, dicts, audit, sms, tokenIdleSeconds }: Deps): AuthService {
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
    const tenantId = Number(tenants[0]?.id);
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
    async login({ username, password }, client) {
      const [user] = await db
        .select({
          id: sysUser.id,
          username: sysUser.username,
          passwordHash: sysUser.passwordHash,
          status: sysUser.status,
          lockedUntil: sysUser.lockedUntil,
        })
        .from(sysUser)
        .where(and(eq(sysUser.username, username), eq(sysUser.delFlag, 0)));
      if (!user) {
        await verify(await DUMMY_HASH, password).catch(() => false);
        await recordFailure(username, AUTH_MESSAGES.badCredentials, client);
        throw badRequest(AUTH_MESSAGES.badCredentials);
      }
      if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
        const minutes = Math.ceil((user.lockedUntil.getTime() - Date.now()) / 60_000);
        await recordFailure(username, '账号已锁定', client);
        throw new ApiError(423, AUTH_MESSAGES.locked(minutes));
      }
      if (!(await verify(user.passwordHash, password).catch(() => false))) {
        // One atomic update counts the failure inside the 10-minute window and locks on the fifth.
        const [state] = await db
          .update(sysUser)
          .set({
            loginFailCount: sql`CASE WHEN ${sysUser.loginFailSince} IS NULL OR ${sysUser.loginFailSince} < now() - ${`${LOCK_WINDOW_MS} milliseconds`}::interval
              THEN 1 ELSE ${sysUser.loginFailCount} + 1 END`,
            loginFailSince: sql`CASE WHEN ${sysUser.loginFailSince} IS NULL OR ${sysUser.loginFailSince} < now() - ${`${LOCK_WINDOW_MS} milliseconds`}::interval
              THEN now() ELSE ${sysUser.loginFailSince} END`,
          })
          .where(eq(sysUser.id, user.id))
          .returning({ count: sysUser.loginFailCount });
        const count = state?.count ?? 1;
        if (count >= LOCK_THRESHOLD) {
          await db
            .update(sysUser)
            .set({ lockedUntil: new Date(Date.now() + LOCK_DURATION_MS), loginFailCount: 0, loginFailSince: null })
            .where(eq(sysUser.id, user.id));
          const message = AUTH_MESSAGES.locked(LOCK_DURATION_MS / 60_000);
          await recordFailure(username, message, client);
          throw new ApiError(423, message);
        }
        await recordFailure(username, AUTH_MESSAGES.badCredentials, client);
        throw badRequest(AUTH_MESSAGES.remaining(LOCK_THRESHOLD - count));
      }
      await db
        .update(sysUser)
        .set({ loginFailCount: 0, loginFailSince: null, lockedUntil: null })
        .where(eq(sysUser.id, user.id));
      return startSession(user, 'password', client);
    },

    async sendSmsCode(phone, purpose) {
      const [recent] = await db
        .select({ id: sysSmsCode.id })
        .from(sysSmsCode)
        .where(and(eq(sysSmsCode.phone, phone), gt(sysSmsCode.createdAt, new Date(Date.now() - SMS_RESEND_MS))));
      if (recent) throw new ApiError(429, AUTH_MESSAGES.smsTooSoon);
      const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
      await db.insert(sysSmsCode).values({ phone, code, purpose, expiresAt: new Date(Date.now() + SMS_TTL_MS) });
      await sms.send(phone, `您的验证码是${code}，5分钟内有效。`);
    },

    async phoneLogin({ mobile, captcha }, client) {
      const [latest] = await db
        .select()
        .from(sysSmsCode)
        .where(and(eq(sysSmsCode.phone, mobile), eq(sysSmsCode.purpose, 'login'), isNull(sysSmsCode.consumedAt)))
        .orderBy(desc(sysSmsCode.createdAt))
        .limit(1);
      const valid = latest && latest.expiresAt.getTime() > Date.now() && latest.attempts < SMS_MAX_ATTEMPTS;
      if (!valid || latest.code !== captcha) {
        if (latest)
          await db
            .update(sysSmsCode)
            .set({ attempts: sql`${sysSmsCode.attempts} + 1` })
            .where(eq(sysSmsCode.id, latest.id));
        await recordFailure(mobile, AUTH_MESSAGES.smsWrong, client);
        throw badRequest(AUTH_MESSAGES.smsWrong);
      }
      await db.update(sysSmsCode).set({ consumedAt: new Date() }).where(eq(sysSmsCode.id, latest.id));
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
