import { ENHANCE_HISTORY_LIMIT } from '@aps/shared/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addEnhanceEntry } from './enhanceHistory.ts';

const data = new Map<string, string>();

beforeEach(() => {
  data.clear();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => data.set(k, v),
    removeItem: (k: string) => data.delete(k),
  });
  vi.resetModules();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('enhance record list (§4, §9)', () => {
  it('keeps the last 16 entries, newest first, and skips a save identical to the newest', () => {
    expect(ENHANCE_HISTORY_LIMIT).toBe(16);
    let list = addEnhanceEntry([], 'v1', 1);
    list = addEnhanceEntry(list, 'v1', 2);
    expect(list).toEqual([{ text: 'v1', savedAt: 1 }]);
    for (let i = 2; i <= 20; i++) list = addEnhanceEntry(list, `v${i}`, i);
    expect(list).toHaveLength(16);
    expect(list[0]).toEqual({ text: 'v20', savedAt: 20 });
    expect(list[15]).toEqual({ text: 'v5', savedAt: 5 });
    // An older text saved again is a new version (only consecutive duplicates are skipped).
    list = addEnhanceEntry(list, 'v10', 21);
    expect(list.map((e) => e.text).slice(0, 3)).toEqual(['v10', 'v20', 'v19']);
    expect(list).toHaveLength(16);
  });

  it('keeps a list per code in localStorage and reads it back', async () => {
    const { useEnhanceHistory } = await import('./enhanceHistory.ts');
    const { record } = useEnhanceHistory.getState();
    for (let i = 1; i <= 18; i++) record('purchase_order', `js ${i}`, i);
    record('qa', 'other', 100);
    record('  ', 'no code', 101);
    record('qa', '   ', 102);
    const byCode = useEnhanceHistory.getState().byCode;
    expect(Object.keys(byCode).sort()).toEqual(['purchase_order', 'qa']);
    expect(byCode.purchase_order?.map((e) => e.text)[0]).toBe('js 18');
    expect(byCode.purchase_order).toHaveLength(16);
    expect(byCode.qa).toEqual([{ text: 'other', savedAt: 100 }]);

    // A new page load reads the stored lists.
    vi.resetModules();
    const again = await import('./enhanceHistory.ts');
    expect(again.useEnhanceHistory.getState().byCode.purchase_order?.[15]).toEqual({ text: 'js 3', savedAt: 3 });
    again.useEnhanceHistory.getState().clear('qa');
    expect(JSON.parse(data.get('pro__ENHANCE_JS_HISTORY') ?? '{}').value.qa).toBeUndefined();
  });
});
