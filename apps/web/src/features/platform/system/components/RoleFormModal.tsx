import type { RoleDto } from '@aps/shared';
import { DATA_SCOPE_LABELS, ROLE_MESSAGES } from '@aps/shared/constants';
import { App, Form, Input, Select } from 'antd';
import { useMemo } from 'react';
import { ModalForm } from '../../../../shared/list/ModalForm.tsx';
import { useCrudMutation } from '../../../../shared/list/useCrudList.ts';
import { type RoleFormValues, roleApi } from '../api.ts';

export const DATA_SCOPE_OPTIONS = Object.entries(DATA_SCOPE_LABELS).map(([value, label]) => ({ value, label }));

/** Add or edit a role: name, code (unique in the tenant), description and data scope. */
export function RoleFormModal({ open, role, onClose }: { open: boolean; role: RoleDto | null; onClose(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<RoleFormValues>();
  const save = useCrudMutation(roleApi, roleApi.save);
  const initialValues = useMemo<Partial<RoleFormValues>>(
    () =>
      role
        ? { roleName: role.roleName, roleCode: role.roleCode, description: role.description, dataScope: role.dataScope }
        : { dataScope: '3' },
    [role],
  );
  return (
    <ModalForm<RoleFormValues>
      name="roleForm"
      open={open}
      title={role ? '编辑' : '新增'}
      form={form}
      width={640}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={async (v) => {
        await save.mutateAsync({ ...v, id: role?.id });
        message.success(role ? '编辑成功！' : '添加成功！');
      }}
    >
      <Form.Item
        label="角色名称"
        name="roleName"
        validateFirst
        rules={[
          { required: true, whitespace: true, message: ROLE_MESSAGES.nameRequired },
          { min: 2, max: 30, message: ROLE_MESSAGES.nameLength },
        ]}
      >
        <Input placeholder="请输入角色名称" />
      </Form.Item>
      <Form.Item
        label="角色编码"
        name="roleCode"
        validateTrigger={['onChange', 'onBlur']}
        validateFirst
        rules={[
          { required: true, whitespace: true, message: ROLE_MESSAGES.codeRequired },
          { pattern: /^[A-Za-z][A-Za-z0-9_]*$/, message: ROLE_MESSAGES.codePattern },
          {
            validateTrigger: 'onBlur',
            validator: async (_r, value: string) => {
              if (!value?.trim()) return;
              await roleApi.checkCode(value.trim(), role?.id);
            },
          },
        ]}
      >
        <Input placeholder="请输入角色编码" disabled={Boolean(role)} />
      </Form.Item>
      <Form.Item label="数据范围" name="dataScope" rules={[{ required: true, message: '请选择数据范围' }]}>
        <Select options={DATA_SCOPE_OPTIONS} />
      </Form.Item>
      <Form.Item label="描述" name="description">
        <Input.TextArea rows={3} placeholder="请输入描述" maxLength={500} showCount />
      </Form.Item>
    </ModalForm>
  );
}
