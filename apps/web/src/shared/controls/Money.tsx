import { formatMoney } from '@aps/shared/constants';

/** An amount in the §9 money format #,##0.00, right-aligned digits. */
export function Money({ value, unit }: { value: number | string | null | undefined; unit?: string }) {
  return (
    <span style={{ fontVariantNumeric: 'tabular-nums' }}>
      {formatMoney(value)}
      {unit ? ` ${unit}` : null}
    </span>
  );
}
