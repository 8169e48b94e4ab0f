import type { MonitorSignalDto } from '@aps/shared';
import {
  inspectionLink,
  MONITOR_SEVERITIES,
  MONITOR_SIGNAL_INFO,
  MONITOR_SIGNAL_TYPES,
  type MonitorSeverity,
  PERMISSIONS,
  recordLink,
  SUPERVISION_MONITOR_API,
} from '@aps/shared/constants';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Can } from '../../../../shared/auth/Can.tsx';
import { downloadBlob } from '../../../../shared/list/download.ts';
import { SearchBar } from '../../../../shared/list/SearchBar.tsx';
import { useServerTable } from '../../../../shared/list/useServerTable.ts';
import { navigateQuietly } from '../../../../shared/navigation.ts';
import { monitorKeys, useMonitorDashboard } from '../api.ts';
import { MonitorCharts } from '../components/MonitorCharts.tsx';

interface Filters {
  signalType?: string;
  sysOrgCode?: string;
  dates?: [Dayjs, Dayjs];
}
type Query = Record<string, string | undefined>;
const toQuery = (v: Filters): Query => ({
  signalType: v.signalType || undefined,
  sysOrgCode: v.sysOrgCode?.trim() || undefined,
  dateBegin: v.dates?.[0].format('YYYY-MM-DD'),
  dateEnd: v.dates?.[1].format('YYYY-MM-DD'),
});

const SEVERITY_COLOR: Record<MonitorSeverity, string> = { high: 'red', medium: 'orange', low: 'blue' };
/** 监控中心 (supervision/Monitor): KPI per risk type, the charts, the overdue stages and the signals list. */
export default function MonitorPage() {
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Query>({});
  const dashboard = useMonitorDashboard();
  const table = useServerTable<MonitorSignalDto>({
    queryKey: monitorKeys.signals,
    url: SUPERVISION_MONITOR_API.signals,
    defaultSort: { column: 'occurredAt', order: 'desc' },
    scrollX: 1620,
  });
  const d = dashboard.data;

  const onSearch = (v: Filters) => {
    const q = toQuery(v);
    setFilters(q);
    table.search(q);
  };
  const pickType = (signalType: string) => {
    form.setFieldsValue({ signalType });
    onSearch({ ...form.getFieldsValue(), signalType });
  };

  const columns: TableColumnsType<MonitorSignalDto> = [
    {
      title: '风险类型',
      dataIndex: 'signalType',
      width: 200,
      sorter: true,
      render: (_, r) => r.signalTypeName,
    },
    {
      title: '严重程度',
      dataIndex: 'severity',
      width: 100,
      sorter: true,
      render: (_, r) => <Tag color={SEVERITY_COLOR[r.severity]}>{r.severityName}</Tag>,
    },
    { title: '说明', dataIndex: 'description', width: 380, ellipsis: { showTitle: true } },
    { title: '标包', dataIndex: 'packageName', width: 200, ellipsis: true },
    { title: '部门', dataIndex: 'departName', width: 160, render: (v: string | null, r) => v ?? r.sysOrgCode },
    { title: '发生时间', dataIndex: 'occurredAt', width: 170, sorter: true },
    { title: '发现时间', dataIndex: 'detectedAt', width: 170, sorter: true },
    {
      title: '操作',
      key: 'action',
      width: 190,
      fixed: 'right',
      render: (_, r) => (
        <Space size="small">
          <Typography.Link onClick={() => navigateQuietly(recordLink(r).path)}>{recordLink(r).label}</Typography.Link>
          <Typography.Link onClick={() => navigateQuietly(inspectionLink(r))}>发起检查</Typography.Link>
        </Space>
      ),
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <Row gutter={[12, 12]} style={{ marginBottom: 16 }} aria-label="风险信号汇总">
        {MONITOR_SIGNAL_TYPES.map((t) => {
          const c = d?.counts.find((x) => x.signalType === t);
          return (
            <Col xs={12} md={8} xl={6} xxl={3} key={t}>
              <Card size="small" hoverable onClick={() => pickType(t)} aria-label={MONITOR_SIGNAL_INFO[t].label}>
                <Statistic
                  title={
                    <Space size={4}>
                      {MONITOR_SIGNAL_INFO[t].label}
                      <Tag color={SEVERITY_COLOR[MONITOR_SIGNAL_INFO[t].severity]}>
                        {MONITOR_SEVERITIES[MONITOR_SIGNAL_INFO[t].severity]}
                      </Tag>
                    </Space>
                  }
                  value={c?.count ?? 0}
                />
              </Card>
            </Col>
          );
        })}
        <Col xs={12} md={8} xl={6} xxl={3}>
          <Card size="small">
            <Statistic title="信号总数" value={d?.total ?? 0} />
          </Card>
        </Col>
      </Row>
      <MonitorCharts dashboard={d} />
      <Card size="small" title="超期阶段" style={{ marginBottom: 16 }}>
        <Table
          size="small"
          rowKey="packageId"
          pagination={false}
          dataSource={d?.overdue ?? []}
          columns={[
            { title: '标包', dataIndex: 'packageName' },
            { title: '当前阶段', dataIndex: 'stageName', width: 160 },
            { title: '部门编码', dataIndex: 'sysOrgCode', width: 140 },
            { title: '进入阶段', dataIndex: 'enteredAt', width: 180 },
            { title: '超期(小时)', dataIndex: 'hoursOver', width: 120, align: 'right' },
          ]}
        />
      </Card>
      <SearchBar<Filters>
        name="monitorSearch"
        form={form}
        onSearch={onSearch}
        onReset={() => {
          setFilters({});
          table.reset();
        }}
      >
        <Form.Item label="风险类型" name="signalType">
          <Select
            allowClear
            placeholder="请选择"
            options={MONITOR_SIGNAL_TYPES.map((t) => ({ value: t, label: MONITOR_SIGNAL_INFO[t].label }))}
          />
        </Form.Item>
        <Form.Item label="部门编码" name="sysOrgCode">
          <Input placeholder="如 A01A01，含下级部门" allowClear />
        </Form.Item>
        <Form.Item label="发生日期" name="dates">
          <DatePicker.RangePicker />
        </Form.Item>
      </SearchBar>
      <div style={{ marginBottom: 12, display: 'flex', justifyContent: 'space-between' }}>
        <Can code={PERMISSIONS.supervision.monitorExport}>
          <Button onClick={() => downloadBlob(SUPERVISION_MONITOR_API.exportSignals, '风险信号.xlsx', filters)}>
            导出
          </Button>
        </Can>
        <Typography.Text type="secondary">更新时间：{d?.refreshedAt ?? '-'}</Typography.Text>
      </div>
      <Table<MonitorSignalDto> {...table.tableProps} columns={columns} />
    </Card>
  );
}
