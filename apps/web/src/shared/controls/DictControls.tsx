import { Alert, Checkbox, Radio, Select, type SelectProps } from 'antd';
import { useMemo } from 'react';
import { optionLabel, useDictOptions } from './useDictOptions.ts';

interface DictBase {
  /** The dictionary code (or "table,text,code"); empty → 字典Code不能为空!. */
  dictCode: string | null | undefined;
  disabled?: boolean;
  id?: string;
}

/** The §5 message in place of the control. */
const CodeError = ({ message }: { message: string }) => <Alert type="error" showIcon title={message} />;

export interface DictSelectProps
  extends DictBase,
    Omit<SelectProps<string | string[]>, 'options' | 'value' | 'onChange' | 'mode'> {
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  /** Several values, stored comma-joined (§9 multi-value separator). */
  multiple?: boolean;
}

/** A select over a dictionary; with `multiple` the value is the comma-joined list. */
export function DictSelect({ dictCode, value, onChange, multiple, placeholder = '请选择', ...rest }: DictSelectProps) {
  const { options, error, loading } = useDictOptions(dictCode);
  const items = useMemo(() => options.map((o) => ({ value: o.value, label: optionLabel(o) })), [options]);
  if (error) return <CodeError message={error} />;
  const current = multiple ? (value ? value.split(',').filter(Boolean) : []) : (value ?? undefined);
  return (
    <Select<string | string[]>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholder}
      loading={loading}
      {...rest}
      mode={multiple ? 'multiple' : undefined}
      value={current}
      options={items}
      onChange={(v) => onChange?.(Array.isArray(v) ? v.join(',') || undefined : (v ?? undefined))}
    />
  );
}

export interface DictRadioProps extends DictBase {
  value?: string | null;
  onChange?: (value: string) => void;
  /** Buttons instead of round radios. */
  button?: boolean;
}

/** A radio group over a dictionary. */
export function DictRadio({ dictCode, value, onChange, button, disabled, id }: DictRadioProps) {
  const { options, error } = useDictOptions(dictCode);
  if (error) return <CodeError message={error} />;
  return (
    <Radio.Group
      id={id}
      disabled={disabled}
      value={value ?? undefined}
      optionType={button ? 'button' : 'default'}
      buttonStyle="solid"
      options={options.map((o) => ({ value: o.value, label: optionLabel(o) }))}
      onChange={(e) => onChange?.(e.target.value)}
    />
  );
}

export interface DictCheckboxProps extends DictBase {
  /** Comma-joined values (§9). */
  value?: string | null;
  onChange?: (value: string) => void;
}

/** A checkbox group over a dictionary; the value is the comma-joined list of ticked values. */
export function DictCheckbox({ dictCode, value, onChange, disabled }: DictCheckboxProps) {
  const { options, error } = useDictOptions(dictCode);
  if (error) return <CodeError message={error} />;
  return (
    <Checkbox.Group
      disabled={disabled}
      value={value ? value.split(',').filter(Boolean) : []}
      options={options.map((o) => ({ value: o.value, label: optionLabel(o) }))}
      onChange={(v) => onChange?.((v as string[]).join(','))}
    />
  );
}
