import { PERMISSIONS } from '@aps/shared';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useCan } from '../../../../shared/auth/Can.tsx';
import { warnFailure } from '../../../../shared/list/index.ts';
import { AwardLetterModal } from '../../bid/components/AwardLetterModal.tsx';
import { type PackageDetail, packageApi } from '../api.ts';
import { NoticeEditorModal } from '../components/NoticeEditorModal.tsx';
import { PackageListView } from '../components/PackageListView.tsx';

/**
 * 采购结果: packages in 结果公示中 and 已定标 (publicity end, award time, the ranked candidates) with the 结果公示
 * notice and the winner's 中标通知书 (every letter of the package in the drawer's 通知书 tab).
 */
export default function ResultListPage() {
  const { message } = App.useApp();
  const canNotice = useCan(PERMISSIONS.purchaseNotice.edit);
  const [noticeFor, setNoticeFor] = useState<PackageDetail | null>(null);
  const [letterId, setLetterId] = useState<string | null>(null);
  return (
    <>
      <PackageListView
        name="result"
        stages={[11, 12]}
        layout={4}
        columns={[
          { title: '公示天数', dataIndex: 'publicityDays', width: 90 },
          { title: '公示截止', dataIndex: 'publicityEndTime', width: 170 },
          { title: '定标时间', dataIndex: 'awardTime', width: 170 },
          { title: '推荐候选人', key: 'candidates', width: 110, render: (_, r) => `${r.rankedCandidates.length}家` },
          {
            title: '中标通知书',
            key: 'letter',
            width: 230,
            render: (_, r) =>
              r.letterId ? (
                <Button type="link" size="small" onClick={() => setLetterId(r.letterId ?? null)}>
                  {r.letterNo}
                </Button>
              ) : (
                '—'
              ),
          },
        ]}
        rowActions={(row) =>
          canNotice ? (
            <Button
              type="link"
              size="small"
              onClick={async () => {
                try {
                  setNoticeFor(await packageApi.queryById(row.id));
                } catch (err) {
                  warnFailure(message, err, '加载失败');
                }
              }}
            >
              结果公示
            </Button>
          ) : null
        }
      />
      <NoticeEditorModal pkg={noticeFor} noticeType="result" onClose={() => setNoticeFor(null)} />
      <AwardLetterModal letterId={letterId} reader="staff" onClose={() => setLetterId(null)} />
    </>
  );
}
