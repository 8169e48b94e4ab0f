import { PLAN_CHANGE_STATES, type PlanChangeDto, type ProjectListItem } from '@aps/shared';
import { useQuery } from '@tanstack/react-query';
import { Empty, Space, Table, Tag, Typography } from 'antd';
import { Money } from '../../../../shared/controls/index.ts';
import { PackageStatusTag, StageTag } from '../../package/components/PackageTags.tsx';
import { planApi, procurementKeys } from '../api.ts';

const CHANGE_COLORS: Record<PlanChangeDto['state'], string> = {
  pending: 'orange',
  approved: 'green',
  rejected: 'red',
};

/** 变更记录: each plan change with 原预算 → 新预算, the line counts, the reason and its outcome. */
export function PlanChangeHistory({ changes }: { changes: PlanChangeDto[] }) {
  return (
    <Table<PlanChangeDto>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={changes}
      locale={{ emptyText: '无变更记录' }}
      columns={[
        {
          title: '提交',
          key: 'created',
          width: 170,
          render: (_, c) => (
            <>
              {c.createBy}
              <br />
              {c.createTime}
            </>
          ),
        },
        {
          title: '预算（元）',
          key: 'budget',
          width: 210,
          render: (_, c) => (
            <Space size={4}>
              <Money value={c.oldBudget} />→<Money value={c.newBudget} />
            </Space>
          ),
        },
        { title: '明细行数', key: 'lines', width: 80, render: (_, c) => `${c.oldLines.length} → ${c.newLines.length}` },
        { title: '变更原因', dataIndex: 'reason' },
        {
          title: '状态',
          dataIndex: 'state',
          width: 80,
          render: (s: PlanChangeDto['state']) => <Tag color={CHANGE_COLORS[s]}>{PLAN_CHANGE_STATES[s]}</Tag>,
        },
        { title: '审批完成', dataIndex: 'decideTime', width: 110, render: (v: string | null) => v ?? '—' },
      ]}
    />
  );
}

function ProjectPackages({ project }: { project: ProjectListItem }) {
  const detail = useQuery({
    queryKey: [...procurementKeys.projects(project.planId), project.id],
    queryFn: ({ signal }) => planApi.project(project.id, signal),
  });
  return (
    <Table
      size="small"
      rowKey="id"
      pagination={false}
      loading={detail.isLoading}
      dataSource={detail.data?.packages ?? []}
      columns={[
        { title: '标包编号', dataIndex: 'packageNo', width: 100 },
        { title: '标包名称', dataIndex: 'packageName' },
        { title: '最高限价（元）', dataIndex: 'fixedPrice', width: 150, render: (v: string) => <Money value={v} /> },
        {
          title: '阶段',
          key: 'stage',
          width: 200,
          render: (_, p) => (
            <Space size={4}>
              <StageTag stage={p.purchaseStage} />
              <PackageStatusTag value={p.status} />
            </Space>
          ),
        },
      ]}
    />
  );
}

/** 采购项目: what the plan became — its projects (package count and amount) and their packages by stage. */
export function PlanProjects({ planId }: { planId: string }) {
  const projects = useQuery({
    queryKey: procurementKeys.projects(planId),
    queryFn: ({ signal }) => planApi.projects(planId, signal),
  });
  const rows = projects.data?.records ?? [];
  if (!projects.isLoading && rows.length === 0) return <Empty description="尚未立项" />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {rows.map((p) => (
        <div key={p.id}>
          <Typography.Text strong>
            {p.purchaseCode} {p.purchaseName}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
            标包 {p.packageCount} 个，标包金额合计 <Money value={p.packageAmount} /> 元
          </Typography.Text>
          <ProjectPackages project={p} />
        </div>
      ))}
    </Space>
  );
}
