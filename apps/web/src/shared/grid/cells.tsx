import { DATE_FORMAT, DATETIME_FORMAT, formatMoney } from '@aps/shared/constants';
import { DatePicker, Input, Popover, Radio, Select, Tag } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { acceptsNumberInput, formatTagsInput, parseNumberInput, splitTags } from './input.ts';
import { LightCheckbox, LightTag } from './light.tsx';
import type { GridCellProps, GridCellType, GridColumn, GridColumnType, GridOption, GridRow } from './types.ts';

/** Default checkbox values: Y when ticked, N when not (§9 switch values). */
export const CHECKBOX_VALUES: [unknown, unknown] = ['Y', 'N'];

/** A cell value as text: arrays comma-joined, objects empty. */
export const text = (value: unknown): string =>
  value == null ? '' : Array.isArray(value) ? value.join(',') : typeof value === 'object' ? '' : String(value);

const optionText = (options: GridOption[], value: unknown): string => {
  const values = Array.isArray(value) ? value : value == null || value === '' ? [] : String(value).split(',');
  return values.map((v) => options.find((o) => o.value === String(v))?.text ?? String(v)).join('，');
};

/** The formatted display text of a plain value (`format`: dayjs pattern, `money`, or a function). */
export function formatValue(column: GridColumn, value: unknown, row: GridRow): ReactNode {
  const { format } = column;
  if (typeof format === 'function') return format(value, row);
  if (value == null || value === '') return '';
  if (format === 'money') return formatMoney(value as number);
  if (format && (column.type === 'date' || column.type === 'datetime' || column.type === 'normal'))
    return dayjs(String(value)).isValid() ? dayjs(String(value)).format(format) : text(value);
  return text(value);
}

/** The column's placeholder, greyed (an empty cell). */
export function Placeholder({ column }: { column: GridColumn }) {
  return <span className="aps-grid-placeholder">{column.placeholder ?? ''}</span>;
}

const displayText = ({ column, value, row }: GridCellProps) => {
  const shown = formatValue(column, value, row);
  return shown === '' ? <Placeholder column={column} /> : <span className="aps-grid-text">{shown}</span>;
};

const controlProps = (p: GridCellProps) => ({
  placeholder: p.column.placeholder,
  disabled: p.disabled,
  'aria-label': p.column.title,
  ...p.column.props,
});

function TextEditor(p: GridCellProps) {
  return (
    <Input
      {...controlProps(p)}
      autoFocus
      size="small"
      value={text(p.value)}
      onChange={(e) => p.onChange(e.target.value)}
      onPressEnter={p.onDone}
    />
  );
}

/** §5 number cell: only a signed decimal, empty or a lone minus while typing; a number or empty on blur. */
function NumberEditor(p: GridCellProps) {
  const [draft, setDraft] = useState(text(p.value));
  const commit = () => p.onChange(parseNumberInput(draft));
  return (
    <Input
      {...controlProps(p)}
      autoFocus
      size="small"
      inputMode="decimal"
      className="aps-grid-number"
      value={draft}
      onChange={(e) => {
        if (acceptsNumberInput(e.target.value)) setDraft(e.target.value);
      }}
      onBlur={commit}
      onPressEnter={() => {
        commit();
        p.onDone();
      }}
    />
  );
}

/** §5 tags cell: a semicolon after every 2 characters. */
function TagsEditor(p: GridCellProps) {
  return (
    <Input
      {...controlProps(p)}
      autoFocus
      size="small"
      value={text(p.value)}
      onChange={(e) => p.onChange(formatTagsInput(e.target.value))}
      onPressEnter={p.onDone}
    />
  );
}

function TagsDisplay({ column, value }: GridCellProps) {
  const tags = splitTags(value);
  if (!tags.length) return <Placeholder column={column} />;
  return (
    <span className="aps-grid-tags">
      {tags.map((t, i) => {
        const color = column.setTagColor?.(t);
        return color ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same tag may repeat
          <Tag key={i} color={color}>
            {t}
          </Tag>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same tag may repeat
          <LightTag key={i}>{t}</LightTag>
        );
      })}
    </span>
  );
}

/** §9 text-area popup, 300 × 210, anchored at the cell. */
function TextareaEditor(p: GridCellProps) {
  return (
    <Popover
      open
      placement="bottomLeft"
      arrow={false}
      content={
        <Input.TextArea
          {...controlProps(p)}
          autoFocus
          style={{ width: 300, height: 210, resize: 'none' }}
          value={text(p.value)}
          onChange={(e) => p.onChange(e.target.value)}
        />
      }
    >
      <span className="aps-grid-text">{text(p.value) || <Placeholder column={p.column} />}</span>
    </Popover>
  );
}

function SelectEditor(p: GridCellProps) {
  const { column } = p;
  const multiple = column.type === 'select-multiple' || column.type === 'list_multi';
  const search = column.allowSearch || column.type === 'select-search' || column.type === 'sel_search';
  const value = multiple
    ? Array.isArray(p.value)
      ? p.value.map(String)
      : text(p.value).split(',').filter(Boolean)
    : p.value === '' || p.value == null
      ? undefined
      : String(p.value);
  return (
    <Select
      {...controlProps(p)}
      autoFocus
      defaultOpen
      size="small"
      style={{ width: '100%' }}
      allowClear
      mode={multiple ? 'multiple' : column.allowInput ? 'tags' : undefined}
      maxCount={!multiple && column.allowInput ? 1 : undefined}
      maxTagCount={1}
      showSearch={search ? { optionFilterProp: 'label' } : undefined}
      options={p.options.map((o) => ({ value: o.value, label: o.text, disabled: o.disabled }))}
      value={value}
      onChange={(v: string | string[] | undefined) => {
        if (multiple) p.onChange((v as string[] | undefined)?.join(',') ?? '');
        else if (Array.isArray(v)) p.onChange(v[0] ?? '');
        else p.onChange(v ?? '');
      }}
    />
  );
}

