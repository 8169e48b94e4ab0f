import { withActions } from '../api.ts';
import { PackageActions } from '../components/PackageActions.tsx';
import { PackageListView } from '../components/PackageListView.tsx';
import { ApprovalTag } from '../components/PackageTags.tsx';

/** 结束审核: reviewed packages (评审结束) submitted to the end_audit workflow; the status follows the workflow. */
export default function EndAuditListPage() {
  return (
    <PackageListView
      name="endAudit"
      stages={[9, 10, 11]}
      fixedFilters={{ electionStatus: '1' }}
      layout={4}
      columns={[
        {
          title: '审批状态',
          dataIndex: 'approvalStatus',
          width: 110,
          render: (v: string) => <ApprovalTag value={v} />,
        },
        { title: '评审结束时间', dataIndex: 'reviewStopTime', width: 170 },
      ]}
      rowActions={(row) => <PackageActions pkg={withActions(row)} only={['submitEndAudit']} inline />}
    />
  );
}
