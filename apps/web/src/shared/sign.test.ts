import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatTimestamp, md5, SIGNATURE_SECRET, signParams } from './sign.ts';

describe('md5', () => {
  it('matches Node for ASCII, Chinese and long input', () => {
    for (const text of ['', 'abc', '全流程数字化采购平台', 'x'.repeat(1000), 'a'.repeat(55), 'a'.repeat(56)]) {
      expect(md5(text)).toBe(createHash('md5').update(text, 'utf8').digest('hex'));
    }
  });
});

describe('signParams (X-Sign)', () => {
  it('is the uppercase MD5 of the sorted parameters without _t, plus the secret', () => {
    const sign = signParams({ pageSize: 10, keyword: '采购', _t: 123 });
    const expected = createHash('md5')
      .update(`${JSON.stringify({ keyword: '采购', pageSize: '10' })}${SIGNATURE_SECRET}`)
      .digest('hex')
      .toUpperCase();
    expect(sign).toBe(expected);
    expect(signParams({ keyword: '采购', pageSize: 10 })).toBe(sign);
  });
});

describe('formatTimestamp (X-TIMESTAMP)', () => {
  it('uses YYYY-MM-DD HH:mm:ss', () => {
    expect(formatTimestamp(new Date(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02 03:04:05');
  });
});
