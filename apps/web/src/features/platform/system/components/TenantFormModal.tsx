import type { TenantAddRequest, TenantDto } from '@aps/shared';
import { maxLengthMessage, TENANT_ID_MAX, TENANT_MESSAGES } from '@aps/shared/constants';
import { App, Form, Input, InputNumber, Radio } from 'antd';
import { useMemo } from 'react';
import { ModalForm } from '../../../../shared/list/ModalForm.tsx';
import { useCrudMutation } from '../../../../shared/list/useCrudList.ts';
import { tenantApi } from '../org.api.ts';
import { TENANT_STATUS, toStatus } from '../org.rules.ts';

type FormShape = Omit<TenantAddRequest, 'id'> & { id?: number | null };

const STATUS_OPTIONS = TENANT_STATUS.map(({ value, label }) => ({ value, label }));

/** Add or edit a tenant: number (left empty, the next free one; fixed once created), name (unique) and status. */
export function TenantFormModal({
  open,
  tenant,
  onClose,
}: {
  open: boolean;
  tenant: TenantDto | null;
  onClose(): void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormShape>();
  const add = useCrudMutation(tenantApi, tenantApi.add);
  const edit = useCrudMutation(tenantApi, tenantApi.edit);
  const initialValues = useMemo<Partial<FormShape>>(
    () => (tenant ? { id: tenant.id, name: tenant.name, status: toStatus(tenant.status) } : { status: 1 }),
    [tenant],
  );
  return (
    <ModalForm<FormShape>
      name="tenantForm"
      open={open}
      title={tenant ? '编辑' : '新增'}
      form={form}
      width={600}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={async ({ id, ...v }) => {
        if (tenant) await edit.mutateAsync({ ...v, id: tenant.id });
        else await add.mutateAsync(id ? { ...v, id } : v);
        message.success(tenant ? '编辑成功!' : '添加成功！');
      }}
    >
      <Form.Item
        label="租户编号"
        name="id"
        extra={tenant ? undefined : '不填则自动分配'}
        rules={[{ type: 'integer', min: 1, max: TENANT_ID_MAX, message: TENANT_MESSAGES.idPositive }]}
      >
        <InputNumber
          placeholder="请输入租户编号"
          min={1}
          max={TENANT_ID_MAX}
          precision={0}
          disabled={Boolean(tenant)}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item
        label="租户名称"
        name="name"
        validateFirst
        rules={[
          { required: true, whitespace: true, message: TENANT_MESSAGES.nameRequired },
          { max: 100, message: maxLengthMessage(100) },
        ]}
      >
        <Input placeholder="请输入租户名称" />
      </Form.Item>
      <Form.Item label="状态" name="status" rules={[{ required: true, message: '请选择状态' }]}>
        <Radio.Group options={STATUS_OPTIONS} />
      </Form.Item>
    </ModalForm>
  );
}
