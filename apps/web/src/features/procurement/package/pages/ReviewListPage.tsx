import { type PackageDto, PERMISSIONS } from '@aps/shared';
import { App, Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { useCan } from '../../../../shared/auth/Can.tsx';
import { warnFailure } from '../../../../shared/list/index.ts';
import { reviewSignApi } from '../../review/api-sign.ts';
import { packageApi, usePackageMutation } from '../api.ts';
import { DrawModal } from '../components/DrawModal.tsx';
import { PackageListView } from '../components/PackageListView.tsx';
import { ReviewTimer } from '../components/PurchaseInfoCard.tsx';
import { ReviewCompleteModal } from '../components/ReviewCompleteModal.tsx';

/**
 * 评审管理: packages from 已开标 to 评审结束 with the review timer (天/时/分/秒). The review seam: 开始评审 (5→6) and
 * 完成评审 (→9 with valid bidders, candidates, 流标); 专家抽取 draws and shows the committee (issue 15 §2); 评审报告
 * downloads the committee's report PDF once the review ended (issue 15 §9).
 */
export default function ReviewListPage() {
  const { message } = App.useApp();
  const canReview = useCan(PERMISSIONS.purchaseReview.edit);
  const start = usePackageMutation(packageApi.reviewStart);
  const canSeeDraw = useCan(PERMISSIONS.reviewDraw.list);
  const canMonitor = useCan(PERMISSIONS.reviewMonitor.view);
  const downloadReport = (row: PackageDto) =>
    reviewSignApi
      .downloadReport(row.id, `评审报告-${row.purchaseCode}-${row.packageNo}.pdf`)
      .catch((err) => warnFailure(message, err, '下载评审报告失败'));
  const [completing, setCompleting] = useState<PackageDto | null>(null);
  const [drawing, setDrawing] = useState<PackageDto | null>(null);
  return (
    <>
      <PackageListView
        name="review"
        stages={[5, 6, 7, 8, 9]}
        layout={1}
        columns={[
          { title: '开标时间', dataIndex: 'openingStartTime', width: 170 },
          { title: '评审用时', key: 'timer', width: 150, render: (_, r) => <ReviewTimer pkg={r} /> },
        ]}
        rowActions={(row) => (
          <>
            {canSeeDraw && (
              <Button type="link" size="small" onClick={() => setDrawing(row)}>
                专家抽取
              </Button>
            )}
            {(canSeeDraw || canMonitor) && row.purchaseStage >= 9 && row.reviewStopTime && (
              <Button type="link" size="small" onClick={() => downloadReport(row)}>
                评审报告
              </Button>
            )}
            {canReview && row.status === 'active' && (
              <>
                {row.purchaseStage === 5 && (
                  <Popconfirm
                    title="确定开始评审吗?"
                    onConfirm={async () => {
                      try {
                        await start.mutateAsync(row.id);
                        message.success('操作成功!');
                      } catch (err) {
                        warnFailure(message, err, '操作失败');
                      }
                    }}
                  >
                    <Button type="link" size="small">
                      开始评审
                    </Button>
                  </Popconfirm>
                )}
                {row.purchaseStage >= 6 && row.purchaseStage <= 8 && (
                  <Button type="link" size="small" onClick={() => setCompleting(row)}>
                    完成评审
                  </Button>
                )}
              </>
            )}
          </>
        )}
      />
      <ReviewCompleteModal pkg={completing} onClose={() => setCompleting(null)} />
      <DrawModal pkg={drawing} onClose={() => setDrawing(null)} />
    </>
  );
}
