import type { AuthEntry } from '@aps/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowedColumns, excludedCodes, toolbarButtonAllowed } from './auth.ts';
import { createHighlighter, RELOAD_HIGHLIGHT_MS } from './highlight.ts';
import { keyboardMoveTarget } from './keyboard.ts';
import { moveRow } from './rows.ts';

const entry = (action: string, status = '1', type = '1'): AuthEntry => ({ action, type, status, describe: action });

describe('grid codes by auth prefix (§6)', () => {
  const allAuth = [
    entry('demo:grid:price'),
    entry('demo:grid:batch_delete'),
    entry('demo:grid:add'),
    entry('demo:grid:memo', '0'), // switched off: not under control
    entry('demo:grid:owner', '1', '2'), // type 2 (disable) entries do not hide
    entry('qa:edit'),
  ];

  it.each([
    ['no prefix: everything allowed', undefined, [], []],
    ['nothing held under the prefix', 'demo:grid:', [], ['price', 'batch_delete', 'add']],
    ['a trailing colon is added', 'demo:grid', [], ['price', 'batch_delete', 'add']],
    ['held codes are allowed', 'demo:grid:', ['demo:grid:price', 'demo:grid:add'], ['batch_delete']],
    ['a comma-joined entry counts each code', 'demo:grid:', ['demo:grid:price,demo:grid:add'], ['batch_delete']],
    ['another prefix configures nothing', 'purchase:grid:', [], []],
  ])('%s', (_name, prefix, held, excluded) => {
    expect(excludedCodes(prefix, { auth: held.map((c) => entry(c)), allAuth })).toEqual(excluded);
  });

  it('hides the columns of excluded keys and the buttons; batch_delete also hides remove', () => {
    const columns = [{ key: 'name' }, { key: 'price' }, { key: 'memo' }];
    expect(allowedColumns(columns, ['price']).map((c) => c.key)).toEqual(['name', 'memo']);
    expect(allowedColumns(columns, [])).toEqual(columns);
    expect(toolbarButtonAllowed('remove', [])).toBe(true);
    expect(toolbarButtonAllowed('remove', ['batch_delete'])).toBe(false);
    expect(toolbarButtonAllowed('add', ['batch_delete'])).toBe(true);
    expect(toolbarButtonAllowed('add', ['add'])).toBe(false);
    expect(toolbarButtonAllowed('clearSelection', ['clearSelection'])).toBe(false);
  });
});

describe('keyboard drag sort', () => {
  it.each([
    ['ArrowUp', 2, 1],
    ['ArrowDown', 0, 1],
    ['Home', 2, 0],
    ['End', 0, 3],
    ['ArrowUp', 0, null],
    ['ArrowDown', 3, null],
    ['Home', 0, null],
    ['End', 3, null],
    ['Enter', 1, null],
    ['ArrowUp', -1, null],
  ])('%s on row %i of 4 → %s', (key, index, to) => {
    expect(keyboardMoveTarget(key, index, 4)).toBe(to);
  });

  it('moving by key resequences orderNum like the pointer drag', () => {
    const rows = [
      { id: 'a', orderNum: 1 },
      { id: 'b', orderNum: 2 },
      { id: 'c', orderNum: 3 },
    ];
    const to = keyboardMoveTarget('ArrowUp', 2, rows.length) ?? -1;
    expect(moveRow(rows, 2, to)).toEqual([
      { id: 'a', orderNum: 1 },
      { id: 'c', orderNum: 2 },
      { id: 'b', orderNum: 3 },
    ]);
  });
});

describe('reload highlight (§9: 1400 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('highlights a row for 1400 ms; a second reload restarts its time', () => {
    const seen: string[][] = [];
    const h = createHighlighter(RELOAD_HIGHLIGHT_MS, (ids) => seen.push([...ids]));
    expect(RELOAD_HIGHLIGHT_MS).toBe(1400);
    h.flash('r1');
    expect(seen).toEqual([['r1']]);
    vi.advanceTimersByTime(1000);
    h.flash('r1');
    h.flash('r2');
    expect(seen).toEqual([['r1'], ['r1', 'r2']]);
    vi.advanceTimersByTime(1399);
    expect(seen).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(seen.at(-1)).toEqual([]);
    h.flash('r3');
    h.dispose();
    vi.advanceTimersByTime(5000);
    expect(seen.at(-1)).toEqual(['r3']);
  });
});
