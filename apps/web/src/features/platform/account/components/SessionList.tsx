import type { AccountSessionDto } from '@aps/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ACCOUNT_KEYS, getSessions, revokeSession } from '../api.ts';

const LOGIN_TYPES: Record<string, string> = {
  password: '账号密码',
  phone: '手机验证码',
  cas: 'CAS统一认证',
  third: '第三方',
};

/** A short device description from the user agent: browser and system. */
export function deviceOf(userAgent: string | null): string {
  if (!userAgent) return '未知设备';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /wxwork/i.test(userAgent)
      ? '企业微信'
      : /dingtalk/i.test(userAgent)
        ? '钉钉'
        : /Chrome\//.test(userAgent)
          ? 'Chrome'
          : /Firefox\//.test(userAgent)
            ? 'Firefox'
            : /Safari\//.test(userAgent)
              ? 'Safari'
              : '浏览器';
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /iPhone|iPad/.test(userAgent)
        ? 'iOS'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return system ? `${browser} · ${system}` : browser;
}

/** 登录设备: the user's live sessions; any but this one can be signed out (下线) at once. */
export function SessionList() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const sessions = useQuery({ queryKey: ACCOUNT_KEYS.sessions, queryFn: getSessions });
  const revoke = useMutation({
    mutationFn: revokeSession,
    onSuccess: () => {
      message.success('已下线');
      void client.invalidateQueries({ queryKey: ACCOUNT_KEYS.sessions });
    },
  });

  const columns: ColumnsType<AccountSessionDto> = [
    {
      title: '设备',
      dataIndex: 'userAgent',
      render: (ua: string | null, row) => (
        <span title={ua ?? ''}>
          {deviceOf(ua)} {row.current && <Tag color="blue">当前会话</Tag>}
        </span>
      ),
    },
    { title: '登录方式', dataIndex: 'loginType', width: 120, render: (t: string) => LOGIN_TYPES[t] ?? t },
    { title: 'IP', dataIndex: 'ip', width: 140 },
    { title: '登录时间', dataIndex: 'loginTime', width: 170 },
    { title: '最近活动', dataIndex: 'lastSeenTime', width: 170 },
    {
      title: '操作',
      key: 'action',
      width: 90,
      render: (_, row) =>
        row.current ? null : (
          <Popconfirm
            title="确定下线该设备吗？"
            okText="确定"
            cancelText="取消"
            onConfirm={() => revoke.mutate(row.id)}
          >
            <Button type="link" size="small" danger aria-label={`下线 ${row.ip ?? ''} ${row.loginTime}`}>
              下线
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Table<AccountSessionDto>
      rowKey="id"
      size="middle"
      aria-label="登录设备"
      loading={sessions.isLoading || revoke.isPending}
      columns={columns}
      dataSource={sessions.data ?? []}
      pagination={false}
    />
  );
}
