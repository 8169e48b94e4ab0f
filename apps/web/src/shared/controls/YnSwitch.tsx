import { Switch, type SwitchProps } from 'antd';
import { DEFAULT_SWITCH_PAIR, type SwitchPair, switchChecked, switchValue } from './logic.ts';

export interface YnSwitchProps extends Omit<SwitchProps, 'checked' | 'defaultChecked' | 'value' | 'onChange'> {
  value?: string | null;
  onChange?: (value: string) => void;
  /** The on/off values, Y and N by default (§9). */
  options?: SwitchPair;
}

/** §4 switch: stores the first value of its pair when on, the second when off or empty. */
export function YnSwitch({ value, onChange, options = DEFAULT_SWITCH_PAIR, ...rest }: YnSwitchProps) {
  return (
    <Switch
      checkedChildren="是"
      unCheckedChildren="否"
      {...rest}
      checked={switchChecked(value, options)}
      onChange={(checked) => onChange?.(switchValue(checked, options))}
    />
  );
}
