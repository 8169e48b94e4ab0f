import { REVIEW_IDENTITIES, type ReviewTaskRowDto } from '@aps/shared';
import { Button, type TableColumnsType } from 'antd';

type Column = TableColumnsType<ReviewTaskRowDto>[number];

/** 我的身份 of a task row (评审任务, 组长推选). */
export const identityColumn: Column = {
  title: '我的身份',
  dataIndex: 'identity',
  width: 100,
  render: (i: ReviewTaskRowDto['identity']) => REVIEW_IDENTITIES[i],
};

/** The row's one action: opens the task drawer (进入评审, 推选组长). */
export const openTaskColumn = (label: string, open: (taskId: string) => void): Column => ({
  title: '操作',
  key: 'action',
  width: 110,
  fixed: 'right',
  render: (_, r) => (
    <Button type="link" size="small" onClick={() => open(r.id)}>
      {label}
    </Button>
  ),
});
