import type { DepartTreeNode, DeptRoleDto } from '@aps/shared';
import { PERMISSIONS, ROLE_MESSAGES } from '@aps/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Form, Input, Table, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { usePermissionCheck } from '../../../../shared/auth/Can.tsx';
import { errorText, warnFailure } from '../../../../shared/list/download.ts';
import { ListToolbar } from '../../../../shared/list/ListToolbar.tsx';
import { ModalForm, useFormDialog } from '../../../../shared/list/ModalForm.tsx';
import { RowActions } from '../../../../shared/list/RowActions.tsx';
import { type DeptRoleFormValues, deptRoleApi, systemKeys, useSystemMutation } from '../api.ts';
import { GrantTree } from './GrantTree.tsx';

const D = PERMISSIONS.depart;

/** 部门角色: the roles of a department, each granted a part of the department's permissions. */
export function DeptRolePanel({ depart }: { depart: DepartTreeNode }) {
  const { message } = App.useApp();
  const can = usePermissionCheck();
  const [form] = Form.useForm<DeptRoleFormValues>();
  const editor = useFormDialog<DeptRoleDto>();
  const [granting, setGranting] = useState<DeptRoleDto | null>(null);
  const roles = useQuery({
    queryKey: [...systemKeys.departs, 'roles', depart.id],
    queryFn: () => deptRoleApi.list(depart.id),
  });
  const save = useSystemMutation(deptRoleApi.save, [systemKeys.departs]);
  const remove = useSystemMutation(deptRoleApi.remove, [systemKeys.departs]);
  const initialValues = useMemo<Partial<DeptRoleFormValues>>(
    () =>
      editor.record
        ? { roleName: editor.record.roleName, roleCode: editor.record.roleCode, description: editor.record.description }
        : {},
    [editor.record],
  );

  const columns: TableColumnsType<DeptRoleDto> = [
    { title: '部门角色名称', dataIndex: 'roleName', width: 130, ellipsis: true },
    { title: '部门角色编码', dataIndex: 'roleCode', width: 140, ellipsis: true },
    { title: '描述', dataIndex: 'description', ellipsis: true },
    { title: '创建时间', dataIndex: 'createTime', width: 160 },
    {
      title: '操作',
      key: 'action',
      width: 150,
      render: (_, row) => (
        <RowActions
          onEdit={() => editor.show(row)}
          editCode={D.role}
          extra={
            can(D.role) ? (
              <Button type="link" size="small" onClick={() => setGranting(row)}>
                授权
              </Button>
            ) : null
          }
          onDelete={async () => {
            await remove.mutateAsync(row.id);
            message.success('删除成功!');
          }}
          deleteCode={D.role}
        />
      ),
    },
  ];

  if (roles.isError) return <Alert type="warning" showIcon title={errorText(roles.error, '加载失败')} />;
  return (
    <div>
      <ListToolbar onAdd={() => editor.show(null)} addCode={D.role} addText="新增部门角色" />
      <Table<DeptRoleDto>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={roles.data ?? []}
        loading={roles.isFetching}
        pagination={false}
        scroll={{ x: 640 }}
      />
      <ModalForm<DeptRoleFormValues>
        name="deptRoleForm"
        open={editor.open}
        title={editor.isEdit ? '编辑' : '新增'}
        form={form}
        width={600}
        labelWidth={110}
        initialValues={initialValues}
        onClose={editor.hide}
        onSubmit={async (v) => {
          await save.mutateAsync({ ...v, id: editor.record?.id, departId: editor.record ? undefined : depart.id });
          message.success(editor.isEdit ? '编辑成功！' : '添加成功！');
        }}
      >
        <Form.Item
          label="部门角色名称"
          name="roleName"
          rules={[{ required: true, whitespace: true, message: '请输入部门角色名称!' }]}
        >
          <Input placeholder="请输入部门角色名称" maxLength={30} />
        </Form.Item>
        <Form.Item
          label="部门角色编码"
          name="roleCode"
          validateFirst
          rules={[
            { required: true, whitespace: true, message: '请输入部门角色编码!' },
            { pattern: /^[A-Za-z][A-Za-z0-9_]*$/, message: ROLE_MESSAGES.codePattern },
          ]}
        >
          <Input placeholder="请输入部门角色编码" maxLength={64} />
        </Form.Item>
        <Form.Item label="描述" name="description">
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </ModalForm>
      <DeptRoleGrantDrawer
        key={granting?.id ?? 'none'}
        depart={depart}
        role={granting}
        onClose={() => setGranting(null)}
      />
    </div>
  );
}

/** Grants a department role part of its department's permissions. */
function DeptRoleGrantDrawer({
  depart,
  role,
  onClose,
}: {
  depart: DepartTreeNode;
  role: DeptRoleDto | null;
  onClose(): void;
}) {
  const { message } = App.useApp();
  const open = role !== null;
  const tree = useQuery({
    queryKey: [...systemKeys.departs, 'roleTree', depart.id],
    queryFn: () => deptRoleApi.tree(depart.id),
    enabled: open,
  });
  const granted = useQuery({
    queryKey: [...systemKeys.departs, 'rolePermissions', role?.id],
    queryFn: () => deptRoleApi.permissionIds(role?.id as string),
    enabled: open,
    gcTime: 0,
  });
  const [checked, setChecked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (granted.data) setChecked(granted.data);
  }, [granted.data]);

  return (
    <Drawer
      open={open}
      title={role ? `部门角色权限配置 - ${role.roleName}` : '部门角色权限配置'}
      size={520}
      onClose={onClose}
      footer={
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          <Button onClick={onClose}>取消</Button>
          <Button
            type="primary"
            loading={saving}
            onClick={async () => {
              if (!role) return;
              setSaving(true);
              try {
                await deptRoleApi.savePermissions(role.id, checked);
                message.success('保存成功！');
                onClose();
              } catch (err) {
                warnFailure(message, err, '保存失败');
              } finally {
                setSaving(false);
              }
            }}
          >
            保存并关闭
          </Button>
        </div>
      }
    >
      {tree.data && tree.data.treeList.length === 0 ? (
        <Alert type="info" showIcon title="该部门尚未授权任何菜单，请先在“部门权限”中授权。" />
      ) : (
        <GrantTree
          tree={tree.data?.treeList}
          loading={tree.isPending || granted.isPending}
          checked={checked}
          onChange={setChecked}
        />
      )}
    </Drawer>
  );
}
