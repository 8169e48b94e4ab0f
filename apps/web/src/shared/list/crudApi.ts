import type { PageResult } from '@aps/shared';
import type { Key } from 'react';
import { http } from '../http.ts';
import { downloadBlob } from './download.ts';
import { idsParam, type ListParams } from './query.ts';

/**
 * A resource's permission group as PERMISSIONS holds it: edit always, finer codes where it has them; no list code
 * means every signed-in user may read (and export) it, as the FAQ.
 */
export interface CrudPermissions {
  list?: string;
  edit: string;
  add?: string;
  delete?: string;
  export?: string;
}

/** The code that shows each standard button. */
export interface CrudCodes {
  list?: string;
  add: string;
  edit: string;
  delete: string;
  export?: string;
}

/**
 * The codes of the standard buttons: a resource with only list/edit (positions, tenants, …) writes with edit and
 * exports with list, as its server routes check; one with finer codes (users, roles) uses those.
 */
export function crudCodes(p: CrudPermissions): CrudCodes {
  return { list: p.list, add: p.add ?? p.edit, edit: p.edit, delete: p.delete ?? p.edit, export: p.export ?? p.list };
}

export type CrudId = string | number;

export interface CrudApiOptions {
  /** The path of the §7 generic calls: `<base>/list`, `/queryById`, `/add`, `/edit`, `/delete`, … */
  base: string;
  /** The resource's one query key: its list lives under it and every write invalidates it. */
  queryKey: readonly unknown[];
  /** Other lists that show this resource's data and are refreshed by every write (e.g. users show role names). */
  alsoInvalidates?: readonly (readonly unknown[])[];
  permissions: CrudPermissions;
}

/** The §7 generic calls of one resource, typed by its row and its form. */
export interface CrudApi<Row, Form, Id extends CrudId = string> {
  readonly base: string;
  readonly queryKey: readonly unknown[];
  /** The query keys a write invalidates: the resource's own first. */
  readonly invalidates: readonly (readonly unknown[])[];
  readonly codes: CrudCodes;
  readonly listUrl: string;
  /** The multipart upload of 导入 (ImportModal's action). */
  readonly importUrl: string;
  list(params: ListParams, signal?: AbortSignal): Promise<PageResult<Row>>;
  queryById(id: Id, signal?: AbortSignal): Promise<Row>;
  add(values: Form): Promise<Row>;
  edit(values: Form & { id: Id }): Promise<Row>;
  /** edit when the values carry an id, add otherwise (the id is left out of the add body). */
  save(values: Form & { id?: Id | null }): Promise<Row>;
  remove(id: Id): Promise<unknown>;
  removeBatch(ids: readonly Key[]): Promise<unknown>;
  /** 导出: the rows matching the list's filters (paging left out, the server exports them all) as `fileName`. */
  exportXls(fileName: string, params?: ListParams): Promise<void>;
}

export function createCrudApi<Row, Form extends object, Id extends CrudId = string>(
  options: CrudApiOptions,
): CrudApi<Row, Form, Id> {
  const { base } = options;
  const add = (values: Form) => http.post<Row>(`${base}/add`, values);
  const edit = (values: Form & { id: Id }) => http.put<Row>(`${base}/edit`, values);
  return {
    base,
    queryKey: options.queryKey,
    invalidates: [options.queryKey, ...(options.alsoInvalidates ?? [])],
    codes: crudCodes(options.permissions),
    listUrl: `${base}/list`,
    importUrl: `${base}/importExcel`,
    list: (params, signal) => http.get<PageResult<Row>>(`${base}/list`, { ...params, _t: Date.now() }, signal),
    queryById: (id, signal) => http.get<Row>(`${base}/queryById`, { id }, signal),
    add,
    edit,
    save: ({ id, ...rest }) => {
      const values = rest as Form;
      return id === undefined || id === null || id === '' ? add(values) : edit({ ...values, id });
    },
    remove: (id) => http.delete<unknown>(`${base}/delete`, { id: String(id) }),
    removeBatch: (ids) => http.delete<unknown>(`${base}/deleteBatch`, { ids: idsParam(ids) }),
    exportXls: (fileName, params = {}) => {
      const { pageNo: _page, pageSize: _size, ...filters } = params;
      return downloadBlob(`${base}/exportXls`, fileName, filters);
    },
  };
}
