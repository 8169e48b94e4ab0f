import { EXPERT_STATUS_NAMES, type ExpertProfileDto, EXPERT_EXCEL_HEADERS as H } from '@aps/shared';
import type { SheetColumn, SheetRow } from '../../platform/excel/workbook.ts';

/** Lists in one cell (专业分类编码, 回避单位): separated by commas, 、 or semicolons, as people type them. */
const SEPARATOR = /[,，、;；\n]+/;
const listOf = (cell: string | undefined) =>
  (cell ?? '')
    .split(SEPARATOR)
    .map((s) => s.trim())
    .filter(Boolean);

/** The exported sheet's columns; an import reads IMPORT_HEADERS of them back. */
export const EXPORT_COLUMNS: SheetColumn<ExpertProfileDto>[] = [
  { header: H.username, width: 16, value: (r) => r.username },
  { header: H.realname, width: 12, value: (r) => r.realname },
  { header: H.specialities, width: 24, value: (r) => r.specialities.join(',') },
  { header: H.specialityNames, width: 30, wrap: true, value: (r) => r.specialityNames.join('、') },
  { header: H.region, width: 12, value: (r) => r.region },
  { header: H.title, width: 16, value: (r) => r.title },
  { header: H.employer, width: 28, value: (r) => r.employer },
  { header: H.avoidCompanies, width: 30, wrap: true, value: (r) => r.avoidCompanies.join('、') },
  { header: H.status, width: 8, value: (r) => EXPERT_STATUS_NAMES[r.status] },
  { header: H.remarks, width: 30, wrap: true, value: (r) => r.remarks },
  { header: H.createTime, width: 20, value: (r) => r.createTime },
];

export const IMPORT_HEADERS = [
  H.username,
  H.specialities,
  H.region,
  H.title,
  H.employer,
  H.avoidCompanies,
  H.status,
  H.remarks,
];
export const REQUIRED_HEADERS = [H.username, H.specialities];

/**
 * A sheet row as form input. 状态 may be its text (正常/暂停) or its code; blank means 正常, as on a new form.
 * Anything else is passed on unchanged so that the shared schema reports it.
 */
export function rowToInput(row: SheetRow) {
  const c = row.cells;
  const statusCell = c[H.status]?.trim();
  const status = statusCell
    ? (Object.entries(EXPERT_STATUS_NAMES).find(([code, name]) => statusCell === name || statusCell === code)?.[0] ??
      statusCell)
    : undefined;
  return {
    username: c[H.username] ?? '',
    specialities: listOf(c[H.specialities]),
    region: c[H.region] || undefined,
    title: c[H.title] || undefined,
    employer: c[H.employer] || undefined,
    avoidCompanies: listOf(c[H.avoidCompanies]),
    status,
    remarks: c[H.remarks] || undefined,
  };
}
