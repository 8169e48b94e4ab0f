import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Sealed quotations (issue 14 §5): a bid's amount is stored only as AES-256-GCM ciphertext until the opening.
 * The associated data binds a ciphertext to its tenant, package and supplier, so a sealed value copied onto
 * another bid row does not open. Format: `v1.<iv>.<tag>.<ciphertext>` (base64url parts, 12-byte IV).
 */
export interface BidSeal {
  seal(plain: string, binding: SealBinding): string;
  /** The plain text; throws when the value was altered, moved to another bid or sealed under another key. */
  open(sealed: string, binding: SealBinding): string;
}

export interface SealBinding {
  tenantId: number;
  packageId: string;
  supplierId: string;
}

const VERSION = 'v1';
const aad = (b: SealBinding) => Buffer.from(`${b.tenantId}|${b.packageId}|${b.supplierId}`, 'utf8');

export function createBidSeal(key: Buffer): BidSeal {
  if (key.length !== 32) throw new Error('BID_SEAL_KEY 必须是 32 字节（base64 或 64 位十六进制）');
  return {
    seal(plain, binding) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(binding));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv.toString('base64url'), tag.toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed, binding) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('密封报价格式错误');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(aad(binding));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** A configured key: 64 hex digits or base64/base64url of 32 bytes. */
export function parseSealKey(value: string): Buffer {
  const trimmed = value.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64url');
  if (key.length !== 32) throw new Error('BID_SEAL_KEY 必须是 32 字节（base64 或 64 位十六进制）');
  return key;
}

/**
 * The key comes from BID_SEAL_KEY, or (development, tests) is generated once into DATA_DIR/.bid-seal-key like the
 * token secret; none is ever committed. Losing the key makes sealed bids unopenable: production sets it.
 */
export function resolveSealKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured) return parseSealKey(configured);
  const file = path.join(dataDir, '.bid-seal-key');
  if (fs.existsSync(file)) return parseSealKey(fs.readFileSync(file, 'utf8'));
  fs.mkdirSync(dataDir, { recursive: true });
  const key = crypto.randomBytes(32);
  try {
    fs.writeFileSync(file, key.toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another process of the same data directory wrote it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return parseSealKey(fs.readFileSync(file, 'utf8'));
    throw err;
  }
  return key;
}
