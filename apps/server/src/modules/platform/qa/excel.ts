import { type DictOption, formatDateTime, QA_EXCEL_HEADERS as H, QA_DEFAULTS, type QaDto } from '@aps/shared';
import type { SheetColumn, SheetRow } from '../excel/workbook.ts';

const textOf = (options: DictOption[], value: string) => options.find((o) => o.value === value)?.text ?? value;

/** The exported sheet's columns; an import reads the same headers back. */
export function exportColumns(qaTypes: DictOption[], yn: DictOption[]): SheetColumn<QaDto>[] {
  return [
    { header: H.questionContent, width: 40, wrap: true, value: (r) => r.questionContent },
    { header: H.answerContent, width: 70, wrap: true, value: (r) => r.answerContent },
    { header: H.qaType, width: 14, value: (r) => textOf(qaTypes, r.qaType) },
    { header: H.useType, width: 16, value: (r) => textOf(yn, r.useType) },
    { header: H.displayOrder, width: 8, value: (r) => r.displayOrder },
    { header: H.createBy, width: 14, value: (r) => r.createBy },
    { header: H.createTime, width: 20, value: (r) => formatDateTime(r.createTime) },
  ];
}

/**
 * A sheet row as form input. Dictionary cells may hold the text (是, 其他) or the value (1, 5); a blank cell
 * means "not filled in" and takes the form's default, as a new form would (useType '0', displayOrder 1, qaType
 * the server default). Anything else is passed on unchanged so that the shared schema reports it.
 */
export function rowToInput(row: SheetRow, qaTypes: DictOption[], yn: DictOption[]) {
  const c = row.cells;
  const dictValue = (options: DictOption[], cell: string | undefined) => {
    if (!cell) return undefined;
    return options.find((o) => o.value === cell || o.text === cell)?.value ?? cell;
  };
  return {
    questionContent: c[H.questionContent] ?? '',
    answerContent: c[H.answerContent] ?? '',
    qaType: dictValue(qaTypes, c[H.qaType]),
    useType: dictValue(yn, c[H.useType]) ?? QA_DEFAULTS.useType,
    displayOrder: c[H.displayOrder] || undefined,
  };
}
