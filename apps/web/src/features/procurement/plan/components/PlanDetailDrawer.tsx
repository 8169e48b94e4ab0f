import { type PlanDto, PURCHASE_CATEGORIES, PURCHASE_METHODS } from '@aps/shared';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Skeleton, Table, Tag, Typography } from 'antd';
import { Money } from '../../../../shared/controls/index.ts';
import { PlanStateTag } from '../../package/components/PackageTags.tsx';
import { planApi, procurementKeys } from '../api.ts';
import { PlanChangeHistory, PlanProjects } from './PlanHistory.tsx';

/** A plan with its item lines and the line total, its change history and the projects and packages it became. */
export function PlanDetailDrawer({ plan, onClose }: { plan: PlanDto | null; onClose: () => void }) {
  const detail = useQuery({
    queryKey: [...procurementKeys.plans, 'detail', plan?.id],
    queryFn: ({ signal }) => planApi.queryById(plan?.id ?? '', signal),
    enabled: !!plan,
  });
  const p = detail.data;
  const total = (p?.items ?? []).reduce((s, i) => s + Number(i.amount), 0);
  return (
    <Drawer open={!!plan} onClose={onClose} size={900} title="采购计划详情" destroyOnHidden>
      {!p ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions
            bordered
            size="small"
            column={2}
            items={[
              { key: 'code', label: '计划编号', children: p.planCode },
              { key: 'name', label: '计划名称', children: p.planName },
              { key: 'category', label: '采购类别', children: PURCHASE_CATEGORIES[p.category] },
              { key: 'method', label: '采购方式', children: PURCHASE_METHODS[p.purchaseMethod] },
              { key: 'budget', label: '预算金额（元）', children: <Money value={p.budget} /> },
              { key: 'time', label: '计划时间', children: p.plannedTime ?? '—' },
              {
                key: 'state',
                label: '状态',
                children: (
                  <>
                    <PlanStateTag state={p.state} />
                    {p.changing && <Tag color="orange">变更中</Tag>}
                  </>
                ),
              },
              { key: 'by', label: '创建人', children: `${p.createBy ?? '—'} ${p.createTime}` },
              { key: 'memo', label: '备注', children: p.memo ?? '—', span: 2 },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            采购明细
          </Typography.Title>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={p.items ?? []}
            columns={[
              { title: '序号', dataIndex: 'lineNo', width: 70 },
              { title: '物资名称', dataIndex: 'name' },
              { title: '规格型号', dataIndex: 'specification' },
              { title: '单位', dataIndex: 'unit', width: 80 },
              { title: '数量', dataIndex: 'quantity', width: 100, render: (v: string) => Number(v) },
              { title: '预估单价', dataIndex: 'unitPrice', width: 130, render: (v: string) => <Money value={v} /> },
              { title: '金额', dataIndex: 'amount', width: 140, render: (v: string) => <Money value={v} /> },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={6}>
                  合计
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1}>
                  <Money value={total} />
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            变更记录
          </Typography.Title>
          <PlanChangeHistory changes={p.changes ?? []} />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            采购项目与标包
          </Typography.Title>
          <PlanProjects planId={p.id} />
        </>
      )}
    </Drawer>
  );
}
