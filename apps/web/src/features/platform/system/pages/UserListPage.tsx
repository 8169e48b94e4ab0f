import { DownOutlined } from '@ant-design/icons';
import type { UserListRow } from '@aps/shared';
import {
  DICT,
  PERMISSIONS,
  SUPER_QUERY_LISTS,
  USER_IMPORT_EXISTING,
  USER_SUPER_QUERY_FIELDS,
} from '@aps/shared/constants';
import { App, Button, Card, Dropdown, Form, Input, Select, Table, type TableColumnsType, Tag, TreeSelect } from 'antd';
import { useState } from 'react';
import { usePermissionCheck } from '../../../../shared/auth/Can.tsx';
import { CrudRowActions } from '../../../../shared/list/CrudRowActions.tsx';
import { CrudToolbar } from '../../../../shared/list/CrudToolbar.tsx';
import { warnFailure } from '../../../../shared/list/download.ts';
import { SELECT_ONE } from '../../../../shared/list/ListToolbar.tsx';
import { SearchBar } from '../../../../shared/list/SearchBar.tsx';
import { useCrudList } from '../../../../shared/list/useCrudList.ts';
import { SuperQuery } from '../../../../shared/superQuery/SuperQuery.tsx';
import { systemKeys, useDepartTree, userApi, useSystemMutation } from '../api.ts';
import { PasswordModal } from '../components/PasswordModal.tsx';
import { UserFormModal } from '../components/UserFormModal.tsx';
import { SEX_OPTIONS, textOf, USER_STATUS_OPTIONS, useDict } from '../dict.ts';

const U = PERMISSIONS.user;

interface UserFilters {
  username?: string;
  realname?: string;
  phone?: string;
  status?: string;
  departId?: string;
}

const IMPORT_HINT =
  '表头须包含“用户账号”“用户姓名”“手机号”，可选“性别”“生日”“邮箱”“职务”，与导出的文件格式一致。导入的账号需由管理员“修改密码”后方可登录。';
const USER_IMPORTS = { hint: IMPORT_HINT, existingRows: USER_IMPORT_EXISTING };

/** 用户管理 (system/UserList): the tenant's users with search, add/edit, freeze, password, delete, import and export. */
export default function UserListPage() {
  const { message, modal } = App.useApp();
  const can = usePermissionCheck();
  const [form] = Form.useForm<UserFilters>();
  const list = useCrudList(userApi, {
    scrollX: 1120,
    messages: { deleted: '删除用户成功', batchDeleted: '批量删除用户成功' },
  });
  const departs = useDepartTree();
  const sexes = useDict(DICT.sex, SEX_OPTIONS);
  const [passwordFor, setPasswordFor] = useState<UserListRow | null>(null);
  const frozen = useSystemMutation(
    ({ ids, status }: { ids: readonly string[]; status: 1 | 2 }) => userApi.frozen(ids, status),
    [systemKeys.users, systemKeys.online],
  );

  async function setStatus(ids: readonly string[], status: 1 | 2) {
    await frozen.mutateAsync({ ids, status });
    message.success(status === 2 ? '冻结成功!' : '解冻成功!');
  }

  function batchStatus(status: 1 | 2) {
    const ids = list.table.selectedRowKeys.map(String);
    if (!ids.length) {
      message.warning(SELECT_ONE);
      return;
    }
    modal.confirm({
      title: status === 2 ? '确认冻结' : '确认解冻',
      content: `是否${status === 2 ? '冻结' : '解冻'}选中的 ${ids.length} 个账号?`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        try {
          await setStatus(ids, status);
          list.table.setSelectedRowKeys([]);
        } catch (err) {
          warnFailure(message, err, '操作失败');
        }
      },
    });
  }

  const columns: TableColumnsType<UserListRow> = [
    {
      title: '用户账号',
      dataIndex: 'username',
      width: 130,
      fixed: 'left',
      ...list.sortable('username'),
      ellipsis: true,
    },
    {
      title: '用户姓名',
      dataIndex: 'realname',
      width: 110,
      ...list.sortable('realname'),
      ellipsis: true,
    },
    { title: '性别', dataIndex: 'sex', width: 60, align: 'center', render: (v) => textOf(sexes, v) },
    { title: '手机号', dataIndex: 'phone', width: 120 },
    { title: '部门', dataIndex: 'departNames', width: 170, ellipsis: true },
    { title: '角色', dataIndex: 'roleNames', width: 170, ellipsis: true },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      align: 'center',
      ...list.sortable('status'),
      render: (v: number) => <Tag color={v === 2 ? 'error' : 'success'}>{textOf(USER_STATUS_OPTIONS, v)}</Tag>,
    },
    {
      title: '创建时间',
      dataIndex: 'createTime',
      width: 170,
      ...list.sortable('createTime'),
    },
    {
      title: '操作',
      key: 'action',
      width: 130,
      fixed: 'right',
      render: (_, row) => (
        <CrudRowActions
          list={list}
          row={row}
          more={[
            {
              key: 'password',
              label: '修改密码',
              code: U.changePassword,
              onClick: () => setPasswordFor(row),
            },
            row.status === 2
              ? {
                  key: 'unfreeze',
                  label: '解冻',
                  code: U.frozen,
                  confirm: `确定解冻 ${row.username} 吗?`,
                  onClick: () => setStatus([row.id], 1),
                }
              : {
                  key: 'freeze',
                  label: '冻结',
                  code: U.frozen,
                  confirm: `确定冻结 ${row.username} 吗?`,
                  onClick: () => setStatus([row.id], 2),
                },
          ]}
        />
      ),
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar<UserFilters> name="userSearch" form={form} onSearch={list.search} onReset={list.reset}>
        <Form.Item label="用户账号" name="username">
          <Input placeholder="请输入用户账号" allowClear />
        </Form.Item>
        <Form.Item label="用户姓名" name="realname">
          <Input placeholder="请输入用户姓名" allowClear />
        </Form.Item>
        <Form.Item label="手机号" name="phone">
          <Input placeholder="请输入手机号" allowClear />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Select
            placeholder="请选择"
            allowClear
            options={USER_STATUS_OPTIONS.map((o) => ({ value: o.value, label: o.text }))}
          />
        </Form.Item>
        <Form.Item label="所属部门" name="departId">
          <TreeSelect
            placeholder="请选择"
            allowClear
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
            treeData={departs.data ?? []}
          />
        </Form.Item>
      </SearchBar>

      <CrudToolbar list={list} exportName="用户列表.xlsx" imports={USER_IMPORTS}>
        <SuperQuery
          listKey={SUPER_QUERY_LISTS.sysUser}
          fields={USER_SUPER_QUERY_FIELDS}
          value={list.table.superQuery}
          onSearch={list.table.setSuperQuery}
        />
        {can(U.frozen) && (
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'freeze', label: '冻结' },
                { key: 'unfreeze', label: '解冻' },
              ],
              onClick: ({ key }) => batchStatus(key === 'freeze' ? 2 : 1),
            }}
          >
            <Button>
              批量操作 <DownOutlined />
            </Button>
          </Dropdown>
        )}
      </CrudToolbar>

      <Table<UserListRow> {...list.table.tableProps} columns={columns} />

      <UserFormModal open={list.editor.open} user={list.editor.record} onClose={list.editor.hide} />
      <PasswordModal user={passwordFor} onClose={() => setPasswordFor(null)} />
    </Card>
  );
}
