import {
  type PlanAddRequest,
  type PlanDto,
  type PlanItemDto,
  PURCHASE_CATEGORIES,
  PURCHASE_CATEGORY_CODES,
  PURCHASE_METHOD_CODES,
  PURCHASE_METHODS,
  planItemsGridPage,
} from '@aps/shared';
import { useQuery } from '@tanstack/react-query';
import { App, DatePicker, Form, Input, InputNumber, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useMemo, useRef } from 'react';
import {
  EditableGrid,
  type GridColumn,
  type GridHandle,
  type GridRow,
  newRowId,
} from '../../../../shared/grid/index.ts';
import { ModalForm, useCrudMutation } from '../../../../shared/list/index.ts';
import { DepartSelect } from '../../../../shared/pickers/DepartSelect.tsx';
import { useGridSocket } from '../../../../shared/realtime/useGridSocket.ts';
import { planApi, procurementKeys } from '../api.ts';

interface PlanFormValues {
  planName: string;
  category: string;
  purchaseMethod: string;
  departId?: string;
  budget: number;
  plannedTime?: Dayjs | null;
  memo?: string;
}

/** 采购明细 columns: name, specification, unit, quantity, estimated unit price and the line amount (合计 footer). */
export const PLAN_ITEM_COLUMNS: GridColumn[] = [
  { key: 'no', title: '序号', type: 'row-number' },
  { key: 'sel', title: '选择', type: 'row-checkbox' },
  {
    key: 'name',
    title: '物资名称',
    type: 'input',
    placeholder: '请输入物资名称',
    width: 200,
    validateRules: [{ required: true, message: '请输入物资名称' }],
  },
  { key: 'specification', title: '规格型号', type: 'input', width: 160 },
  { key: 'unit', title: '单位', type: 'input', width: 90 },
  {
    key: 'quantity',
    title: '数量',
    type: 'inputNumber',
    width: 110,
    statistics: ['sum'],
    validateRules: [{ required: true, message: '请输入数量' }],
  },
  {
    key: 'unitPrice',
    title: '预估单价',
    type: 'inputNumber',
    width: 130,
    format: 'money',
    validateRules: [{ required: true, message: '请输入预估单价' }],
  },
  { key: 'amount', title: '金额', type: 'normal', width: 140, format: 'money', statistics: ['sum'] },
];

export const amountOf = (row: GridRow) => {
  const q = Number(row.quantity);
  const p = Number(row.unitPrice);
  return Number.isFinite(q) && Number.isFinite(p) ? Math.round(q * p * 100) / 100 : 0;
};

/** A plan's item line as a grid row (the loaded lines, and the lines another user's save pushes). */
const itemRow = (i: PlanItemDto): GridRow => ({
  id: i.id,
  name: i.name,
  specification: i.specification ?? '',
  unit: i.unit ?? '',
  quantity: Number(i.quantity),
  unitPrice: Number(i.unitPrice),
  amount: Number(i.amount),
});

const pushedItemRow = (pushed: unknown): GridRow | null =>
  pushed && typeof pushed === 'object' && typeof (pushed as PlanItemDto).id === 'string'
    ? itemRow(pushed as PlanItemDto)
    : null;

