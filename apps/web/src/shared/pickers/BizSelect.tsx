import type { TableDataRow } from '@aps/shared';
import { joinValue, splitValue } from '@aps/shared/constants';
import { Button, Col, Form, Input, Modal, Row, Select, Space, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { DictSelect } from '../controls/DictControls.tsx';
import { useTableData } from './api.ts';
import { toggleSelection } from './selection.ts';

/** One query field of the modal (§3 queryConfig: key, label, placeholder, dictCode). */
export interface BizQueryField {
  key: string;
  label: string;
  placeholder?: string;
  /** A dictionary select instead of a text box. */
  dictCode?: string;
}

export interface BizColumn {
  title: string;
  dataIndex: string;
  width?: number;
}

export interface BizSelectProps {
  id?: string;
  /** An allow-listed table of /sys/dict/queryTableData. */
  table: string;
  /** The column stored in the value (comma-joined when multiple). */
  valueKey: string;
  /** The column shown in the box. */
  displayKey: string;
  /** The table's row key (default id). */
  rowKey?: string;
  columns: BizColumn[];
  queryConfig?: BizQueryField[];
  value?: string | null;
  onChange?: (value: string, rows: TableDataRow[]) => void;
  multiple?: boolean;
  disabled?: boolean;
  placeholder?: string;
  title?: string;
  /** Opens the modal at once (a grid cell entering edit mode). */
  defaultOpen?: boolean;
}

const PAGE_SIZES = ['5', '10', '20', '30'];

/**
 * §2 business-component select (modal width 900): a box showing `displayKey` of the chosen rows, and a modal with
 * the query fields of `queryConfig`, a paged table (§9: 5 with 5/10/20/30) and the chosen rows as tags.
 */
export function BizSelect({
  id,
  table,
  valueKey,
  displayKey,
  rowKey = 'id',
  columns,
  queryConfig = [],
  value,
  onChange,
  multiple = true,
  disabled,
  placeholder = '请选择',
  title = '请选择',
  defaultOpen = false,
}: BizSelectProps) {
  const fields = useMemo(
    () => joinValue([...new Set([rowKey, valueKey, displayKey, ...columns.map((c) => c.dataIndex)])]),
    [rowKey, valueKey, displayKey, columns],
  );
  const [open, setOpen] = useState(defaultOpen && !disabled);
  const [page, setPage] = useState({ pageNo: 1, pageSize: 5 });
  const [filters, setFilters] = useState<Record<string, string>>({});
  // Opened at once: the saved keys are chosen (their rows' texts arrive with the table).
  const [selected, setSelected] = useState<TableDataRow[]>(() =>
    defaultOpen ? splitValue(value).map((k) => ({ [rowKey]: k, [valueKey]: k, [displayKey]: k })) : [],
  );
  const [form] = Form.useForm<Record<string, string>>();
  const keys = splitValue(value);

  // The saved value's rows, for their display text.
  const saved = useTableData(
    { table, columns: fields, keyField: valueKey, keys: joinValue(keys), pageNo: 1, pageSize: 100 },
    keys.length > 0,
  );
  const savedRows = useMemo(
    () =>
      splitValue(value).map(
        (k) => saved.data?.records.find((r) => r[valueKey] === k) ?? { [rowKey]: k, [valueKey]: k, [displayKey]: k },
      ),
    [value, saved.data, valueKey, displayKey, rowKey],
  );

  const query = Object.values(filters).some(Boolean) ? JSON.stringify(filters) : undefined;
  const list = useTableData({ table, columns: fields, query, ...page }, open);

  const openModal = () => {
    setSelected(savedRows);
    setOpen(true);
  };

  const keyOf = (r: TableDataRow) => r[rowKey] ?? '';
  const search = () => {
    setFilters(Object.fromEntries(Object.entries(form.getFieldsValue()).map(([k, v]) => [k, (v ?? '').trim()])));
    setPage((p) => ({ ...p, pageNo: 1 }));
  };

  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Select
          id={id}
          mode="multiple"
          open={false}
          disabled={disabled}
          placeholder={placeholder}
          style={{ width: '100%' }}
          value={keys}
          options={savedRows.map((r) => ({ value: r[valueKey] ?? '', label: r[displayKey] ?? '' }))}
          onChange={(v: string[]) =>
            onChange?.(
              joinValue(v),
              savedRows.filter((r) => v.includes(r[valueKey] ?? '')),
            )
          }
          onClick={() => !disabled && openModal()}
          suffixIcon={null}
        />
        <Button disabled={disabled} onClick={openModal}>
          选择
        </Button>
      </Space.Compact>
      <Modal
        open={open}
        title={title}
        width={900}
        okText="确定"
        cancelText="取消"
        onCancel={() => setOpen(false)}
        onOk={() => {
          setOpen(false);
          onChange?.(joinValue(selected.map((r) => r[valueKey] ?? '')), selected);
        }}
        destroyOnHidden
      >
        {queryConfig.length ? (
          <Form form={form} onFinish={search} style={{ marginBottom: 12 }}>
            <Row gutter={12}>
              {queryConfig.map((q) => (
                <Col span={8} key={q.key}>
                  <Form.Item name={q.key} label={q.label} style={{ marginBottom: 8 }}>
                    {q.dictCode ? (
                      <DictSelect dictCode={q.dictCode} placeholder={q.placeholder} />
                    ) : (
                      <Input allowClear placeholder={q.placeholder ?? `请输入${q.label}`} />
                    )}
                  </Form.Item>
                </Col>
              ))}
              <Col span={8}>
                <Space>
                  <Button type="primary" htmlType="submit">
                    查询
                  </Button>
                  <Button
                    onClick={() => {
                      form.resetFields();
                      search();
                    }}
                  >
                    重置
                  </Button>
                </Space>
              </Col>
            </Row>
          </Form>
        ) : null}
        <Table<TableDataRow>
          size="small"
          rowKey={keyOf}
          loading={list.isFetching}
          dataSource={list.data?.records ?? []}
          columns={columns.map((c) => ({ ...c, ellipsis: true }))}
          scroll={{ y: 240 }}
          rowSelection={{
            type: multiple ? 'checkbox' : 'radio',
            selectedRowKeys: selected.map(keyOf),
            preserveSelectedRowKeys: true,
            onSelect: (row, checked) => setSelected((s) => toggleSelection(s, [row], checked, keyOf, multiple)),
            onSelectAll: (checked, _all, changed) =>
              setSelected((s) => toggleSelection(s, changed, checked, keyOf, multiple)),
          }}
          pagination={{
            current: page.pageNo,
            pageSize: page.pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES,
            showTotal: (total) => `共 ${total} 条`,
            onChange: (pageNo, pageSize) =>
              setPage((p) => ({ pageNo: pageSize === p.pageSize ? pageNo : 1, pageSize })),
          }}
        />
        <div style={{ marginTop: 8, minHeight: 24 }}>
          <span style={{ color: 'rgba(0,0,0,0.45)', marginRight: 8 }}>已选择：</span>
          {selected.map((r) => (
            <Tag
              key={keyOf(r)}
              closable
              color="blue"
              onClose={() => setSelected((s) => s.filter((x) => keyOf(x) !== keyOf(r)))}
            >
              {r[displayKey]}
            </Tag>
          ))}
        </div>
      </Modal>
    </>
  );
}
