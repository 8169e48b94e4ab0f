import {
  DICT_MESSAGES,
  type DictAddRequest,
  type DictDto,
  type DictEditRequest,
  type DictItemAddRequest,
  type DictItemDto,
  type DictItemEditRequest,
  type DictItemListQuery,
  type DictListQuery,
  formatDateTime,
  type PageResult,
} from '@aps/shared';
import { and, count, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { badRequest, notFound } from '../../../core/envelope.ts';
import { fetchPage } from '../../../core/paging.ts';
import type { Db } from '../../../db/client.ts';
import { uniqueViolation } from '../permission/pg-errors.ts';
import { sysDict, sysDictItem } from '../system/tables.ts';
import { containsPattern, orderOf } from './kit.ts';
import type { DictService } from './service.ts';

/** Dictionary administration (/sys/dict/*, /sys/dictItem/*). Dictionaries are platform-wide; every write drops the cache. */
export interface DictAdminService {
  list(query: DictListQuery): Promise<PageResult<DictDto>>;
  add(input: DictAddRequest): Promise<DictDto>;
  edit(input: DictEditRequest): Promise<DictDto>;
  remove(ids: string[]): Promise<number>;
  items(query: DictItemListQuery): Promise<PageResult<DictItemDto>>;
  addItem(input: DictItemAddRequest): Promise<DictItemDto>;
  editItem(input: DictItemEditRequest): Promise<DictItemDto>;
  removeItems(ids: string[]): Promise<number>;
}

const DICT_COLUMNS = {
  id: sysDict.id,
  dictName: sysDict.dictName,
  dictCode: sysDict.dictCode,
  description: sysDict.description,
  createTime: sysDict.createTime,
  updateTime: sysDict.updateTime,
  itemCount: sql<number>`(SELECT count(*)::int FROM sys_dict_item i WHERE i.dict_id = sys_dict.id)`,
};
type DictRow = { [K in keyof typeof DICT_COLUMNS]: K extends 'itemCount' ? number : unknown } & {
  id: string;
  dictName: string;
  dictCode: string;
  description: string | null;
  createTime: Date;
  updateTime: Date | null;
};

const toDictDto = (r: DictRow): DictDto => ({
  id: r.id,
  dictName: r.dictName,
  dictCode: r.dictCode,
  description: r.description,
  itemCount: Number(r.itemCount ?? 0),
  createTime: formatDateTime(r.createTime) ?? '',
  updateTime: formatDateTime(r.updateTime),
});

const toItemDto = (r: typeof sysDictItem.$inferSelect): DictItemDto => ({
  id: r.id,
  dictId: r.dictId,
  itemText: r.itemText,
  itemValue: r.itemValue,
  itemColor: r.itemColor,
  description: r.description,
  sortOrder: r.sortOrder,
  status: r.status,
  createTime: formatDateTime(r.createTime) ?? '',
});

const DICT_SORT = { createTime: sysDict.createTime, dictName: sysDict.dictName, dictCode: sysDict.dictCode };
const ITEM_SORT = {
  sortOrder: sysDictItem.sortOrder,
  itemText: sysDictItem.itemText,
  itemValue: sysDictItem.itemValue,
  createTime: sysDictItem.createTime,
};

export function createDictAdminService({
  db,
  dicts,
}: {
  db: Db;
  dicts: Pick<DictService, 'invalidate'>;
}): DictAdminService {
  async function write<T>(message: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (uniqueViolation(err)) throw badRequest(message);
      throw err;
    } finally {
      dicts.invalidate();
    }
  }

  async function dictById(id: string): Promise<DictDto> {
    const [row] = await db.select(DICT_COLUMNS).from(sysDict).where(eq(sysDict.id, id));
    if (!row) throw notFound(DICT_MESSAGES.dictNotFound);
    return toDictDto(row as DictRow);
  }

  return {
    async list(q) {
      const filters: SQL[] = [eq(sysDict.delFlag, 0)];
      if (q.dictName) filters.push(ilike(sysDict.dictName, containsPattern(q.dictName)));
      if (q.dictCode) filters.push(ilike(sysDict.dictCode, containsPattern(q.dictCode)));
      const where = and(...filters);
      return fetchPage(
        q,
        db.select({ n: count() }).from(sysDict).where(where),
        (offset, limit) =>
          db
            .select(DICT_COLUMNS)
            .from(sysDict)
            .where(where)
            .orderBy(...orderOf(DICT_SORT, q, 'createTime', sysDict.id))
            .offset(offset)
            .limit(limit),
        (r) => toDictDto(r as DictRow),
      );
    },

    add(input) {
      return write(DICT_MESSAGES.codeTaken, async () => {
        const [row] = await db.insert(sysDict).values(input).returning({ id: sysDict.id });
        return dictById(row?.id ?? '');
      });
    },

    edit({ id, ...input }) {
      return write(DICT_MESSAGES.codeTaken, async () => {
        const rows = await db
          .update(sysDict)
          .set({ ...input, updateTime: new Date() })
          .where(eq(sysDict.id, id))
          .returning({ id: sysDict.id });
        if (rows.length === 0) throw notFound(DICT_MESSAGES.dictNotFound);
        return dictById(id);
      });
    },

    remove(ids) {
      return write(DICT_MESSAGES.codeTaken, async () => {
        // Items go with their dictionary (ON DELETE CASCADE).
        const rows = await db.delete(sysDict).where(inArray(sysDict.id, ids)).returning({ id: sysDict.id });
        if (rows.length === 0) throw notFound(DICT_MESSAGES.dictNotFound);
        return rows.length;
      });
    },

    async items(q) {
      const filters: SQL[] = [eq(sysDictItem.dictId, q.dictId)];
      if (q.itemText) filters.push(ilike(sysDictItem.itemText, containsPattern(q.itemText)));
      if (q.status !== undefined) filters.push(eq(sysDictItem.status, q.status));
      const where = and(...filters);
      const sort = q.column ? { ...q } : { ...q, column: 'sortOrder' as const, order: q.order ?? ('asc' as const) };
      return fetchPage(
        q,
        db.select({ n: count() }).from(sysDictItem).where(where),
        (offset, limit) =>
          db
            .select()
            .from(sysDictItem)
            .where(where)
            .orderBy(...orderOf(ITEM_SORT, sort, 'sortOrder', sysDictItem.id))
            .offset(offset)
            .limit(limit),
        toItemDto,
      );
    },

    addItem(input) {
      return write(DICT_MESSAGES.itemValueTaken, async () => {
        await dictById(input.dictId);
        const [row] = await db.insert(sysDictItem).values(input).returning();
        if (!row) throw notFound(DICT_MESSAGES.itemNotFound);
        return toItemDto(row);
      });
    },

    editItem({ id, dictId: _, ...input }) {
      return write(DICT_MESSAGES.itemValueTaken, async () => {
        const [row] = await db
          .update(sysDictItem)
          .set({ ...input, updateTime: new Date() })
          .where(eq(sysDictItem.id, id))
          .returning();
        if (!row) throw notFound(DICT_MESSAGES.itemNotFound);
        return toItemDto(row);
      });
    },

    removeItems(ids) {
      return write(DICT_MESSAGES.itemValueTaken, async () => {
        const rows = await db.delete(sysDictItem).where(inArray(sysDictItem.id, ids)).returning({ id: sysDictItem.id });
        if (rows.length === 0) throw notFound(DICT_MESSAGES.itemNotFound);
        return rows.length;
      });
    },
  };
}
