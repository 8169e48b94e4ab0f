import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import type { ReportRow } from '@aps/shared';
import { App } from 'antd';
import { useState } from 'react';
import { PickerTrigger } from '../../../../shared/pickers/index.ts';
import { emptyPopupFieldValues, popupFieldPairs, popupFieldValues } from '../popupFields.ts';
import { OnlineReportModal } from './OnlineReportModal.tsx';

export interface ReportPopupFieldProps {
  /** The online report to pick from (its code). */
  code: string;
  /** The report columns whose values are taken, comma-joined (§5 original fields). */
  orgFields: string;
  /** The fields they fill, in the same order (§5 target fields). */
  destFields: string;
  /** The target field this input shows and changes; defaults to the first target field. */
  field?: string;
  /** Several rows, their values comma-joined (default: exactly one row). */
  multiple?: boolean;
  id?: string;
  value?: string;
  placeholder?: string;
  disabled?: boolean;
  /** Popup title; defaults to the report's name. */
  title?: string;
  /** The value of `field` (antd Form's controlled-field contract). */
  onChange?(value: string): void;
  /** Every target field's value after a pick or a clear: the form fills its other fields from it. */
  onPick?(values: Record<string, string>, rows: ReportRow[]): void;
}

/**
 * A popup field (§5, JeecgBoot's JPopup): the input shows one target field; 选择 opens the online report popup and
 * the picked row's original fields fill the target fields. A wrong configuration is reported when the user tries
 * to open it (popup参数未正确配置!), as the platform always has, rather than breaking the form.
 */
export function ReportPopupField({
  code,
  orgFields,
  destFields,
  field,
  multiple = false,
  id,
  value,
  placeholder = '请选择',
  disabled,
  title,
  onChange,
  onPick,
}: ReportPopupFieldProps) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const config = popupFieldPairs(code, orgFields, destFields);
  const shownField = field ?? ('pairs' in config ? config.pairs[0]?.dest : undefined);

  const openPopup = () => {
    if (disabled) return;
    if ('error' in config) {
      message.error(config.error);
      return;
    }
    setOpen(true);
  };
  const apply = (values: Record<string, string>, rows: ReportRow[]) => {
    onPick?.(values, rows);
    if (shownField !== undefined) onChange?.(values[shownField] ?? '');
  };

  return (
    <>
      <PickerTrigger
        id={id}
        text={value ?? ''}
        placeholder={placeholder}
        disabled={disabled}
        // antd's allowClear leaves read-only inputs alone: clearing empties every target field, so it is ours.
        suffix={
          value && !disabled && 'pairs' in config ? (
            <CloseCircleFilled
              role="button"
              aria-label="清除"
              style={{ color: 'rgba(0, 0, 0, 0.25)', cursor: 'pointer' }}
              tabIndex={0}
              onClick={(event) => {
                event.stopPropagation();
                apply(emptyPopupFieldValues(config.pairs), []);
              }}
              onKeyDown={(event) => {
                if (event.key !== 'Enter' && event.key !== ' ') return;
                event.preventDefault();
                apply(emptyPopupFieldValues(config.pairs), []);
              }}
            />
          ) : (
            <SearchOutlined style={{ color: 'rgba(0, 0, 0, 0.45)' }} />
          )
        }
        onOpen={openPopup}
      />
      {'pairs' in config && (
        <OnlineReportModal
          code={code}
          open={open}
          multiple={multiple}
          {...(title ? { title } : {})}
          onCancel={() => setOpen(false)}
          onOk={(rows) => {
            setOpen(false);
            apply(popupFieldValues(config.pairs, rows), rows);
          }}
        />
      )}
    </>
  );
}
