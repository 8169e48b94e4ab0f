import type { DictOption } from '@aps/shared';
import { asc, eq } from 'drizzle-orm';
import { nowAndAfterTransaction } from '../../../core/request-transaction.ts';
import type { Db } from '../../../db/client.ts';
import { sysDict, sysDictItem } from '../system/tables.ts';

export interface DictService {
  all(): Promise<Record<string, DictOption[]>>;
  items(code: string): Promise<DictOption[]>;
  invalidate(): void;
}

const toOption = (row: { itemValue: string; itemText: string; itemColor: string | null }): DictOption => ({
  value: row.itemValue,
  text: row.itemText,
  title: row.itemText,
  label: row.itemText,
  ...(row.itemColor ? { color: row.itemColor } : {}),
});

/** Dictionaries change rarely and are read on every login: cached in memory, dropped on any edit. */
export function createDictService({ db }: { db: Db }): DictService {
  let cache: Promise<Record<string, DictOption[]>> | null = null;

  async function load() {
    const rows = await db
      .select({
        code: sysDict.dictCode,
        itemValue: sysDictItem.itemValue,
        itemText: sysDictItem.itemText,
        itemColor: sysDictItem.itemColor,
      })
      .from(sysDictItem)
      .innerJoin(sysDict, eq(sysDict.id, sysDictItem.dictId))
      .where(eq(sysDictItem.status, 1))
      .orderBy(asc(sysDict.dictCode), asc(sysDictItem.sortOrder), asc(sysDictItem.itemValue));
    const byCode: Record<string, DictOption[]> = {};
    for (const row of rows) {
      byCode[row.code] ??= [];
      byCode[row.code]?.push(toOption(row));
    }
    return byCode;
  }

  return {
    all() {
      cache ??= load().catch((err) => {
        cache = null;
        throw err;
      });
      return cache;
    },
    async items(code) {
      const all = await this.all();
      return all[code] ?? [];
    },
    invalidate() {
      void nowAndAfterTransaction(() => {
        cache = null;
      });
    },
  };
}
