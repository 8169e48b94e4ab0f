import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setBounded } from '../../../core/bounded-map.ts';

/**
 * A token is `<session id>.<HMAC of the id>`. The signature rejects forged or mangled tokens
 * without a database round trip; the session row makes every token revocable.
 */
export interface TokenSigner {
  issue(): { token: string; sessionId: string };
  /** The session id of a well-formed, correctly signed token; null otherwise. */
  verify(token: string): string | null;
}

/**
 * Values of the form `<body>.<HMAC-SHA256 of body>` under one key: `seal` signs a body, `open` gives it back only
 * when the signature matches (compared in constant time). Access tokens and report tickets both use it.
 */
export function createHmacSeal(key: crypto.BinaryLike) {
  const mac = (body: string) => crypto.createHmac('sha256', key).update(body).digest('base64url');
  return {
    seal: (body: string) => `${body}.${mac(body)}`,
    open(value: string): string | null {
      const dot = value.indexOf('.');
      if (dot <= 0) return null;
      const body = value.slice(0, dot);
      const given = Buffer.from(value.slice(dot + 1));
      const expected = Buffer.from(mac(body));
      return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? body : null;
    },
  };
}

/** How many verified tokens are remembered: well above the sessions one server sees within a few minutes. */
export const VERIFIED_TOKENS_KEPT = 10_000;

export function createTokenSigner(secret: string): TokenSigner {
  const { seal, open } = createHmacSeal(secret);
  // Every request carries its token: its HMAC was a tenth of a cached list call's time (issue 11 §2). A token that
  // verified once always verifies (the signature depends on nothing else), so it is remembered; only tokens that
  // passed are, so a flood of forged ones cannot push the real ones out. Revocation is the session row's business.
  const verified = new Map<string, string>();
  return {
    issue() {
      const sessionId = crypto.randomBytes(24).toString('base64url');
      return { token: seal(sessionId), sessionId };
    },
    verify(token) {
      const known = verified.get(token);
      if (known !== undefined) return known;
      const sessionId = token.length > 200 ? null : open(token);
      if (sessionId === null) return null;
      setBounded(verified, token, sessionId, VERIFIED_TOKENS_KEPT);
      return sessionId;
    },
  };
}

/** The secret comes from TOKEN_SECRET or is generated once into DATA_DIR; none is ever committed. */
export function resolveTokenSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, '.token-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
