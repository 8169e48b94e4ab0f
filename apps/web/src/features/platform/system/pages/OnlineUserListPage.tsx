import type { OnlineUserDto } from '@aps/shared';
import { PERMISSIONS } from '@aps/shared/constants';
import { App, Avatar, Card, Form, Input, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { RowActions } from '../../../../shared/list/RowActions.tsx';
import { SearchBar } from '../../../../shared/list/SearchBar.tsx';
import { useServerTable } from '../../../../shared/list/useServerTable.ts';
import { onlineApi, systemKeys, useSystemMutation } from '../api.ts';

const LOGIN_TYPES: Record<string, string> = { password: '账号密码', phone: '手机号', third: '第三方', cas: 'CAS' };

/** 在线用户 (system/OnlineUserList): the sessions signed in now, with force logout. */
export default function OnlineUserListPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ username?: string }>();
  // The server orders sessions by last activity; it takes no column/order.
  const table = useServerTable<OnlineUserDto>({
    queryKey: systemKeys.online,
    url: '/sys/online/list',
    defaultSort: null,
  });
  const forceLogout = useSystemMutation(onlineApi.forceLogout, [systemKeys.online]);

  const columns: TableColumnsType<OnlineUserDto> = [
    {
      title: '用户账号',
      dataIndex: 'username',
      width: 160,
      render: (v: string, row) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <Avatar size={22} src={row.avatar || undefined} style={{ marginInlineEnd: 8, background: '#278bf7' }}>
            {row.realname?.slice(0, 1) || v.slice(0, 1)}
          </Avatar>
          {v}
          {row.current && (
            <Tag color="green" style={{ marginInlineStart: 6 }}>
              当前
            </Tag>
          )}
        </span>
      ),
    },
    { title: '用户姓名', dataIndex: 'realname', width: 120 },
    { title: '登录方式', dataIndex: 'loginType', width: 100, render: (v: string) => LOGIN_TYPES[v] ?? v },
    { title: 'IP地址', dataIndex: 'ip', width: 140 },
    {
      title: '客户端',
      dataIndex: 'userAgent',
      ellipsis: { showTitle: false },
      render: (v: string | null) => (
        <Tooltip title={v} placement="topLeft">
          {v}
        </Tooltip>
      ),
    },
    { title: '登录时间', dataIndex: 'loginTime', width: 170 },
    { title: '最近访问', dataIndex: 'lastSeenTime', width: 170 },
    {
      title: '操作',
      key: 'action',
      width: 100,
      render: (_, row) =>
        row.current ? (
          <span style={{ color: 'rgba(0,0,0,0.25)' }}>-</span>
        ) : (
          <RowActions
            more={[]}
            onDelete={async () => {
              await forceLogout.mutateAsync(row.token);
              message.success('强制退出成功！');
            }}
            deleteCode={PERMISSIONS.online.forceLogout}
            deleteConfirm={`确定强制退出 ${row.username} 吗?`}
            deleteText="强退"
          />
        ),
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar name="onlineSearch" form={form} onSearch={(v) => table.search({ ...v })} onReset={table.reset}>
        <Form.Item label="用户账号" name="username">
          <Input placeholder="请输入用户账号" allowClear />
        </Form.Item>
      </SearchBar>
      <Table<OnlineUserDto> {...table.tableProps} rowKey="token" rowSelection={undefined} columns={columns} />
    </Card>
  );
}
