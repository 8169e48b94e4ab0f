import type { DictOption, ReportColumnDto, ReportColumnsDto, ReportQueryItemDto, ReportRow } from '@aps/shared';
import { formatMoney } from '@aps/shared/constants';
import { Alert, DatePicker, Form, Input, InputNumber, Select, Space, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useMemo, useState } from 'react';
import { SearchBar } from '../../../../shared/list/SearchBar.tsx';
import { useServerTable } from '../../../../shared/list/useServerTable.ts';
import { useSessionStore } from '../../auth/store.ts';
import { REPORT_API, reportKeys, useReportQueryInfo } from '../api.ts';
import { rangeField, reportFilters } from '../filters.ts';

type Row = ReportRow & { __rowKey: string };

const INDEX_WIDTH = 60;
/** A column without a declared width gets 200 px (long texts end in an ellipsis). */
const widthOf = (c: ReportColumnDto) => c.width ?? 200;

export interface ReportTableProps {
  config: ReportColumnsDto;
  /** The search form's name (field ids `<name>_<field>`), unique on the page. */
  formName: string;
  /** Row selection of the popup; none on the report page. */
  selection?: 'single' | 'multiple';
  onSelectionChange?(rows: ReportRow[]): void;
  /** Buttons above the table. */
  toolbar?: ReactNode;
  /** Table height in a modal. */
  scrollY?: number;
}

/**
 * An online report: the query form built from getQueryInfo (items flagged hidden '1' behind 展开, self_
 * parameters included) and the server-paged table of getData with the getRpColumns columns (dictionary values
 * shown as their text, sortable where the report allows).
 */
export function ReportTable({ config, formName, selection, onSelectionChange, toolbar, scrollY }: ReportTableProps) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const queryInfo = useReportQueryInfo(config.cgRpConfigId);
  const items = queryInfo.data ?? [];
  const table = useServerTable<Row>({
    queryKey: reportKeys.data(config.cgRpConfigId),
    url: `${REPORT_API}/getData/${config.cgRpConfigId}`,
    defaultSort: null,
    // The report's natural width: it scrolls sideways inside the card rather than squeezing columns away.
    scrollX: INDEX_WIDTH + (selection ? 40 : 0) + config.columns.reduce((sum, c) => sum + widthOf(c), 0),
  });
  const sessionDicts = useSessionStore((s) => s.dictItems);
  const optionsOf = (field: string, dictCode: string | null): DictOption[] =>
    config.dictOptions[field] ?? (dictCode ? sessionDicts?.[dictCode] : undefined) ?? [];
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);

  const { pageNo, pageSize } = table.state;
  const dataSource = useMemo<Row[]>(
    () => table.tableProps.dataSource.map((r, i) => ({ ...r, __rowKey: `${pageNo}-${i}` })),
    [table.tableProps.dataSource, pageNo],
  );

  const columns: TableColumnsType<Row> = [
    {
      title: '#',
      key: '__index',
      width: INDEX_WIDTH,
      align: 'center',
      render: (_, __, i) => (pageNo - 1) * pageSize + i + 1,
    },
    ...config.columns.map((c) => ({
      title: c.title,
      dataIndex: c.dataIndex,
      key: c.dataIndex,
      width: widthOf(c),
      ellipsis: true,
      align: c.fieldType === 'Number' || c.fieldType === 'Integer' ? ('right' as const) : undefined,
      sorter: c.sorter,
      sortOrder: c.sorter ? table.sortOrder(c.dataIndex) : undefined,
      render: (v: ReportRow[string]) => {
        if (v === null || v === undefined || v === '') return '-';
        if (c.dictCode) {
          return optionsOf(c.dataIndex, c.dictCode).find((o) => o.value === String(v))?.text ?? String(v);
        }
        if (c.fieldType === 'Number') return formatMoney(v as number | string);
        return String(v);
      },
    })),
  ];

  const visibleCount = Math.max(1, items.filter((i) => i.hidden !== '1').length);
  const initialValues = useMemo(() => {
    const values: Record<string, unknown> = {};
    for (const item of items) {
      if (!item.defaultValue) continue;
      values[item.field] =
        item.view === 'date' || item.view === 'datetime' ? dayjs(item.defaultValue) : item.defaultValue;
    }
    return values;
  }, [items]);

  return (
    <>
      {items.length > 0 && (
        <SearchBar<Record<string, unknown>>
          key={config.cgRpConfigId}
          name={formName}
          form={form}
          visibleCount={visibleCount}
          initialValues={initialValues}
          onSearch={(values) => table.search(reportFilters(items, values))}
          onReset={() => table.reset()}
        >
          {items.map((item) => (
            <QueryField key={item.field} item={item} options={optionsOf(item.field, item.dictCode)} />
          ))}
        </SearchBar>
      )}
      {queryInfo.isError && <Alert type="warning" showIcon title="查询条件加载失败" style={{ marginBottom: 12 }} />}
      {toolbar && <div style={{ marginBottom: 12 }}>{toolbar}</div>}
      <Table<Row>
        {...table.tableProps}
        rowKey="__rowKey"
        dataSource={dataSource}
        columns={columns}
        scroll={{ ...table.tableProps.scroll, ...(scrollY ? { y: scrollY } : {}) }}
        rowSelection={
          selection
            ? {
                type: selection === 'single' ? 'radio' : 'checkbox',
                selectedRowKeys: selectedKeys,
                columnWidth: 40,
                preserveSelectedRowKeys: true,
                onChange: (keys, rows) => {
                  setSelectedKeys(keys.map(String));
                  onSelectionChange?.(rows.filter(Boolean).map(({ __rowKey: _, ...row }) => row));
                },
              }
            : undefined
        }
        onRow={
          selection
            ? (row) => ({
                onClick: () => {
                  const key = row.__rowKey;
                  const next =
                    selection === 'single'
                      ? [key]
                      : selectedKeys.includes(key)
                        ? selectedKeys.filter((k) => k !== key)
                        : [...selectedKeys, key];
                  setSelectedKeys(next);
                  onSelectionChange?.(
                    dataSource.filter((r) => next.includes(r.__rowKey)).map(({ __rowKey: _, ...r }) => r),
                  );
                },
              })
            : undefined
        }
      />
    </>
  );
}