function PlanForm({ plan, onClose }: { plan: PlanDto | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PlanFormValues>();
  const grid = useRef<GridHandle>(null);
  const save = useCrudMutation(planApi, planApi.save);
  const rows = useMemo<GridRow[]>(() => (plan?.items ?? []).map(itemRow), [plan]);
  // The plan's saved lines: they keep their ids through an edit (a new line gets one from the server).
  const lineIds = useMemo(() => new Set((plan?.items ?? []).map((i) => i.id)), [plan]);
  // §4: everyone with this plan open sees the lines another user saves, field by field, highlighted.
  const shared = useGridSocket(plan ? planItemsGridPage(plan.id) : null, grid, { mapRow: pushedItemRow });
  const initialValues = useMemo<Partial<PlanFormValues>>(
    () =>
      plan
        ? {
            planName: plan.planName,
            category: plan.category,
            purchaseMethod: plan.purchaseMethod,
            departId: plan.departId ?? undefined,
            budget: Number(plan.budget),
            plannedTime: plan.plannedTime ? dayjs(plan.plannedTime) : null,
            memo: plan.memo ?? undefined,
          }
        : { category: '2', purchaseMethod: 'inquiry' },
    [plan],
  );
  // Keeps each line's amount = quantity × unit price (the grid tells its edits, debounced).
  const recompute = useCallback((values: GridRow[]) => {
    for (const r of values) {
      const amount = amountOf(r);
      if (r.amount !== amount) grid.current?.patchRow(r.id, { amount });
    }
  }, []);

  const submit = async (values: PlanFormValues) => {
    const errors = await grid.current?.validate();
    if (errors) {
      message.warning('采购明细校验未通过');
      throw new Error('采购明细校验未通过');
    }
    const items = (grid.current?.getValues() ?? []).map((r) => ({
      id: lineIds.has(r.id) ? r.id : undefined,
      name: String(r.name ?? ''),
      specification: r.specification ? String(r.specification) : null,
      unit: r.unit ? String(r.unit) : null,
      quantity: String(r.quantity ?? ''),
      unitPrice: String(r.unitPrice ?? ''),
    }));
    if (items.length === 0) {
      message.warning('请至少填写一条采购明细');
      throw new Error('请至少填写一条采购明细');
    }
    const body = {
      ...values,
      id: plan?.id,
      budget: String(values.budget),
      plannedTime: values.plannedTime ? values.plannedTime.format('YYYY-MM-DD HH:mm:ss') : null,
      items,
      ...(plan ? { socketKey: shared.socketKey } : {}),
    } as unknown as PlanAddRequest & { id?: string };
    await save.mutateAsync(body);
    message.success(plan ? '编辑成功!' : '添加成功！');
  };

  return (
    <ModalForm<PlanFormValues>
      name="planForm"
      open
      drawer
      width={1100}
      title={plan ? '编辑采购计划' : '新增采购计划'}
      form={form}
      initialValues={initialValues}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item label="计划名称" name="planName" rules={[{ required: true, message: '请输入计划名称' }]}>
        <Input maxLength={200} placeholder="请输入计划名称" />
      </Form.Item>
      <Form.Item label="采购类别" name="category" rules={[{ required: true, message: '请选择采购类别' }]}>
        <Select options={PURCHASE_CATEGORY_CODES.map((c) => ({ value: c, label: PURCHASE_CATEGORIES[c] }))} />
      </Form.Item>
      <Form.Item label="需求部门" name="departId">
        <DepartSelect multiple={false} />
      </Form.Item>
      <Form.Item label="采购方式" name="purchaseMethod" rules={[{ required: true, message: '请选择采购方式' }]}>
        <Select options={PURCHASE_METHOD_CODES.map((c) => ({ value: c, label: PURCHASE_METHODS[c] }))} />
      </Form.Item>
      <Form.Item label="预算金额" name="budget" rules={[{ required: true, message: '请输入预算金额' }]}>
        <InputNumber min={0} precision={2} style={{ width: 240 }} addonAfter="元" />
      </Form.Item>
      <Form.Item label="计划时间" name="plannedTime">
        <DatePicker showTime format="YYYY-MM-DD HH:mm:ss" />
      </Form.Item>
      <Form.Item label="备注" name="memo">
        <Input.TextArea rows={2} maxLength={2000} />
      </Form.Item>
      <Typography.Title level={5}>采购明细</Typography.Title>
      <EditableGrid
        ref={grid}
        aria-label="采购明细"
        columns={PLAN_ITEM_COLUMNS}
        dataSource={rows.length ? rows : [{ id: newRowId() }]}
        height={260}
        onValuesChange={recompute}
      />
    </ModalForm>
  );
}

/** Add or edit a plan (the drawer form with the item grid); editing loads the plan with its lines first. */
export function PlanFormModal({ open, plan, onClose }: { open: boolean; plan: PlanDto | null; onClose: () => void }) {
  const detail = useQuery({
    queryKey: [...procurementKeys.plans, 'detail', plan?.id],
    queryFn: ({ signal }) => planApi.queryById(plan?.id ?? '', signal),
    enabled: open && !!plan,
    gcTime: 0,
  });
  if (!open) return null;
  // The drawer opens once the plan's lines are loaded (a moment; the list row stays where it was).
  if (plan && !detail.data) return null;
  return <PlanForm plan={plan ? (detail.data ?? null) : null} onClose={onClose} />;
}
