import {
  PERMISSIONS,
  PLAN_EDITABLE_STATES,
  PLAN_STATE_CODES,
  PLAN_STATES,
  PLAN_VOIDABLE_STATES,
  type PlanAddRequest,
  type PlanDto,
  PURCHASE_CATEGORIES,
  PURCHASE_CATEGORY_CODES,
  PURCHASE_METHODS,
} from '@aps/shared';
import { App, Button, Card, Form, Input, Popconfirm, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useCan } from '../../../../shared/auth/Can.tsx';
import { Money } from '../../../../shared/controls/index.ts';
import {
  CrudToolbar,
  RowActions,
  SearchBar,
  useCrudList,
  useCrudMutation,
  warnFailure,
} from '../../../../shared/list/index.ts';
import { PlanStateTag } from '../../package/components/PackageTags.tsx';
import { planApi } from '../api.ts';
import { PlanChangeModal } from '../components/PlanChangeModal.tsx';
import { PlanDetailDrawer } from '../components/PlanDetailDrawer.tsx';
import { PlanFormModal } from '../components/PlanFormModal.tsx';
import { ProjectFromPlanModal } from '../components/ProjectFromPlanModal.tsx';

interface PlanFilters {
  planCode?: string;
  planName?: string;
  category?: string;
  state?: string;
}

/**
 * 采购计划: the buyer's plans (code, name, category, state filters; export), the form with the item grid, the
 * detail, 提交审批 (the purchase_plan workflow), 作废, and 立项 of an approved plan.
 */
export default function PlanListPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<PlanFilters>();
  const list = useCrudList<PlanDto, PlanAddRequest>(planApi, { scrollX: 1500 });
  const [viewing, setViewing] = useState<PlanDto | null>(null);
  const [projecting, setProjecting] = useState<PlanDto | null>(null);
  const [changing, setChanging] = useState<PlanDto | null>(null);
  const canSubmit = useCan(PERMISSIONS.purchasePlan.submit);
  const canProject = useCan(PERMISSIONS.purchaseProject.edit);
  const submit = useCrudMutation(planApi, planApi.submit);
  const voidPlan = useCrudMutation(planApi, planApi.voidPlan);

  const run = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      message.success(done);
    } catch (err) {
      warnFailure(message, err, '操作失败');
    }
  };

  const columns: TableColumnsType<PlanDto> = [
    { title: '计划编号', dataIndex: 'planCode', width: 180, ...list.sortable('planCode') },
    { title: '计划名称', dataIndex: 'planName', width: 240, ellipsis: true },
    {
      title: '状态',
      dataIndex: 'state',
      width: 160,
      render: (s: PlanDto['state'], row) => (
        <Space size={4}>
          <PlanStateTag state={s} />
          {row.changing && <Tag color="orange">变更中</Tag>}
        </Space>
      ),
    },
    { title: '采购类别', dataIndex: 'category', width: 100, render: (c: '1') => PURCHASE_CATEGORIES[c] },
    { title: '采购方式', dataIndex: 'purchaseMethod', width: 110, render: (m: 'inquiry') => PURCHASE_METHODS[m] },
    {
      title: '预算金额（元）',
      dataIndex: 'budget',
      width: 150,
      align: 'right',
      ...list.sortable('budget'),
      render: (v: string) => <Money value={v} />,
    },
    { title: '计划时间', dataIndex: 'plannedTime', width: 170, ...list.sortable('plannedTime') },
    { title: '创建人', dataIndex: 'createBy', width: 100 },
    { title: '创建时间', dataIndex: 'createTime', width: 170, ...list.sortable('createTime') },
    {
      title: '操作',
      key: 'action',
      width: 360,
      fixed: 'right',
      render: (_, row) => {
        const editable = PLAN_EDITABLE_STATES.includes(row.state);
        return (
          <RowActions
            onEdit={editable ? () => list.editor.show(row) : undefined}
            editCode={list.codes.edit}
            extra={
              <>
                <Button type="link" size="small" onClick={() => setViewing(row)}>
                  详情
                </Button>
                {editable && canSubmit && (
                  <Popconfirm
                    title="确定提交审批吗?"
                    onConfirm={() => run(() => submit.mutateAsync(row.id), '已提交审批')}
                  >
                    <Button type="link" size="small">
                      提交审批
                    </Button>
                  </Popconfirm>
                )}
                {(row.state === 'approved' || row.state === 'executing') && canSubmit && !row.changing && (
                  <Button type="link" size="small" onClick={() => setChanging(row)}>
                    计划变更
                  </Button>
                )}
                {row.state === 'approved' && canProject && (
                  <Button type="link" size="small" onClick={() => setProjecting(row)}>
                    立项
                  </Button>
                )}
              </>
            }
            more={[
              ...(PLAN_VOIDABLE_STATES.includes(row.state)
                ? [
                    {
                      key: 'void',
                      label: '作废',
                      code: list.codes.edit,
                      danger: true,
                      confirm: '确定作废该采购计划吗?',
                      onClick: () => run(() => voidPlan.mutateAsync(row.id), '已作废'),
                    },
                  ]
                : []),
              ...(row.state === 'draft' ? [list.deleteAction(row)] : []),
            ]}
          />
        );
      },
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar<PlanFilters>
        name="planSearch"
        form={form}
        onSearch={list.search}
        onReset={list.reset}
        visibleCount={4}
      >
        <Form.Item label="计划编号" name="planCode">
          <Input placeholder="请输入计划编号" allowClear />
        </Form.Item>
        <Form.Item label="计划名称" name="planName">
          <Input placeholder="请输入计划名称" allowClear />
        </Form.Item>
        <Form.Item label="采购类别" name="category">
          <Select
            allowClear
            placeholder="请选择"
            options={PURCHASE_CATEGORY_CODES.map((c) => ({ value: c, label: PURCHASE_CATEGORIES[c] }))}
          />
        </Form.Item>
        <Form.Item label="状态" name="state">
          <Select
            allowClear
            placeholder="请选择"
            options={PLAN_STATE_CODES.map((s) => ({ value: s, label: PLAN_STATES[s] }))}
          />
        </Form.Item>
      </SearchBar>
      <CrudToolbar list={list} exportName="采购计划.xlsx" batchDelete={false} />
      <Table<PlanDto> {...list.table.tableProps} columns={columns} />
      <PlanFormModal open={list.editor.open} plan={list.editor.record} onClose={list.editor.hide} />
      <PlanDetailDrawer plan={viewing} onClose={() => setViewing(null)} />
      <ProjectFromPlanModal plan={projecting} onClose={() => setProjecting(null)} />
      <PlanChangeModal plan={changing} onClose={() => setChanging(null)} />
    </Card>
  );
}
