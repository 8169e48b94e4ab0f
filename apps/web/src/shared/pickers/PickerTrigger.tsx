import { Button, Input, Space } from 'antd';
import type { ReactNode } from 'react';

export interface PickerTriggerProps {
  id?: string | undefined;
  /** What was picked, as people read it (names, codes). */
  text: string;
  placeholder?: string | undefined;
  disabled?: boolean | undefined;
  prefix?: ReactNode;
  suffix?: ReactNode;
  onOpen(): void;
}

/** The closed state of every picker: a read-only box showing the choice, and 选择; either opens the picker. */
export function PickerTrigger({ id, text, placeholder, disabled, prefix, suffix, onOpen }: PickerTriggerProps) {
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        id={id}
        readOnly
        disabled={disabled}
        placeholder={placeholder}
        value={text}
        onClick={disabled ? undefined : onOpen}
        prefix={prefix}
        suffix={suffix}
      />
      <Button disabled={disabled} onClick={onOpen}>
        选择
      </Button>
    </Space.Compact>
  );
}
