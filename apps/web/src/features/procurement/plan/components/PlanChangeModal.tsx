import type { PlanDto } from '@aps/shared';
import { useQuery } from '@tanstack/react-query';
import { App, Descriptions, Form, Input, InputNumber, Typography } from 'antd';
import { useCallback, useMemo, useRef } from 'react';
import { Money } from '../../../../shared/controls/index.ts';
import { EditableGrid, type GridHandle, type GridRow, newRowId } from '../../../../shared/grid/index.ts';
import { ModalForm, useCrudMutation } from '../../../../shared/list/index.ts';
import { planApi, procurementKeys } from '../api.ts';
import { amountOf, PLAN_ITEM_COLUMNS } from './PlanFormModal.tsx';

interface ChangeValues {
  budget: number;
  reason: string;
}

function ChangeForm({ plan, onClose }: { plan: PlanDto; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ChangeValues>();
  const grid = useRef<GridHandle>(null);
  const change = useCrudMutation(planApi, planApi.change);
  const rows = useMemo<GridRow[]>(
    () =>
      (plan.items ?? []).map((i) => ({
        id: i.id,
        name: i.name,
        specification: i.specification ?? '',
        unit: i.unit ?? '',
        quantity: Number(i.quantity),
        unitPrice: Number(i.unitPrice),
        amount: Number(i.amount),
      })),
    [plan],
  );
  const initialValues = useMemo(() => ({ budget: Number(plan.budget) }), [plan]);
  const recompute = useCallback((values: GridRow[]) => {
    for (const r of values) {
      const amount = amountOf(r);
      if (r.amount !== amount) grid.current?.patchRow(r.id, { amount });
    }
  }, []);

  const submit = async (values: ChangeValues) => {
    if (await grid.current?.validate()) {
      message.warning('采购明细校验未通过');
      throw new Error('采购明细校验未通过');
    }
    const items = (grid.current?.getValues() ?? []).map((r) => ({
      name: String(r.name ?? ''),
      specification: r.specification ? String(r.specification) : null,
      unit: r.unit ? String(r.unit) : null,
      quantity: String(r.quantity ?? ''),
      unitPrice: String(r.unitPrice ?? ''),
    }));
    await change.mutateAsync({
      id: plan.id,
      budget: String(values.budget),
      reason: values.reason,
      items,
    } as unknown as Parameters<typeof planApi.change>[0]);
    message.success('计划变更已提交审批');
  };

  return (
    <ModalForm<ChangeValues>
      name="planChangeForm"
      open
      drawer
      width={1100}
      title={`计划变更：${plan.planName}`}
      form={form}
      initialValues={initialValues}
      onSubmit={submit}
      onClose={onClose}
    >
      <Descriptions
        size="small"
        column={2}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'code', label: '计划编号', children: plan.planCode },
          { key: 'budget', label: '原预算（元）', children: <Money value={plan.budget} /> },
        ]}
      />
      <Form.Item label="变更后预算" name="budget" rules={[{ required: true, message: '请输入变更后预算' }]}>
        <InputNumber min={0} precision={2} style={{ width: 240 }} addonAfter="元" aria-label="变更后预算" />
      </Form.Item>
      <Form.Item label="变更原因" name="reason" rules={[{ required: true, message: '请输入变更原因' }]}>
        <Input.TextArea rows={2} maxLength={2000} aria-label="变更原因" />
      </Form.Item>
      <Typography.Title level={5}>变更后采购明细</Typography.Title>
      <EditableGrid
        ref={grid}
        aria-label="变更后采购明细"
        columns={PLAN_ITEM_COLUMNS}
        dataSource={rows.length ? rows : [{ id: newRowId() }]}
        height={260}
        onValuesChange={recompute}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        提交后进入审批，审批通过后新的预算和明细生效；驳回则计划不变。
      </Typography.Paragraph>
    </ModalForm>
  );
}

/** 计划变更 of an approved or executing plan: the form pre-filled with its budget and lines (loaded first). */
export function PlanChangeModal({ plan, onClose }: { plan: PlanDto | null; onClose: () => void }) {
  const detail = useQuery({
    queryKey: [...procurementKeys.plans, 'detail', plan?.id],
    queryFn: ({ signal }) => planApi.queryById(plan?.id ?? '', signal),
    enabled: !!plan,
    gcTime: 0,
  });
  if (!plan || !detail.data) return null;
  return <ChangeForm plan={detail.data} onClose={onClose} />;
}
