import { CheckCircleOutlined, CloudSyncOutlined } from '@ant-design/icons';
import { GRID_AUTH, GRID_PAGE } from '@aps/shared/constants';
import { Alert, App, Button, Card, Col, Descriptions, Form, Input, Row, Space, Tabs, Tag, Typography } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import {
  EditableGrid,
  type FormTablesResult,
  type GridHandle,
  type GridRow,
  type GridVisibleRange,
  validateFormAndTables,
} from '../../../../shared/grid/index.ts';
import { useGridSocket } from '../../../../shared/realtime/useGridSocket.ts';
import {
  CONTACT_COLUMNS,
  CONTACT_ROWS,
  DETAIL_COLUMNS,
  DETAIL_ROWS,
  PERF_COLUMNS,
  perfRows,
} from '../grid/demoColumns.ts';

const PANES = [
  { key: 'detail', label: '采购明细' },
  { key: 'contact', label: '联系人' },
] as const;

/** What the picker and upload cells store (usernames, department ids, the popup's value, file paths). */
const STORED = [
  ['owner', '负责人（存储值）'],
  ['depart', '需求部门（存储值）'],
  ['purchase', '关联采购（存储值）'],
  ['contract', '合同（存储值）'],
  ['file', '附件（存储值）'],
  ['photo', '样品图片（存储值）'],
] as const;

/** An asynchronous removal (a server call) — the grid confirms before it. */
const removeLater = () => new Promise((resolve) => setTimeout(resolve, 300));

