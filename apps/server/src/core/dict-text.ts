import type { DictCode, PageResult } from '@aps/shared';
import type { DictService } from '../modules/platform/dict/service.ts';

/**
 * Where a field's display text comes from: a dictionary code (sys_dict, editable by administrators) or a fixed
 * label table from @aps/shared for codes the product defines itself (log types, job states, …).
 */
export type DictSource = DictCode | Readonly<Record<string | number, string>>;
export type DictFields = Readonly<Record<string, DictSource>>;

type WithDictText<Row> = Row & Record<`${string}_dictText`, string>;

/**
 * Adds JeecgBoot's `<field>_dictText` companion to each dictionary-coded field, so a client written for JeecgBoot
 * shows the text (性别 男, 状态 正常…) instead of a blank column. A value the dictionary lacks gives ''; multi-values
 * ("1,3") give their texts joined by commas. Existing fields are left as they are.
 */
export async function withDictText<Row extends object>(
  dicts: Pick<DictService, 'all'>,
  rows: Row[],
  fields: DictFields,
): Promise<WithDictText<Row>[]> {
  const all = await dicts.all();
  const lookups = Object.entries(fields).map(([field, source]) => {
    const texts =
      typeof source === 'string'
        ? new Map((all[source] ?? []).map((option) => [option.value, option.text]))
        : new Map(Object.entries(source));
    return [field, texts] as const;
  });
  return rows.map((row) => {
    const extra: Record<string, string> = {};
    for (const [field, texts] of lookups) {
      const value = (row as Record<string, unknown>)[field];
      const parts = Array.isArray(value)
        ? value
        : value === null || value === undefined
          ? []
          : String(value).split(',');
      extra[`${field}_dictText`] = parts
        .map((part) => texts.get(String(part).trim()) ?? '')
        .filter(Boolean)
        .join(',');
    }
    return { ...row, ...extra } as WithDictText<Row>;
  });
}

/** The same for one page of a list. */
export async function pageWithDictText<Row extends object>(
  dicts: Pick<DictService, 'all'>,
  page: PageResult<Row>,
  fields: DictFields,
): Promise<PageResult<WithDictText<Row>>> {
  return { ...page, records: await withDictText(dicts, page.records, fields) };
}
