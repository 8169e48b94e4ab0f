import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import type { QuartzJobDto } from '@aps/shared';
import { QUARTZ_MESSAGES, QUARTZ_STATUS, QUARTZ_STATUS_LABELS } from '@aps/shared/constants';
import {
  App,
  Button,
  Card,
  Divider,
  Form,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { usePermissionCheck } from '../../../../shared/auth/Can.tsx';
import { CrudRowActions } from '../../../../shared/list/CrudRowActions.tsx';
import { CrudToolbar } from '../../../../shared/list/CrudToolbar.tsx';
import { warnFailure } from '../../../../shared/list/download.ts';
import { SearchBar } from '../../../../shared/list/SearchBar.tsx';
import { useCrudList, useCrudMutation } from '../../../../shared/list/useCrudList.ts';
import { QUARTZ_STATUS_OPTIONS, QuartzJobFormModal } from '../components/QuartzJobFormModal.tsx';
import { QuartzJobLogDrawer } from '../components/QuartzJobLogDrawer.tsx';
import { quartzApi } from '../jobs.api.ts';

interface QuartzJobFilters {
  jobClassName?: string;
  status?: number;
}

/** 定时任务 (system/QuartzJobList): jobs run by the server's scheduler, with 启动/暂停, 立即执行 and their run log. */
export default function QuartzJobListPage() {
  const { message } = App.useApp();
  const can = usePermissionCheck();
  const [form] = Form.useForm<QuartzJobFilters>();
  const list = useCrudList(quartzApi, { scrollX: 1280 });
  const [logOf, setLogOf] = useState<QuartzJobDto | null>(null);
  const resume = useCrudMutation(quartzApi, quartzApi.resume);
  const pause = useCrudMutation(quartzApi, quartzApi.pause);
  const execute = useCrudMutation(quartzApi, quartzApi.execute);

  async function toggle(row: QuartzJobDto) {
    try {
      if (row.status === QUARTZ_STATUS.running) {
        await pause.mutateAsync(row.id);
        message.success(QUARTZ_MESSAGES.paused);
      } else {
        await resume.mutateAsync(row.id);
        message.success(QUARTZ_MESSAGES.started);
      }
    } catch (err) {
      warnFailure(message, err, '操作失败');
    }
  }

  const columns: TableColumnsType<QuartzJobDto> = [
    {
      title: '任务类名',
      dataIndex: 'jobClassName',
      width: 200,
      fixed: 'left',
      ...list.sortable('jobClassName'),
      render: (v: string, row) => (
        <div style={{ lineHeight: 1.4 }}>
          <div>{row.jobTitle ?? <Typography.Text type="danger">未注册的任务</Typography.Text>}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {v}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: 'cron表达式',
      dataIndex: 'cronExpression',
      width: 140,
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    { title: '参数', dataIndex: 'parameter', width: 80, ellipsis: true },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      align: 'center',
      ...list.sortable('status'),
      render: (v: number) => (
        <Tag color={v === QUARTZ_STATUS.running ? 'success' : 'default'}>{QUARTZ_STATUS_LABELS[v] ?? v}</Tag>
      ),
    },
    {
      title: '下次执行时间',
      dataIndex: 'nextFireTime',
      width: 165,
      render: (v: string | null) => v ?? <Typography.Text type="secondary">-</Typography.Text>,
    },
    {
      title: '上次执行',
      dataIndex: 'lastFireTime',
      width: 185,
      render: (v: string | null, row) =>
        v ? (
          <Space size={6}>
            {row.lastSuccess === false ? (
              <Tooltip title="失败">
                <CloseCircleFilled style={{ color: '#ff4d4f' }} aria-label="失败" />
              </Tooltip>
            ) : row.lastSuccess ? (
              <Tooltip title="成功">
                <CheckCircleFilled style={{ color: '#52c41a' }} aria-label="成功" />
              </Tooltip>
            ) : null}
            {v}
          </Space>
        ) : (
          <Typography.Text type="secondary">从未执行</Typography.Text>
        ),
    },
    { title: '描述', dataIndex: 'description', ellipsis: true },
    {
      title: '操作',
      key: 'action',
      width: 260,
      fixed: 'right',
      render: (_, row) => {
        const running = row.status === QUARTZ_STATUS.running;
        return (
          <CrudRowActions
            list={list}
            row={row}
            extra={
              <Space size={0} separator={<Divider orientation="vertical" />}>
                {can(list.codes.edit) && (
                  <Popconfirm
                    title={running ? '确定暂停该任务吗?' : '确定启动该任务吗?'}
                    okText="确定"
                    cancelText="取消"
                    onConfirm={() => toggle(row)}
                  >
                    <Button type="link" size="small" danger={running}>
                      {running ? '暂停' : '启动'}
                    </Button>
                  </Popconfirm>
                )}
                <Button type="link" size="small" onClick={() => setLogOf(row)}>
                  日志
                </Button>
              </Space>
            }
            more={[
              {
                key: 'execute',
                label: '立即执行',
                code: list.codes.edit,
                confirm: '确定立即执行一次该任务吗?',
                onClick: async () => {
                  await execute.mutateAsync(row.id);
                  message.success(QUARTZ_MESSAGES.executed);
                },
              },
            ]}
          />
        );
      },
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar<QuartzJobFilters> name="quartzJobSearch" form={form} onSearch={list.search} onReset={list.reset}>
        <Form.Item label="任务类名" name="jobClassName">
          <Input placeholder="请输入任务类名" allowClear />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Select placeholder="请选择" allowClear options={QUARTZ_STATUS_OPTIONS} />
        </Form.Item>
      </SearchBar>
      <CrudToolbar list={list} exportName="定时任务.xlsx" />
      <Table<QuartzJobDto> {...list.table.tableProps} columns={columns} />
      <QuartzJobFormModal open={list.editor.open} job={list.editor.record} onClose={list.editor.hide} />
      <QuartzJobLogDrawer
        job={logOf}
        onClose={() => {
          setLogOf(null);
          // New runs change 上次执行 and 下次执行时间.
          void list.table.refresh();
        }}
      />
    </Card>
  );
}
