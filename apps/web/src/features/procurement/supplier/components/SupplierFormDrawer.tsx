import type { SupplierDto } from '@aps/shared';
import { SUPPLIER_LIMITS } from '@aps/shared/constants';
import { App, Form, Input } from 'antd';
import { useMemo } from 'react';
import { ModalForm } from '../../../../shared/list/ModalForm.tsx';
import { useCrudMutation } from '../../../../shared/list/useCrudList.ts';
import { useCategoryTree } from '../../expert/api.ts';
import { directoryApi, type SupplierFormValues } from '../api.ts';
import { BankFields, CategoryField, CompanyFields } from './ProfileFields.tsx';

/** 供应商名录 add (staff enter a supplier: admitted directly, the 备注 saying why) and edit. */
export function SupplierFormDrawer({
  open,
  supplier,
  onClose,
}: {
  open: boolean;
  supplier: SupplierDto | null;
  onClose(): void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<SupplierFormValues>();
  const save = useCrudMutation(directoryApi, directoryApi.save);
  const categories = useCategoryTree();
  const initialValues = useMemo<Partial<SupplierFormValues>>(
    () => (supplier ? ({ ...supplier } as Partial<SupplierFormValues>) : { categories: [] }),
    [supplier],
  );
  return (
    <ModalForm<SupplierFormValues>
      name="supplierForm"
      drawer
      open={open}
      title={supplier ? '编辑供应商' : '新增供应商'}
      form={form}
      width={640}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={async (v) => {
        await save.mutateAsync({ ...v, id: supplier?.id });
        message.success(supplier ? '编辑成功!' : '添加成功！');
      }}
    >
      <CompanyFields withPhone />
      <CategoryField tree={categories.data} loading={categories.isFetching} />
      <BankFields />
      <Form.Item
        label={supplier ? '备注' : '录入原因'}
        name="standing"
        extra={supplier ? undefined : '采购单位录入的供应商直接准入，原因记入状态历史'}
        rules={supplier ? [] : [{ required: true, whitespace: true, message: '请输入录入原因' }]}
      >
        <Input.TextArea rows={3} maxLength={SUPPLIER_LIMITS.reasonMax} />
      </Form.Item>
    </ModalForm>
  );
}
