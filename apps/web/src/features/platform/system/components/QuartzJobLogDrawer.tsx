import { ReloadOutlined } from '@ant-design/icons';
import type { QuartzJobDto, QuartzJobLogDto } from '@aps/shared';
import { QUARTZ_STATUS, QUARTZ_STATUS_LABELS } from '@aps/shared/constants';
import {
  Badge,
  Button,
  Descriptions,
  Drawer,
  Segmented,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { ListToolbar } from '../../../../shared/list/ListToolbar.tsx';
import { useServerTable } from '../../../../shared/list/useServerTable.ts';
import { jobKeys, useQuartzJob } from '../jobs.api.ts';

/** While a running job's log is open it is re-read this often, so new runs appear by themselves. */
const POLL_MS = 2000;

type ResultFilter = '' | '1' | '0';
const RESULT_OPTIONS: { value: ResultFilter; label: string }[] = [
  { value: '', label: '全部' },
  { value: '1', label: '成功' },
  { value: '0', label: '失败' },
];

function duration(ms: number | null): string {
  if (ms === null) return '-';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

function ResultTag({ success }: { success: boolean | null }) {
  if (success === null) return <Badge status="processing" text="执行中" />;
  return success ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>;
}

/** The runs of one job, newest first: when, how it was triggered, result, duration and the handler's message. */
function JobLog({ opened }: { opened: QuartzJobDto }) {
  const [result, setResult] = useState<ResultFilter>('');
  // The job itself is re-read too: its status decides the polling, its next fire time moves on.
  const live = useQuartzJob(opened.id, POLL_MS);
  const job = live.data ?? opened;
  const queryKey = useMemo(() => [...jobKeys.quartz, 'logs', job.id], [job.id]);
  const fixedFilters = useMemo(() => ({ jobId: job.id, success: result || undefined }), [job.id, result]);
  // The server orders runs by start time, newest first; it takes no column.
  const table = useServerTable<QuartzJobLogDto>({
    queryKey,
    url: '/sys/quartzJob/logs',
    defaultSort: null,
    fixedFilters,
  });
  const { refresh } = table;
  const running = job.status === QUARTZ_STATUS.running;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [running, refresh]);

  const columns: TableColumnsType<QuartzJobLogDto> = [
    { title: '触发时间', dataIndex: 'fireTime', width: 170 },
    {
      title: '方式',
      dataIndex: 'trigger',
      width: 70,
      align: 'center',
      render: (v: QuartzJobLogDto['trigger']) => (v === 'manual' ? <Tag color="orange">手动</Tag> : <Tag>定时</Tag>),
    },
    {
      title: '结果',
      dataIndex: 'success',
      width: 80,
      align: 'center',
      render: (v: boolean | null) => <ResultTag success={v} />,
    },
    { title: '耗时', dataIndex: 'durationMs', width: 90, align: 'right', render: (v: number | null) => duration(v) },
    {
      title: '执行信息',
      dataIndex: 'message',
      ellipsis: { showTitle: false },
      render: (v: string | null, row) => (
        <Tooltip title={v} placement="topLeft">
          <Typography.Text type={row.success === false ? 'danger' : undefined}>{v}</Typography.Text>
        </Tooltip>
      ),
    },
    {
      title: '执行实例',
      dataIndex: 'instance',
      width: 150,
      ellipsis: true,
      render: (v: string | null) => <Typography.Text type="secondary">{v}</Typography.Text>,
    },
  ];

  return (
    <>
      <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="cron表达式">
          <Typography.Text code>{job.cronExpression}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={running ? 'success' : 'default'}>{QUARTZ_STATUS_LABELS[job.status] ?? job.status}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="下次执行时间">{job.nextFireTime ?? '-'}</Descriptions.Item>
      </Descriptions>
      <ListToolbar
        extra={
          running ? <Badge status="processing" text="运行中，自动刷新" /> : <Badge status="default" text="已停止" />
        }
      >
        <Segmented<ResultFilter> value={result} options={RESULT_OPTIONS} onChange={setResult} />
        <Button icon={<ReloadOutlined />} onClick={() => void refresh()}>
          刷新
        </Button>
      </ListToolbar>
      <Table<QuartzJobLogDto>
        {...table.tableProps}
        rowSelection={undefined}
        size="small"
        columns={columns}
        locale={{ emptyText: '暂无执行记录' }}
      />
    </>
  );
}

/** 执行日志 of a job in a drawer. */
export function QuartzJobLogDrawer({ job, onClose }: { job: QuartzJobDto | null; onClose(): void }) {
  return (
    <Drawer
      open={job !== null}
      title={`执行日志 - ${job?.jobTitle ?? job?.jobClassName ?? ''}`}
      size={960}
      onClose={onClose}
      destroyOnHidden
    >
      {job && <JobLog opened={job} />}
    </Drawer>
  );
}
