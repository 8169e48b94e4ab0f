import type { BuyerDashboardOpening } from '@aps/shared/constants';
import { Table, type TableColumnsType } from 'antd';
import { ElectionTag, StageTag } from '../../package/components/PackageTags.tsx';

const columns: TableColumnsType<BuyerDashboardOpening> = [
  { title: '标包名称', dataIndex: 'packageName', ellipsis: true },
  { title: '项目', dataIndex: 'purchaseName', ellipsis: true },
  // YYYY-MM-DD HH:mm: the server sends seconds, an opening is set to the minute.
  { title: '开标时间', dataIndex: 'openingTime', width: 140, render: (v: string) => v.slice(0, 16) },
  {
    title: '阶段',
    dataIndex: 'stage',
    width: 110,
    render: (_, row) => (
      <>
        <StageTag stage={row.stage} />
        {row.electionStatus === '0' ? <ElectionTag value="0" /> : null}
      </>
    ),
  },
];

/** 本周开标: the packages opening this ISO week in the user's scope, by time (at most 20). */
export function WeekOpeningsTable({ rows }: { rows: readonly BuyerDashboardOpening[] }) {
  return (
    <Table<BuyerDashboardOpening>
      aria-label="本周开标"
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={rows as BuyerDashboardOpening[]}
      pagination={false}
      locale={{ emptyText: '暂无数据' }}
    />
  );
}