function FormWithTables() {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ title: string; code: string }>();
  const detail = useRef<GridHandle>(null);
  const contact = useRef<GridHandle>(null);
  const [pane, setPane] = useState<string>('detail');
  const [report, setReport] = useState<FormTablesResult<unknown> | null>(null);
  const [pushes, setPushes] = useState(0);
  // The grids tell the page about edits (debounced 100 ms, §9): the form has changes not yet submitted.
  const [dirty, setDirty] = useState(false);
  const markDirty = useCallback(() => setDirty(true), []);
  // §4 grid socket: two people on this page see each other's edits of 采购明细 (update_vxe_table).
  const shared = useGridSocket(GRID_PAGE.demo, detail);
  const onDetailChange = useCallback(
    (rows: GridRow[]) => {
      markDirty();
      shared.onValuesChange(rows);
    },
    [markDirty, shared.onValuesChange],
  );

  const submit = async () => {
    const result = await validateFormAndTables(
      () => form.validateFields(),
      [
        { paneKey: 'detail', grid: detail.current },
        { paneKey: 'contact', grid: contact.current },
      ],
      setPane,
    );
    setReport(result);
    if (result.ok) {
      setDirty(false);
      message.success('校验通过');
    }
  };

  /** What a server push does (§4 update_vxe_table): patch the row by id, field by field. */
  const simulatePush = () => {
    const next = pushes + 1;
    setPushes(next);
    detail.current?.patchRow('d2', { progress: Math.min(100, 20 + next * 10), memo: `服务端推送更新 ${next} 次` });
  };

  return (
    <Card title="一对多：表单 + 子表" variant="borderless">
      <Form form={form} layout="inline" initialValues={{ title: '2026年办公用品采购', code: 'CG-20261123-0001' }}>
        <Form.Item label="采购名称" name="title" rules={[{ required: true, message: '请输入采购名称' }]}>
          <Input style={{ width: 260 }} />
        </Form.Item>
        <Form.Item label="采购编号" name="code">
          <Input style={{ width: 220 }} />
        </Form.Item>
      </Form>
      <Tabs
        style={{ marginTop: 12 }}
        activeKey={pane}
        onChange={setPane}
        items={[
          {
            ...PANES[0],
            forceRender: true,
            children: (
              <EditableGrid
                ref={detail}
                aria-label="采购明细"
                authPrefix={GRID_AUTH.demo.prefix}
                columns={DETAIL_COLUMNS}
                dataSource={DETAIL_ROWS}
                height={320}
                onValuesChange={onDetailChange}
                expandedRowRender={(row) => (
                  <Descriptions size="small" column={3}>
                    <Descriptions.Item label="物料名称">{String(row.name ?? '')}</Descriptions.Item>
                    <Descriptions.Item label="内部编号">{String(row.innerCode ?? '')}</Descriptions.Item>
                    <Descriptions.Item label="排序号">{String(row.orderNum ?? '')}</Descriptions.Item>
                    {STORED.map(([key, label]) => (
                      <Descriptions.Item key={key} label={label}>
                        {row[key] ? <Typography.Text code>{String(row[key])}</Typography.Text> : '—'}
                      </Descriptions.Item>
                    ))}
                  </Descriptions>
                )}
                toolbarExtra={
                  <Button icon={<CloudSyncOutlined />} onClick={simulatePush}>
                    模拟推送（更新第2行）
                  </Button>
                }
              />
            ),
          },
          {
            ...PANES[1],
            forceRender: true,
            children: (
              <EditableGrid
                ref={contact}
                aria-label="联系人"
                columns={CONTACT_COLUMNS}
                dataSource={CONTACT_ROWS}
                height={240}
                onValuesChange={markDirty}
                onRemove={removeLater}
              />
            ),
          },
        ]}
      />
      <Space style={{ marginTop: 16 }} align="start" direction="vertical">
        <Space>
          <Button type="primary" icon={<CheckCircleOutlined />} onClick={submit}>
            提交
          </Button>
          {dirty && (
            <Tag color="orange" data-testid="grid-dirty">
              子表有未提交的修改
            </Tag>
          )}
        </Space>
        {report && !report.ok && report.stage === 'table' && (
          <Alert
            type="error"
            showIcon
            message={`表格校验未通过：第${report.index + 1}个表格（${PANES[report.index]?.label}）`}
            description={
              <Typography.Text code data-testid="grid-report">
                {JSON.stringify({ index: report.index, paneKey: report.paneKey, errors: report.errors })}
              </Typography.Text>
            }
          />
        )}
        {report?.ok && (
          <Alert
            type="success"
            showIcon
            message="校验通过"
            description={`主表 1 条，子表 ${report.tables.map((t) => t.length).join(' / ')} 行`}
          />
        )}
      </Space>
    </Card>
  );
}

function PerformanceGrid() {
  const rows = useMemo<GridRow[]>(() => perfRows(), []);
  // Where the reader stopped scrolling (§9 scroll-end debounce 100 ms: once per scroll, not per frame).
  const [range, setRange] = useState<GridVisibleRange | null>(null);
  return (
    <Card
      title="大数据量：10,000 行 × 20 列（虚拟滚动）"
      variant="borderless"
      extra={
        <Typography.Text type="secondary" data-testid="grid-visible-range">
          {range && range.start >= 0
            ? `当前显示第 ${range.start + 1}–${range.end + 1} 行，共 ${range.total.toLocaleString('zh-CN')} 行`
            : `共 ${rows.length.toLocaleString('zh-CN')} 行`}
        </Typography.Text>
      }
    >
      <EditableGrid
        aria-label="性能表格"
        columns={PERF_COLUMNS}
        dataSource={rows}
        height={480}
        onScrollEnd={setRange}
      />
    </Card>
  );
}

/**
 * 可编辑表格 demo (§1 Demo pages): the grid in tabs inside a form (form + tables validation), every core column
 * type, and a 10,000-row grid.
 */
export default function EditableGridDemoPage() {
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Tabs
          type="card"
          items={[
            { key: 'form', label: '表单与子表', children: <FormWithTables /> },
            { key: 'perf', label: '大数据量', children: <PerformanceGrid /> },
          ]}
        />
      </Col>
    </Row>
  );
}
