import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBidSeal, parseSealKey, resolveSealKey } from './seal.ts';

const binding = { tenantId: 1, packageId: 'p-1', supplierId: 's-1' };

describe('bid seal', () => {
  const seal = createBidSeal(crypto.randomBytes(32));

  it('opens what it sealed, and the sealed text does not contain the amount', () => {
    const sealed = seal.seal('{"price":"123456.78"}', binding);
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(sealed).not.toContain('123456');
    expect(seal.open(sealed, binding)).toBe('{"price":"123456.78"}');
  });

  it('seals the same amount differently each time (random IV)', () => {
    expect(seal.seal('100', binding)).not.toBe(seal.seal('100', binding));
  });

  it('refuses a value moved to another bid, altered, or sealed under another key', () => {
    const sealed = seal.seal('100', binding);
    expect(() => seal.open(sealed, { ...binding, supplierId: 's-2' })).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    expect(() => seal.open([parts[0], parts[1], parts[2], body.toString('base64url')].join('.'), binding)).toThrow();
    expect(() => createBidSeal(crypto.randomBytes(32)).open(sealed, binding)).toThrow();
    expect(() => seal.open('garbage', binding)).toThrow('密封报价格式错误');
  });

  it('reads a configured key as hex or base64 and refuses a wrong length', () => {
    const key = crypto.randomBytes(32);
    expect(parseSealKey(key.toString('hex')).equals(key)).toBe(true);
    expect(parseSealKey(key.toString('base64')).equals(key)).toBe(true);
    expect(() => parseSealKey('short')).toThrow('32 字节');
  });

  it('generates a development key once under DATA_DIR and reuses it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seal-'));
    const first = resolveSealKey(undefined, dir);
    expect(resolveSealKey(undefined, dir).equals(first)).toBe(true);
    expect(fs.statSync(path.join(dir, '.bid-seal-key')).mode & 0o777).toBe(0o600);
    fs.rmSync(dir, { recursive: true });
  });
});
