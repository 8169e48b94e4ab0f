import type { ReportRow } from '@aps/shared';
import { REPORT_MESSAGES, splitValue } from '@aps/shared/constants';

/** Which report column fills which target field, in order (§5 popup field: original fields → target fields). */
export type PopupFieldPairs = { org: string; dest: string }[];

/**
 * Checks a popup field's configuration as §5 states it: a report code, original fields and target fields are all
 * needed (popup参数未正确配置!), and the two lists pair up one to one (…原始值和目标值数量不一致!).
 */
export function popupFieldPairs(
  code: string | undefined,
  orgFields: string | undefined,
  destFields: string | undefined,
): { pairs: PopupFieldPairs } | { error: string } {
  const org = splitValue(orgFields);
  const dest = splitValue(destFields);
  if (!code?.trim() || org.length === 0 || dest.length === 0) return { error: REPORT_MESSAGES.popupMisconfigured };
  if (org.length !== dest.length) return { error: REPORT_MESSAGES.popupFieldCountMismatch };
  return { pairs: org.map((o, i) => ({ org: o, dest: dest[i] ?? '' })) };
}

const cellText = (value: ReportRow[string] | undefined) => (value === null || value === undefined ? '' : String(value));

/** The target fields' values for the picked rows: each row's original field, comma-joined over several rows (§9). */
export function popupFieldValues(pairs: PopupFieldPairs, rows: ReportRow[]): Record<string, string> {
  return Object.fromEntries(pairs.map(({ org, dest }) => [dest, rows.map((row) => cellText(row[org])).join(',')]));
}

/** Every target field emptied (the field's clear button). */
export const emptyPopupFieldValues = (pairs: PopupFieldPairs): Record<string, string> =>
  Object.fromEntries(pairs.map(({ dest }) => [dest, '']));
