import { describe, expect, it } from 'vitest';
import { isValidUscc, usccCheckChar } from './uscc.ts';

describe('统一社会信用代码 (GB 32100-2015)', () => {
  it('accepts real codes whose check character computes', () => {
    // Σ(value × weight) mod 31 → 31 − r: each verified by hand against the weights 1 3 9 27 … 28.
    for (const code of ['91350100M000100Y43', '911101080828461726', '91110000802100433B', '91440300708461136T']) {
      expect(isValidUscc(code)).toBe(true);
    }
  });

  it('computes the check character (31 → 0 included)', () => {
    expect(usccCheckChar('91350100M000100Y4')).toBe('3');
    expect(usccCheckChar('91310000MA1FL0001')).toBe('R');
    expect(usccCheckChar('91320000MA1FL0002')).toBe('1');
    // Find a prefix whose sum is ≡ 0 (mod 31): the check value 31 is written 0.
    const prefix = '00000000000000000';
    expect(usccCheckChar(prefix)).toBe('0');
  });

  it('refuses a wrong check character, forbidden letters, lower case and wrong lengths', () => {
    expect(isValidUscc('91350100M000100Y44')).toBe(false);
    expect(isValidUscc('91310000MA1FL0001A')).toBe(false);
    expect(isValidUscc('91350100I000100Y43')).toBe(false);
    expect(isValidUscc('91350100O000100Y43')).toBe(false);
    expect(isValidUscc('9135010Z0000100Y43')).toBe(false);
    expect(isValidUscc('91350100S000100Y43')).toBe(false);
    expect(isValidUscc('91350100V000100Y43')).toBe(false);
    expect(isValidUscc('91350100m000100y43')).toBe(false);
    expect(isValidUscc('91350100M000100Y4')).toBe(false);
    expect(isValidUscc('91350100M000100Y433')).toBe(false);
    expect(isValidUscc('')).toBe(false);
    expect(usccCheckChar('short')).toBeNull();
  });
});
