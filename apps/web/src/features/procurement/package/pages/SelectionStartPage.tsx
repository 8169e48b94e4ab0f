import { Tabs } from 'antd';
import { withActions } from '../api.ts';
import { PackageActions } from '../components/PackageActions.tsx';
import { PackageListView } from '../components/PackageListView.tsx';

const TIME_COLUMNS = [
  { title: '报名截止', dataIndex: 'signUpEndTime', width: 170 },
  { title: '投标截止', dataIndex: 'bidDeadline', width: 170 },
  { title: '开标时间', dataIndex: 'openingStartTime', width: 170 },
];

/**
 * 选商启动: packages from 公告中 to 已开标 (sign-ups, sealed bids, 开标 and the opening record in the drawer), and
 * the 流标 packages with their follow-ups (重新采购, 变更方式, 终止).
 */
export default function SelectionStartPage() {
  return (
    <Tabs
      className="aps-list-tabs"
      items={[
        {
          key: 'running',
          label: '选商中',
          children: (
            <PackageListView
              name="selectionStart"
              stages={[2, 3, 4, 5]}
              layout={4}
              columns={TIME_COLUMNS}
              rowActions={(row) => <PackageActions pkg={withActions(row)} inline />}
            />
          ),
        },
        {
          key: 'failed',
          label: '流标',
          children: (
            <PackageListView
              name="selectionFailed"
              stages={[9]}
              fixedFilters={{ electionStatus: '0' }}
              layout={4}
              columns={TIME_COLUMNS}
              rowActions={(row) => <PackageActions pkg={withActions(row)} inline />}
            />
          ),
        },
      ]}
    />
  );
}
