import type { ReviewTaskRowDto } from '@aps/shared';
import { Alert, Card, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useServerTable } from '../../../../shared/list/index.ts';
import { StageTag } from '../../package/components/PackageTags.tsx';
import { reviewTaskApi, reviewTaskKeys } from '../api.ts';
import { TaskDrawer } from '../components/TaskDrawer.tsx';
import { identityColumn, openTaskColumn } from '../components/taskColumns.tsx';

/** Only the tasks whose committee is choosing its leader (the member moves with the committee). */
const ELECTING = { state: 'electing' };

/** 组长推选 (issue 15 §4): my tasks in the leader vote, each opening the task drawer on its 组长推选 tab. */
export default function TeamLeaderPage() {
  const [openId, setOpenId] = useState<string | null>(null);
  const table = useServerTable<ReviewTaskRowDto>({
    queryKey: [...reviewTaskKeys.all, 'electing'],
    url: reviewTaskApi.listUrl,
    defaultSort: null,
    fixedFilters: ELECTING,
    scrollX: 900,
  });
  const { rowSelection: _, ...tableProps } = table.tableProps;
  const columns: TableColumnsType<ReviewTaskRowDto> = [
    { title: '采购编号', dataIndex: 'purchaseCode', width: 160 },
    { title: '标包名称', dataIndex: 'packageName', width: 220, ellipsis: true },
    { title: '采购阶段', dataIndex: 'purchaseStage', width: 140, render: (s: number) => <StageTag stage={s} /> },
    identityColumn,
    openTaskColumn('推选组长', setOpenId),
  ];
  return (
    <Card variant="borderless" className="aps-list-page">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message="评审委员会成员全部签到后推选评审组长：每人每轮一票，可投本人；采购人代表不能担任组长；平票时在得票最多的成员中重新投票。"
      />
      <Table<ReviewTaskRowDto> {...tableProps} columns={columns} />
      <TaskDrawer taskId={openId} onClose={() => setOpenId(null)} initialTab="vote" />
    </Card>
  );
}
