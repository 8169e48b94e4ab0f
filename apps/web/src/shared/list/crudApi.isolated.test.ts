import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: { method: string; path: string; arg?: unknown }[] = [];
vi.mock('../http.ts', () => {
  const record = (method: string) => async (path: string, arg?: unknown) => {
    calls.push({ method, path, arg });
    return { path };
  };
  return { http: { get: record('GET'), post: record('POST'), put: record('PUT'), delete: record('DELETE') } };
});
const downloads: { path: string; fileName: string; query: unknown }[] = [];
vi.mock('./download.ts', () => ({
  downloadBlob: async (path: string, fileName: string, query: unknown) => {
    downloads.push({ path, fileName, query });
  },
}));

const { createCrudApi, crudCodes } = await import('./crudApi.ts');

interface Row {
  id: string;
  name: string;
}
const api = createCrudApi<Row, { name: string }>({
  base: '/sys/position',
  queryKey: ['system', 'position'],
  alsoInvalidates: [['system', 'user']],
  permissions: { list: 'system:position:list', edit: 'system:position:edit' },
});

beforeEach(() => {
  calls.length = 0;
  downloads.length = 0;
});

describe('crudCodes', () => {
  it.each([
    [
      'list/edit only: writes with edit, exports with list',
      { list: 'p:list', edit: 'p:edit' },
      { list: 'p:list', add: 'p:edit', edit: 'p:edit', delete: 'p:edit', export: 'p:list' },
    ],
    [
      'finer codes are used as they are',
      { list: 'u:list', add: 'u:add', edit: 'u:edit', delete: 'u:delete', export: 'u:export' },
      { list: 'u:list', add: 'u:add', edit: 'u:edit', delete: 'u:delete', export: 'u:export' },
    ],
    [
      'add and delete without export (roles)',
      { list: 'r:list', add: 'r:add', edit: 'r:edit', delete: 'r:delete' },
      { list: 'r:list', add: 'r:add', edit: 'r:edit', delete: 'r:delete', export: 'r:list' },
    ],
  ])('%s', (_name, permissions, expected) => {
    expect(crudCodes(permissions)).toEqual(expected);
  });
});

describe('createCrudApi', () => {
  it('names the §7 generic calls under the base path', () => {
    expect(api.listUrl).toBe('/sys/position/list');
    expect(api.importUrl).toBe('/sys/position/importExcel');
    expect(api.invalidates).toEqual([
      ['system', 'position'],
      ['system', 'user'],
    ]);
  });

  it('save adds without an id and edits with one', async () => {
    await api.save({ name: 'A' });
    await api.save({ id: null, name: 'B' });
    await api.save({ id: 'p1', name: 'C' });
    expect(calls).toEqual([
      { method: 'POST', path: '/sys/position/add', arg: { name: 'A' } },
      { method: 'POST', path: '/sys/position/add', arg: { name: 'B' } },
      { method: 'PUT', path: '/sys/position/edit', arg: { name: 'C', id: 'p1' } },
    ]);
  });

  it('deletes one by id and many as a comma-joined ids string', async () => {
    await api.remove('p1');
    await api.removeBatch(['p1', 'p2', 3]);
    expect(calls).toEqual([
      { method: 'DELETE', path: '/sys/position/delete', arg: { id: 'p1' } },
      { method: 'DELETE', path: '/sys/position/deleteBatch', arg: { ids: 'p1,p2,3' } },
    ]);
  });

  it('reads one record by id', async () => {
    await api.queryById('p9');
    expect(calls).toEqual([{ method: 'GET', path: '/sys/position/queryById', arg: { id: 'p9' } }]);
  });

  it('exports the list filters without the paging', async () => {
    await api.exportXls('职务.xlsx', { pageNo: 3, pageSize: 20, name: '经理', column: 'code', order: 'asc' });
    expect(downloads).toEqual([
      {
        path: '/sys/position/exportXls',
        fileName: '职务.xlsx',
        query: { name: '经理', column: 'code', order: 'asc' },
      },
    ]);
  });
});
