import { VERIFICATION_CODE_RULES } from '@aps/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { codeExpiry, codeVerdict, generateCode } from './codes.ts';

// The code rules of issue 12 §2 / issue 18 §1 on a fake clock: 6 digits, 5 minutes, 5 attempts, single use.
describe('verification code rules', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-28T08:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  const issued = () => ({ code: '042917', attemptsBefore: 0, expiresAt: codeExpiry(Date.now()), consumed: false });

  it('is six digits, zero-padded', () => {
    for (let i = 0; i < 200; i++) expect(generateCode()).toMatch(/^\d{6}$/);
    expect(VERIFICATION_CODE_RULES).toEqual({ digits: 6, ttlMs: 300_000, resendMs: 60_000, maxAttempts: 5 });
  });

  it('matches for five minutes and not a millisecond longer', () => {
    const code = issued();
    vi.advanceTimersByTime(5 * 60_000 - 1);
    expect(codeVerdict(code, '042917', Date.now())).toBe('ok');
    vi.advanceTimersByTime(1);
    expect(codeVerdict(code, '042917', Date.now())).toBe('expired');
  });

  it('allows five guesses: the right code on the sixth is refused', () => {
    const code = issued();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(codeVerdict({ ...code, attemptsBefore: attempt }, '000000', Date.now())).toBe('wrong');
    }
    expect(codeVerdict({ ...code, attemptsBefore: 4 }, '042917', Date.now())).toBe('ok');
    expect(codeVerdict({ ...code, attemptsBefore: 5 }, '042917', Date.now())).toBe('exhausted');
  });

  it('is used once, and compares whole codes only', () => {
    const code = issued();
    expect(codeVerdict({ ...code, consumed: true }, '042917', Date.now())).toBe('used');
    expect(codeVerdict(code, '42917', Date.now())).toBe('wrong');
    expect(codeVerdict(code, '0429170', Date.now())).toBe('wrong');
  });
});