/** sel_search_async: options for a keyword from `loadOptions`, debounced 300 ms (§9 search debounce). */
function AsyncSelectEditor(p: GridCellProps) {
  const [options, setOptions] = useState<GridOption[]>(p.options);
  const [timer, setTimer] = useState<ReturnType<typeof setTimeout>>();
  return (
    <Select
      {...controlProps(p)}
      autoFocus
      size="small"
      style={{ width: '100%' }}
      allowClear
      showSearch={{
        filterOption: false,
        onSearch: (keyword) => {
          clearTimeout(timer);
          setTimer(
            setTimeout(() => {
              void p.column.loadOptions?.(keyword).then(setOptions);
            }, 300),
          );
        },
      }}
      options={options.map((o) => ({ value: o.value, label: o.text }))}
      value={p.value === '' || p.value == null ? undefined : String(p.value)}
      onChange={(v?: string) => p.onChange(v ?? '')}
    />
  );
}

const selectDisplay = (p: GridCellProps) => {
  if (p.value === '' || p.value == null || (Array.isArray(p.value) && !p.value.length))
    return <Placeholder column={p.column} />;
  const shown = optionText(p.options, p.value);
  const color = p.options.find((o) => o.value === String(p.value))?.color;
  return color ? <Tag color={color}>{shown}</Tag> : <span className="aps-grid-text">{shown}</span>;
};

function DateEditor(p: GridCellProps) {
  const withTime = p.column.type === 'datetime';
  const format = withTime ? DATETIME_FORMAT : DATE_FORMAT;
  const parsed = p.value ? dayjs(String(p.value)) : null;
  return (
    <DatePicker
      {...controlProps(p)}
      autoFocus
      defaultOpen
      size="small"
      style={{ width: '100%' }}
      showTime={withTime}
      format={format}
      value={parsed?.isValid() ? parsed : null}
      onChange={(d) => p.onChange(d ? d.format(format) : '')}
    />
  );
}

function CheckboxCell(p: GridCellProps) {
  const [on, off] = p.column.customValue ?? CHECKBOX_VALUES;
  return (
    <LightCheckbox
      label={p.column.title}
      disabled={p.disabled}
      checked={p.value === on}
      onChange={(e) => p.onChange(e.target.checked ? on : off)}
    />
  );
}

function RadioCell(p: GridCellProps) {
  return (
    <Radio.Group
      aria-label={p.column.title}
      disabled={p.disabled}
      value={p.value === '' ? undefined : text(p.value)}
      options={p.options.map((o) => ({ value: o.value, label: o.text }))}
      onChange={(e) => p.onChange(e.target.value)}
    />
  );
}

/** Progress drawn like antd's small line Progress with plain elements: 10,000 rows scroll without its runtime. */
function ProgressCell({ value }: GridCellProps) {
  const percent = Math.max(0, Math.min(100, Number(value) || 0));
  return (
    <div className="aps-grid-progress" role="progressbar" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
      <div className="aps-grid-progress-track">
        <div className={`aps-grid-progress-bar${percent === 100 ? ' done' : ''}`} style={{ width: `${percent}%` }} />
      </div>
      <span className="aps-grid-progress-text">{percent}%</span>
    </div>
  );
}

function InputPopEditor(p: GridCellProps) {
  return <TextareaEditor {...p} />;
}

const alignRight: Pick<GridCellType, 'align'> = { align: 'right' };

const BUILT_IN: Partial<Record<GridColumnType, GridCellType>> = {
  input: { display: displayText, editor: TextEditor },
  inputNumber: { display: displayText, editor: NumberEditor, ...alignRight },
  textarea: { display: displayText, editor: TextareaEditor },
  input_pop: { display: displayText, editor: InputPopEditor },
  select: { display: selectDisplay, editor: SelectEditor },
  'select-search': { display: selectDisplay, editor: SelectEditor },
  'select-multiple': { display: selectDisplay, editor: SelectEditor },
  list_multi: { display: selectDisplay, editor: SelectEditor },
  sel_search: { display: selectDisplay, editor: SelectEditor },
  sel_search_async: { display: selectDisplay, editor: AsyncSelectEditor },
  date: { display: displayText, editor: DateEditor },
  datetime: { display: displayText, editor: DateEditor },
  checkbox: { display: CheckboxCell, align: 'center' },
  checkbox_meta: { display: CheckboxCell, align: 'center' },
  radio: { display: RadioCell },
  tags: { display: TagsDisplay, editor: TagsEditor },
  progress: { display: ProgressCell },
  normal: { display: displayText },
};

const registry = new Map<GridColumnType, GridCellType>(Object.entries(BUILT_IN) as [GridColumnType, GridCellType][]);

/**
 * Extension point: a module plugs its own cell into a column type. `shared/gridCells` plugs the user and
 * department pickers, the business-component popup and the uploads in (sel_user, sel_depart, popup, upload,
 * file, image). Register before the grid renders (at module load).
 */
export function registerGridCellType(type: GridColumnType, cell: GridCellType): void {
  registry.set(type, cell);
}

export const cellTypeOf = (type: GridColumnType): GridCellType | undefined => registry.get(type);
