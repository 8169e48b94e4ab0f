import { formatQuarter } from '@aps/shared/constants';
import { DatePicker, type DatePickerProps } from 'antd';
import type { Dayjs } from 'dayjs';

/** The label of a picked quarter (§9 `{year} Q{1-4}`), for antd's `format`. */
const quarterLabel = (value: Dayjs) => formatQuarter(value) ?? '';

export interface QuarterPickerProps
  extends Omit<DatePickerProps, 'picker' | 'format' | 'onChange' | 'multiple' | 'value' | 'defaultValue'> {
  value?: Dayjs | null;
  defaultValue?: Dayjs | null;
  /** The picked quarter (a day in it, as antd gives it) or null when cleared. */
  onChange?: (value: Dayjs | null) => void;
}

/** A quarter picker whose field and value read `2026 Q4` (§9 quarter label). */
export function QuarterPicker({ onChange, ...props }: QuarterPickerProps) {
  return (
    <DatePicker
      placeholder="请选择季度"
      {...props}
      picker="quarter"
      format={quarterLabel}
      onChange={(value) => onChange?.(value)}
    />
  );
}
