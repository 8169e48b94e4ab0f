import { QuestionCircleOutlined } from '@ant-design/icons';
import type { LogDto, LoginfoResult, VisitDay } from '@aps/shared';
import { LOG_METHODS, LOG_TYPE_LABELS, LOG_TYPES, PERMISSIONS, quarterBounds } from '@aps/shared/constants';
import {
  Card,
  DatePicker,
  Descriptions,
  Form,
  type FormInstance,
  Input,
  Segmented,
  Select,
  Space,
  Spin,
  Table,
  type TableColumnsType,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { QuarterPicker } from '../../../../shared/controls/QuarterPicker.tsx';
import { ListToolbar } from '../../../../shared/list/ListToolbar.tsx';
import type { FilterValue } from '../../../../shared/list/query.ts';
import { SearchBar } from '../../../../shared/list/SearchBar.tsx';
import { useServerTable } from '../../../../shared/list/useServerTable.ts';
import { exportLogs, LOG_URLS, logKeys, useVisitInfo } from '../log.api.ts';

// The chart library loads with this page's chart only, never with another page.
const VisitChart = lazy(() => import('../components/VisitChart.tsx'));

const P = PERMISSIONS.log;

interface LogFilters {
  keyWord?: string;
  username?: string;
  ip?: string;
  method?: string;
  success?: '0' | '1';
  begin?: Dayjs | null;
  end?: Dayjs | null;
  /** Fills 开始日期 and 结束日期 with the quarter's first and last day; not sent itself. */
  quarter?: Dayjs | null;
}

const SUCCESS_OPTIONS = [
  { value: '1', label: '成功' },
  { value: '0', label: '失败' },
];
const METHOD_OPTIONS = LOG_METHODS.map((m) => ({ value: m, label: m }));
const METHOD_COLORS: Record<string, string> = { POST: 'green', PUT: 'blue', PATCH: 'blue', DELETE: 'red', GET: 'cyan' };

/** The form's values as the list's query: a bare end date means the whole day (server rule). */
function toFilters({ begin, end, quarter: _filled, ...rest }: LogFilters): Record<string, FilterValue> {
  return {
    ...rest,
    createTime_begin: begin?.format('YYYY-MM-DD'),
    createTime_end: end?.format('YYYY-MM-DD'),
  };
}

/**
 * 开始日期 / 结束日期: one picker each (a range picker does not fit a search column); the end never precedes the start.
 * 季度 (shown `2026 Q4`, §9) fills both with the quarter's first and last day; a date changed by hand clears it.
 */
function dateFields(form: FormInstance<LogFilters>) {
  const pickQuarter = (q: Dayjs | null) => {
    const bounds = quarterBounds(q);
    form.setFieldsValue({ begin: bounds ? dayjs(bounds.begin) : null, end: bounds ? dayjs(bounds.end) : null });
  };
  const clearQuarter = () => form.setFieldValue('quarter', null);
  return [
    <Form.Item key="begin" label="开始日期" name="begin">
      <DatePicker
        style={{ width: '100%' }}
        placeholder="请选择开始日期"
        onChange={clearQuarter}
        disabledDate={(d) => Boolean(form.getFieldValue('end') && d.isAfter(form.getFieldValue('end'), 'day'))}
      />
    </Form.Item>,
    <Form.Item key="end" label="结束日期" name="end">
      <DatePicker
        style={{ width: '100%' }}
        placeholder="请选择结束日期"
        onChange={clearQuarter}
        disabledDate={(d) => Boolean(form.getFieldValue('begin') && d.isBefore(form.getFieldValue('begin'), 'day'))}
      />
    </Form.Item>,
    <Form.Item key="quarter" label="季度" name="quarter">
      <QuarterPicker style={{ width: '100%' }} onChange={pickQuarter} />
    </Form.Item>,
  ];
}

const resultColumn: TableColumnsType<LogDto>[number] = {
  title: '结果',
  dataIndex: 'success',
  width: 90,
  align: 'center',
  render: (ok: boolean, row) => (
    <Tooltip title={row.statusCode ? `HTTP ${row.statusCode}` : undefined}>
      <Tag color={ok ? 'success' : 'error'} style={{ marginInlineEnd: 0 }}>
        {ok ? '成功' : '失败'}
      </Tag>
    </Tooltip>
  ),
};

/** 登录日志: sign-ins (successful or refused) and sign-outs, with the tenant's visit counters (/sys/loginfo). */
function LoginLog() {
  const [form] = Form.useForm<LogFilters>();
  const table = useServerTable<LogDto>({ queryKey: logKeys.login, url: LOG_URLS.login, scrollX: 960 });
  // /sys/loginfo answers the page plus its counters.
  const counters = table.query.data as LoginfoResult | undefined;

  const columns: TableColumnsType<LogDto> = [
    {
      title: '用户账号',
      dataIndex: 'username',
      width: 140,
      ellipsis: true,
      sorter: true,
      sortOrder: table.sortOrder('username'),
    },
    { title: '日志内容', dataIndex: 'logContent', ellipsis: true },
    { title: 'IP地址', dataIndex: 'ip', width: 150, sorter: true, sortOrder: table.sortOrder('ip') },
    resultColumn,
    {
      title: '时间',
      dataIndex: 'createTime',
      width: 180,
      sorter: true,
      sortOrder: table.sortOrder('createTime'),
    },
  ];

  return (
    <>
      <SearchBar<LogFilters>
        name="loginLogSearch"
        form={form}
        onSearch={(v) => table.search(toFilters(v))}
        onReset={table.reset}
      >
        <Form.Item label="关键字" name="keyWord">
          <Input placeholder="请输入日志内容" allowClear />
        </Form.Item>
        {dateFields(form)}
        <Form.Item label="用户账号" name="username">
          <Input placeholder="请输入用户账号" allowClear />
        </Form.Item>
        <Form.Item label="IP地址" name="ip">
          <Input placeholder="请输入IP地址" allowClear />
        </Form.Item>
        <Form.Item label="结果" name="success">
          <Select placeholder="请选择" allowClear options={SUCCESS_OPTIONS} />
        </Form.Item>
      </SearchBar>
      <ListToolbar
        onExport={() => exportLogs(LOG_TYPES.login, table.params, `${LOG_TYPE_LABELS[LOG_TYPES.login]}.xlsx`)}
        exportCode={P.list}
        extra={
          counters && (
            <Space size={16} className="aps-log-counters">
              <span>
                累计登录 <b>{counters.totalVisitCount}</b> 次
              </span>
              <span>
                今日登录 <b>{counters.todayVisitCount}</b> 次
              </span>
              <span>
                今日IP <b>{counters.todayIp}</b> 个
              </span>
            </Space>
          )
        }
      />
      <Table<LogDto> {...table.tableProps} rowSelection={undefined} columns={columns} />
    </>
  );
}

/** The parameters as the server stored them (secrets already masked), indented when they are JSON. */
function paramsText(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text; // not JSON: as stored
  }
}

