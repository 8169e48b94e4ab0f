import {
  SUPER_QUERY_RULE_LABELS,
  type SuperQueryCondition,
  type SuperQueryFieldDef,
  type SuperQueryFieldOption,
  type SuperQueryMatchType,
  type SuperQueryRule,
  splitValue,
} from '@aps/shared/constants';

/** One line of the builder while it is edited (§3 advanced query line). `key` only keeps React rows stable. */
export interface SuperQueryLine {
  key: string;
  field?: string | undefined;
  rule?: SuperQueryRule | undefined;
  /** Text; an `in` line holds its values comma-joined. */
  val?: string | undefined;
}

/** The advanced query in force on a list: the complete lines and the match type. */
export interface ActiveSuperQuery {
  matchType: SuperQueryMatchType;
  records: SuperQueryCondition[];
}

let seq = 0;
export const newLine = (line: Partial<Omit<SuperQueryLine, 'key'>> = {}): SuperQueryLine => ({
  key: `q${++seq}`,
  rule: 'eq',
  ...line,
});

/** §5: a line is empty if its field, value or rule is missing. */
export function isEmptyLine(line: SuperQueryLine): boolean {
  return !line.field || !line.rule || line.val === undefined || line.val.trim() === '';
}

/** The lines that count, as the wire conditions (type from the field's declaration). */
export function completeLines(lines: readonly SuperQueryLine[], fields: readonly SuperQueryFieldDef[]) {
  return lines
    .filter((l) => !isEmptyLine(l))
    .map(
      (l): SuperQueryCondition => ({
        field: l.field as string,
        rule: l.rule as SuperQueryRule,
        val: (l.val as string).trim(),
        type: fields.find((f) => f.field === l.field)?.type,
      }),
    );
}

/** §5: switching the rule away from `in` keeps the first value. */
export function changeRule(line: SuperQueryLine, rule: SuperQueryRule): SuperQueryLine {
  if (line.rule === 'in' && rule !== 'in') return { ...line, rule, val: splitValue(line.val)[0] };
  return { ...line, rule };
}

/** A new field keeps the rule but not the value (its type and options may differ). */
export function changeField(line: SuperQueryLine, field: string): SuperQueryLine {
  return { ...line, field, val: undefined };
}

/** A saved or active query back as editable lines (at least one line). */
export function linesOf(records: readonly SuperQueryCondition[]): SuperQueryLine[] {
  return records.length ? records.map((r) => newLine({ field: r.field, rule: r.rule, val: r.val })) : [newLine()];
}

/**
 * The list parameters of an advanced query (§7 generic list GET): superQueryParams is
 * encodeURIComponent(JSON.stringify(lines)) as the original client sends it, and superQueryMatchType.
 */
export function superQueryParams(active: ActiveSuperQuery | null): Record<string, string> {
  if (!active?.records.length) return {};
  return {
    superQueryParams: encodeURIComponent(JSON.stringify(active.records)),
    superQueryMatchType: active.matchType,
  };
}

/** The options a field's value is picked from: its own, or its dictionary's (via `dictOptions`). */
export type DictOptionsOf = (dictCode: string) => readonly SuperQueryFieldOption[] | undefined;

/**
 * One condition in words, for people: field label, rule label, value(s) with option texts, e.g.
 * `采购阶段 在...中 评审结束、已定标`. An unknown field or value shows as it is.
 */
export function describeCondition(
  cond: Pick<SuperQueryCondition, 'field' | 'rule' | 'val'>,
  fields: readonly SuperQueryFieldDef[],
  dictOptions: DictOptionsOf = () => undefined,
): string {
  const def = fields.find((f) => f.field === cond.field);
  const options = def?.options ?? (def?.dictCode ? dictOptions(def.dictCode) : undefined) ?? [];
  const textOf = (v: string) => options.find((o) => String(o.value) === v)?.text ?? v;
  const values = cond.rule === 'in' ? splitValue(cond.val) : [cond.val.trim()];
  return `${def?.label ?? cond.field} ${SUPER_QUERY_RULE_LABELS[cond.rule] ?? cond.rule} ${values.map(textOf).join('、')}`;
}

/** A whole query in words: its conditions joined by 并且 (and) or 或者 (or). */
export function describeQuery(
  query: ActiveSuperQuery,
  fields: readonly SuperQueryFieldDef[],
  dictOptions?: DictOptionsOf,
): string {
  const joiner = query.matchType === 'or' ? ' 或者 ' : ' 并且 ';
  return query.records.map((r) => describeCondition(r, fields, dictOptions)).join(joiner);
}
