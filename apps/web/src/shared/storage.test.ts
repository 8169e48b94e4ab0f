import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_TTL_MS, storage } from './storage.ts';

const data = new Map<string, string>();

beforeEach(() => {
  data.clear();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => data.set(k, v),
    removeItem: (k: string) => data.delete(k),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('storage', () => {
  it('writes under pro__ in the {value, expire} layout and expires after the TTL', () => {
    vi.useFakeTimers({ now: 1_000 });
    storage.set('Access-Token', 'tok', SESSION_TTL_MS);
    expect(JSON.parse(data.get('pro__Access-Token') ?? '')).toEqual({ value: 'tok', expire: 1_000 + 604_800_000 });
    vi.setSystemTime(1_000 + SESSION_TTL_MS - 1);
    expect(storage.get('Access-Token')).toBe('tok');
    vi.setSystemTime(1_000 + SESSION_TTL_MS);
    expect(storage.get('Access-Token')).toBeNull();
    expect(data.has('pro__Access-Token')).toBe(false);
  });
});