/** An operation's request in full: address, status and parameters. */
function RequestDetail({ row }: { row: LogDto }) {
  return (
    <Descriptions
      size="small"
      column={1}
      styles={{ label: { width: 90 } }}
      items={[
        { key: 'url', label: '请求地址', children: <span style={{ wordBreak: 'break-all' }}>{row.requestUrl}</span> },
        { key: 'status', label: '响应状态', children: row.statusCode ?? '-' },
        {
          key: 'params',
          label: '请求参数',
          children: row.requestParam ? (
            <pre
              style={{ margin: 0, maxHeight: 240, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
            >
              {paramsText(row.requestParam)}
            </pre>
          ) : (
            '-'
          ),
        },
      ]}
    />
  );
}

/** 操作日志: every write through the API: who, what, which request, the result and how long it took. */
function OperationLog() {
  const [form] = Form.useForm<LogFilters>();
  const table = useServerTable<LogDto>({
    queryKey: logKeys.operation,
    url: LOG_URLS.list,
    fixedFilters: { logType: LOG_TYPES.operation },
    scrollX: 900,
  });

  const columns: TableColumnsType<LogDto> = [
    {
      title: '操作人',
      dataIndex: 'username',
      width: 110,
      ellipsis: true,
      sorter: true,
      sortOrder: table.sortOrder('username'),
    },
    { title: '操作内容', dataIndex: 'logContent', width: 150, ellipsis: true },
    {
      // Method and address in one column: the address is long, the method short.
      title: '请求',
      dataIndex: 'requestUrl',
      ellipsis: { showTitle: false },
      render: (url: string | null, row) => (
        <Tooltip title={url} placement="topLeft">
          {row.method && (
            <Tag color={METHOD_COLORS[row.method]} style={{ marginInlineEnd: 6 }}>
              {row.method}
            </Tag>
          )}
          {url}
        </Tooltip>
      ),
    },
    { title: 'IP地址', dataIndex: 'ip', width: 120, sorter: true, sortOrder: table.sortOrder('ip') },
    { ...resultColumn, width: 70 },
    {
      title: '耗时',
      dataIndex: 'costTime',
      width: 90,
      align: 'right',
      sorter: true,
      sortOrder: table.sortOrder('costTime'),
      render: (v: number | null) => (v === null ? '-' : `${v} ms`),
    },
    {
      title: '时间',
      dataIndex: 'createTime',
      width: 165,
      sorter: true,
      sortOrder: table.sortOrder('createTime'),
    },
  ];

  return (
    <>
      <SearchBar<LogFilters>
        name="operationLogSearch"
        form={form}
        onSearch={(v) => table.search(toFilters(v))}
        onReset={table.reset}
      >
        <Form.Item label="关键字" name="keyWord">
          <Input placeholder="请输入操作内容" allowClear />
        </Form.Item>
        {dateFields(form)}
        <Form.Item label="操作人" name="username">
          <Input placeholder="请输入操作人账号" allowClear />
        </Form.Item>
        <Form.Item label="请求方法" name="method">
          <Select placeholder="请选择" allowClear options={METHOD_OPTIONS} />
        </Form.Item>
        <Form.Item label="结果" name="success">
          <Select placeholder="请选择" allowClear options={SUCCESS_OPTIONS} />
        </Form.Item>
      </SearchBar>
      <ListToolbar
        onExport={() => exportLogs(LOG_TYPES.operation, table.params, `${LOG_TYPE_LABELS[LOG_TYPES.operation]}.xlsx`)}
        exportCode={P.list}
      />
      <Table<LogDto>
        {...table.tableProps}
        rowSelection={undefined}
        columns={columns}
        expandable={{
          rowExpandable: (row) => Boolean(row.requestUrl),
          expandedRowRender: (row) => <RequestDetail row={row} />,
          columnWidth: 40,
        }}
      />
    </>
  );
}

const VISIT_RANGES = [
  { value: 7, label: '近7天' },
  { value: 30, label: '近30天' },
];
const CHART_HEIGHT = 240;
const NO_DAYS: VisitDay[] = [];

/**
 * 访问统计: visits per day of the last 7 or 30 days (a visit is a successful sign-in, as the login log counts
 * them) and the distinct IPs they came from (/sys/visitInfo).
 */
function VisitStats() {
  const [days, setDays] = useState(7);
  const query = useVisitInfo(days);
  const data = query.data;
  const total = data?.reduce((n, d) => n + d.visit, 0) ?? 0;

  return (
    <Card
      variant="borderless"
      size="small"
      className="aps-log-visits"
      title={
        <Space size={6}>
          访问统计
          <Tooltip title="访问量：每天登录成功的次数；IP数：这些登录来自的不同IP个数">
            <QuestionCircleOutlined style={{ color: 'rgba(0,0,0,0.45)', cursor: 'help' }} aria-label="统计口径" />
          </Tooltip>
        </Space>
      }
      style={{ marginBottom: 16 }}
      extra={
        <Space size={16}>
          {data && (
            <span className="aps-log-counters" style={{ color: 'rgba(0,0,0,0.45)' }}>
              合计访问 <b>{total}</b> 次，日均 <b>{(total / data.length).toFixed(1)}</b> 次
            </span>
          )}
          <Segmented<number> size="small" value={days} options={VISIT_RANGES} onChange={setDays} />
        </Space>
      }
    >
      {/* Spins until the numbers arrive (the chart's code loads meanwhile). */}
      <Spin spinning={!data && !query.isError}>
        <Suspense fallback={<div style={{ height: CHART_HEIGHT }} />}>
          <VisitChart days={data ?? NO_DAYS} height={CHART_HEIGHT} />
        </Suspense>
      </Spin>
      {query.isError && <Typography.Text type="danger">访问统计加载失败</Typography.Text>}
    </Card>
  );
}

/**
 * 系统日志 (system/LogList): the tenant's visits per day over the tabs of 登录日志 and 操作日志, paged, searched and
 * sorted on the server.
 */
export default function LogListPage() {
  return (
    <>
      <VisitStats />
      <Card variant="borderless" className="aps-list-page">
        <Tabs
          className="aps-log-tabs"
          items={[
            { key: 'login', label: LOG_TYPE_LABELS[LOG_TYPES.login], children: <LoginLog /> },
            { key: 'operation', label: LOG_TYPE_LABELS[LOG_TYPES.operation], children: <OperationLog /> },
          ]}
        />
      </Card>
    </>
  );
}
