import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A token is `<session id>.<HMAC of the id>`. The signature rejects forged or mangled tokens
 * without a database round trip; the session row makes every token revocable.
 */
export interface TokenSigner {
  issue(): { token: string; sessionId: string };
  /** The session id of a well-formed, correctly signed token; null otherwise. */
  verify(token: string): string | null;
}

export function createTokenSigner(secret: string): TokenSigner {
  const sign = (id: string) => crypto.createHmac('sha256', secret).update(id).digest('base64url');
  return {
    issue() {
      const sessionId = crypto.randomBytes(24).toString('base64url');
      return { token: `${sessionId}.${sign(sessionId)}`, sessionId };
    },
    verify(token) {
      const dot = token.indexOf('.');
      if (dot <= 0 || token.length > 200) return null;
      const id = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1));
      const expected = Buffer.from(sign(id));
      return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? id : null;
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
