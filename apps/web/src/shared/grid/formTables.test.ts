import { describe, expect, it, vi } from 'vitest';
import { validateFormAndTables } from './formTables.ts';
import type { GridErrorMap } from './types.ts';

const grid = (errors: GridErrorMap | null, rows = [{ id: 'r' }]) => ({
  validate: vi.fn(async () => errors),
  getValues: () => rows,
});

describe('form + tables validation (§5)', () => {
  it('returns the form values and every table when all pass', async () => {
    const activate = vi.fn();
    const result = await validateFormAndTables(
      async () => ({ name: 'x' }),
      [
        { paneKey: 'a', grid: grid(null, [{ id: '1' }]) },
        { paneKey: 'b', grid: grid(null, [{ id: '2' }]) },
      ],
      activate,
    );
    expect(result).toEqual({ ok: true, form: { name: 'x' }, tables: [[{ id: '1' }], [{ id: '2' }]] });
    expect(activate).not.toHaveBeenCalled();
  });
  it('stops at the first invalid table, activates its tab, reports index, pane key and map', async () => {
    const activate = vi.fn();
    const third = grid({ z: { c: 'm' } });
    const result = await validateFormAndTables(
      async () => ({}),
      [
        { paneKey: 'a', grid: grid(null) },
        { paneKey: 'b', grid: grid({ r1: { name: '名称不能为空' } }) },
        { paneKey: 'c', grid: third },
      ],
      activate,
    );
    expect(result).toEqual({
      ok: false,
      stage: 'table',
      index: 1,
      paneKey: 'b',
      errors: { r1: { name: '名称不能为空' } },
    });
    expect(activate).toHaveBeenCalledWith('b');
    expect(third.validate).not.toHaveBeenCalled();
  });
  it('reports an invalid form before looking at the tables', async () => {
    const table = grid({ r: { a: 'x' } });
    const result = await validateFormAndTables(
      () => Promise.reject(new Error('form')),
      [{ paneKey: 'a', grid: table }],
      vi.fn(),
    );
    expect(result).toMatchObject({ ok: false, stage: 'form' });
    expect(table.validate).not.toHaveBeenCalled();
  });
});