/** One query item: text, number (or a number range), date/datetime (or a range), or a dictionary select. */
function QueryField({ item, options }: { item: ReportQueryItemDto; options: DictOption[] }) {
  const showTime = item.view === 'datetime';
  if (item.view === 'list') {
    return (
      <Form.Item label={item.label} name={item.field}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="请选择"
          options={options.map((o) => ({ value: o.value, label: o.text }))}
        />
      </Form.Item>
    );
  }
  if (item.view === 'number') {
    if (item.mode === 'group') {
      return (
        <Form.Item label={item.label}>
          <Space.Compact block>
            <Form.Item name={rangeField(item.field, 'begin')} noStyle>
              <InputNumber placeholder="最小值" style={{ width: '50%' }} />
            </Form.Item>
            <Form.Item name={rangeField(item.field, 'end')} noStyle>
              <InputNumber placeholder="最大值" style={{ width: '50%' }} />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
      );
    }
    return (
      <Form.Item label={item.label} name={item.field}>
        <InputNumber placeholder={`请输入${item.label}`} style={{ width: '100%' }} />
      </Form.Item>
    );
  }
  if (item.view === 'date' || item.view === 'datetime') {
    return (
      <Form.Item label={item.label} name={item.field}>
        {item.mode === 'group' ? (
          <DatePicker.RangePicker showTime={showTime} style={{ width: '100%' }} />
        ) : (
          <DatePicker showTime={showTime} placeholder="请选择" style={{ width: '100%' }} />
        )}
      </Form.Item>
    );
  }
  return (
    <Form.Item label={item.label} name={item.field}>
      <Input allowClear placeholder={`请输入${item.label}`} />
    </Form.Item>
  );
}
