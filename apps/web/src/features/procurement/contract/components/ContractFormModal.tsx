import type { ContractDto, SupplierFileDto } from '@aps/shared';
import { useQuery } from '@tanstack/react-query';
import { App, DatePicker, Descriptions, Form, Input, InputNumber, Select, Skeleton } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { Money } from '../../../../shared/controls/index.ts';
import { ModalForm, useCrudMutation } from '../../../../shared/list/index.ts';
import { FilesField } from '../../supplier/components/FilesField.tsx';
import { contractApi, contractKeys, useAwardedPackages } from '../api.ts';

interface FormValues {
  packageId: string;
  name: string;
  contractNo?: string;
  termStart: Dayjs;
  termEnd: Dayjs;
  payTerms?: string;
  warrantyPeriod: number;
  retentionRate: number;
  attachments?: SupplierFileDto[];
}

/** The award a new contract comes from: the winner and the winning price (read-only: the amount is the price). */
function AwardSummary({ packageId }: { packageId: string | undefined }) {
  const award = useQuery({
    queryKey: contractKeys.award(packageId ?? ''),
    queryFn: ({ signal }) => contractApi.award(packageId ?? '', signal),
    enabled: !!packageId,
    retry: false,
  });
  if (!packageId) return null;
  if (award.isError) return <div className="ant-form-item-explain-error">{(award.error as Error).message}</div>;
  if (!award.data) return <Skeleton active paragraph={{ rows: 1 }} />;
  const a = award.data;
  return (
    <Descriptions
      size="small"
      bordered
      column={2}
      style={{ marginBottom: 16 }}
      items={[
        { key: 's', label: '中标供应商', children: a.supplierName },
        { key: 'a', label: '合同金额（中标价）', children: <Money value={a.amount} /> },
        { key: 'p', label: '采购名称', children: a.purchaseName },
        { key: 't', label: '定标时间', children: a.awardTime ?? '—' },
        ...(a.contractId ? [{ key: 'c', label: '提示', children: '该标包已有未作废的合同', span: 2 }] : []),
      ]}
    />
  );
}

/**
 * 新增 (from an awarded package: parties and amount come from the award, pay terms and warranty pre-filled) or
 * 编辑 (草稿 only) a contract.
 */
export function ContractFormModal({
  open,
  contract,
  onClose,
}: {
  open: boolean;
  contract: ContractDto | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [keyword, setKeyword] = useState('');
  const packageId = Form.useWatch('packageId', form);
  const packages = useAwardedPackages(keyword, open && !contract);
  const save = useCrudMutation(contractApi, contractApi.save);
  const initialValues = useMemo<Partial<FormValues>>(
    () =>
      contract
        ? {
            packageId: contract.packageId,
            name: contract.name,
            contractNo: contract.contractNo,
            termStart: dayjs(contract.termStart),
            termEnd: dayjs(contract.termEnd),
            payTerms: contract.payTerms ?? '',
            warrantyPeriod: contract.warrantyPeriod,
            retentionRate: Number(contract.retentionRate),
            attachments: contract.attachments,
          }
        : { warrantyPeriod: 0, retentionRate: 5 },
    [contract],
  );

  const pick = async (id: string) => {
    try {
      const a = await contractApi.award(id);
      form.setFieldsValue({
        name: form.getFieldValue('name') || `${a.purchaseName}（${a.packageName}）合同`,
        payTerms: a.payTerms ?? '',
        warrantyPeriod: a.warrantyPeriod,
        retentionRate: Number(a.retentionRate),
      });
    } catch {
      // AwardSummary shows why the package cannot be contracted.
    }
  };

  const submit = async (v: FormValues) => {
    await save.mutateAsync({
      ...(contract ? { id: contract.id } : {}),
      packageId: v.packageId,
      name: v.name,
      contractNo: v.contractNo || null,
      // The server takes the amount from the award; the field is required by the shared schema.
      amount: contract?.amount ?? '0',
      termStart: v.termStart.format('YYYY-MM-DD'),
      termEnd: v.termEnd.format('YYYY-MM-DD'),
      payTerms: v.payTerms || null,
      warrantyPeriod: v.warrantyPeriod,
      retentionRate: String(v.retentionRate),
      attachments: v.attachments ?? [],
    });
    message.success(contract ? '编辑成功!' : '添加成功！');
  };

  return (
    <ModalForm<FormValues>
      name="contractForm"
      open={open}
      drawer
      width={820}
      title={contract ? `编辑合同：${contract.contractNo}` : '新增合同（由定标结果起草）'}
      form={form}
      initialValues={initialValues}
      onSubmit={submit}
      onClose={onClose}
      labelWidth={120}
    >
      <Form.Item label="标包" name="packageId" rules={[{ required: true, message: '请选择已定标的标包' }]}>
        <Select
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          disabled={!!contract}
          placeholder="搜索已定标的标包"
          aria-label="标包"
          loading={packages.isFetching}
          onChange={(id: string) => pick(id)}
          options={
            contract
              ? [{ value: contract.packageId, label: contract.packageName ?? contract.name }]
              : (packages.data?.records ?? []).map((p) => ({
                  value: p.id,
                  label: `${p.purchaseName}（${p.packageName}）`,
                }))
          }
        />
      </Form.Item>
      <AwardSummary packageId={packageId} />
      <Form.Item label="合同名称" name="name" rules={[{ required: true, message: '请输入合同名称' }]}>
        <Input maxLength={200} aria-label="合同名称" />
      </Form.Item>
      <Form.Item label="合同编号" name="contractNo" extra="留空则按编号规则自动生成">
        <Input maxLength={64} aria-label="合同编号" />
      </Form.Item>
      <Form.Item label="开始日期" name="termStart" rules={[{ required: true, message: '请选择开始日期' }]}>
        <DatePicker aria-label="开始日期" />
      </Form.Item>
      <Form.Item
        label="结束日期"
        name="termEnd"
        dependencies={['termStart']}
        rules={[
          { required: true, message: '请选择结束日期' },
          ({ getFieldValue }) => ({
            validator: (_, v?: Dayjs) =>
              !v || !getFieldValue('termStart') || !v.isBefore(getFieldValue('termStart'), 'day')
                ? Promise.resolve()
                : Promise.reject(new Error('合同结束日期不能早于开始日期')),
          }),
        ]}
      >
        <DatePicker aria-label="结束日期" />
      </Form.Item>
      <Form.Item label="付款条件" name="payTerms">
        <Input.TextArea rows={2} maxLength={2000} aria-label="付款条件" />
      </Form.Item>
      <Form.Item label="质保期（月）" name="warrantyPeriod" rules={[{ required: true, message: '请输入质保期' }]}>
        <InputNumber min={0} max={120} precision={0} aria-label="质保期" />
      </Form.Item>
      <Form.Item label="质保金比例" name="retentionRate" rules={[{ required: true, message: '请输入质保金比例' }]}>
        <InputNumber min={0} max={100} precision={2} addonAfter="%" aria-label="质保金比例" />
      </Form.Item>
      <Form.Item label="合同附件" name="attachments">
        <FilesField biz="contract" buttonText="上传附件" aria-label="上传合同附件" />
      </Form.Item>
    </ModalForm>
  );
}
