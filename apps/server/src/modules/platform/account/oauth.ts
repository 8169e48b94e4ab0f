import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { createHmacSeal } from '../auth/token.ts';
import { sysThirdAccount } from './tables.ts';

/** Who the provider says the browser's user is. */
export interface ExternalIdentity {
  externalId: string;
  name: string | null;
}

/**
 * A third-party sign-in (authorization-code flow): where to send the browser, and what a returned code is worth.
 * `redirectUri` is our callback; the provider sends the browser back there with `code` and `state`.
 */
export interface OAuthProvider {
  type: string;
  authorizeUrl(state: string, redirectUri: string): string;
  exchange(code: string, redirectUri: string): Promise<ExternalIdentity>;
}

export class OAuthError extends Error {}

const STATE_TTL_MS = 10 * 60_000;
const CODE_TTL_MS = 2 * 60_000;

/** Signed, expiring values (state, dev codes, bind keys) under a key derived from the token secret. */
export function createOAuthSeal(tokenSecret: crypto.BinaryLike) {
  const { seal, open } = createHmacSeal(crypto.createHmac('sha256', tokenSecret).update('aps:oauth').digest());
  return {
    seal(kind: string, value: object, ttlMs: number): string {
      const body = Buffer.from(JSON.stringify({ k: kind, v: value, e: Date.now() + ttlMs })).toString('base64url');
      return seal(body);
    },
    open<T>(kind: string, sealed: string): T | null {
      const body = open(sealed);
      if (!body) return null;
      try {
        const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { k: string; v: T; e: number };
        return parsed.k === kind && parsed.e > Date.now() ? parsed.v : null;
      } catch {
        return null;
      }
    },
  };
}
export type OAuthSeal = ReturnType<typeof createOAuthSeal>;

/** What one authorisation round trip carries: its provider and where the browser goes once signed in. */
interface StateValue {
  type: string;
  n: string;
  redirect?: string;
}

/** The state of one authorisation round trip: random, signed, ten minutes; `redirect` is a path of this site. */
export const issueState = (seal: OAuthSeal, type: string, redirect?: string) =>
  seal.seal(
    'state',
    { type, n: crypto.randomBytes(12).toString('base64url'), ...(redirect ? { redirect } : {}) } satisfies StateValue,
    STATE_TTL_MS,
  );
/** The state's content when it is ours, unexpired and for `type`; null otherwise. */
export function openState(seal: OAuthSeal, type: string, state: string): { redirect?: string } | null {
  const value = seal.open<StateValue>('state', state);
  if (value?.type !== type) return null;
  return value.redirect ? { redirect: value.redirect } : {};
}

/**
 * The development provider (not in production): its authorise page is served by this server
 * (`/aps/sys/thirdLogin/dev/authorize`), where a developer or a test names the external user; the code it returns is
 * that identity, signed and valid two minutes.
 */
export function createDevProvider(seal: OAuthSeal, type = 'dev'): OAuthProvider {
  return {
    type,
    authorizeUrl(state, redirectUri) {
      const q = new URLSearchParams({ state, redirect_uri: redirectUri });
      return `/aps/sys/thirdLogin/dev/authorize?${q}`;
    },
    async exchange(code) {
      const identity = seal.open<ExternalIdentity>('dev-code', code);
      if (!identity) throw new OAuthError('授权码无效或已过期');
      return identity;
    },
  };
}

export const issueDevCode = (seal: OAuthSeal, identity: ExternalIdentity) =>
  seal.seal('dev-code', identity, CODE_TTL_MS);

/** A generic OAuth2 provider (authorization code) configured by environment: see docs/decisions.md. */
export interface GenericOAuthConfig {
  type: string;
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  clientId: string;
  clientSecret: string;
  /** The user-info field that identifies the user (default `sub`). */
  idField: string;
  scope: string;
}

export function createGenericOAuthProvider(cfg: GenericOAuthConfig): OAuthProvider {
  return {
    type: cfg.type,
    authorizeUrl(state, redirectUri) {
      const url = new URL(cfg.authorizeUrl);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', cfg.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('scope', cfg.scope);
      url.searchParams.set('state', state);
      return url.toString();
    },
    async exchange(code, redirectUri) {
      const tokenResponse = await fetch(cfg.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: cfg.clientId,
          client_secret: cfg.clientSecret,
        }),
        signal: AbortSignal.timeout(10_000),
      });
      const token = (await tokenResponse.json().catch(() => null)) as { access_token?: string } | null;
      if (!tokenResponse.ok || !token?.access_token) throw new OAuthError('第三方授权失败');
      const infoResponse = await fetch(cfg.userInfoUrl, {
        headers: { authorization: `Bearer ${token.access_token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(10_000),
      });
      const info = (await infoResponse.json().catch(() => null)) as Record<string, unknown> | null;
      const id = info?.[cfg.idField];
      if (!infoResponse.ok || (typeof id !== 'string' && typeof id !== 'number')) {
        throw new OAuthError('第三方用户信息获取失败');
      }
      const name = typeof info?.name === 'string' ? info.name : null;
      return { externalId: String(id), name };
    },
  };
}

/** Bindings of external identities to users. */
export function createThirdAccounts(db: Db) {
  return {
    async userOf(type: string, externalId: string): Promise<string | null> {
      const [row] = await db
        .select({ userId: sysThirdAccount.userId })
        .from(sysThirdAccount)
        .where(and(eq(sysThirdAccount.thirdType, type), eq(sysThirdAccount.externalId, externalId)));
      return row?.userId ?? null;
    },
    /** Binds the identity to `userId`; false when it is already bound to someone else. */
    async bind(userId: string, type: string, identity: ExternalIdentity): Promise<boolean> {
      const inserted = await db
        .insert(sysThirdAccount)
        .values({ userId, thirdType: type, externalId: identity.externalId, name: identity.name })
        .onConflictDoNothing()
        .returning({ id: sysThirdAccount.id });
      if (inserted.length > 0) return true;
      return (await this.userOf(type, identity.externalId)) === userId;
    },
  };
}

export const BIND_TTL_MS = 10 * 60_000;

/** Third-party / OAuth2-app sign-in: providers by type, the signing of state and codes, the bindings. */
export interface OAuthSignIn {
  providers: Map<string, OAuthProvider>;
  seal: OAuthSeal;
  accounts: ReturnType<typeof createThirdAccounts>;
  devEnabled: boolean;
}

/**
 * The third-party sign-in providers: outside production the development provider stands for `dev` and for the
 * OAuth2-app types (企业微信 `wechat_enterprise`, 钉钉 `dingtalk`) unless configured; the generic OAuth2 provider from
 * OAUTH2_* when set (it may take one of those types).
 */
export function createOAuthSignIn(
  db: Db,
  config: { env: string; oauth2?: GenericOAuthConfig | undefined },
  tokenSecret: crypto.BinaryLike,
): OAuthSignIn {
  const seal = createOAuthSeal(tokenSecret);
  const devEnabled = config.env !== 'production';
  const providers = new Map<string, OAuthProvider>();
  if (devEnabled) {
    for (const type of ['dev', 'wechat_enterprise', 'dingtalk']) providers.set(type, createDevProvider(seal, type));
  }
  if (config.oauth2) providers.set(config.oauth2.type, createGenericOAuthProvider(config.oauth2));
  return { providers, seal, accounts: createThirdAccounts(db), devEnabled };
}
