import { PERMISSIONS } from '@aps/shared';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useCan } from '../../../../shared/auth/Can.tsx';
import { warnFailure } from '../../../../shared/list/index.ts';
import { type PackageDetail, packageApi } from '../api.ts';
import { NoticeEditorModal } from '../components/NoticeEditorModal.tsx';
import { PackageListView } from '../components/PackageListView.tsx';
import { SelectionFormDrawer } from '../components/SelectionFormDrawer.tsx';

/**
 * 选商准备: the buyer's packages waiting for publication (stage 1, and 公告中 read-only). Per package the selection
 * settings (locked from stage 2) and the 采购公告 (write, save, publish: 待发布 → 公告中).
 */
export default function SelectionPreparePage() {
  const { message } = App.useApp();
  const canEdit = useCan(PERMISSIONS.purchaseSelection.edit);
  const canNotice = useCan(PERMISSIONS.purchaseNotice.edit);
  const [preparing, setPreparing] = useState<PackageDetail | null>(null);
  const [noticeFor, setNoticeFor] = useState<PackageDetail | null>(null);
  // The forms need the package's detail (review items): load it on click.
  const load = async (id: string, then: (p: PackageDetail) => void) => {
    try {
      then(await packageApi.queryById(id));
    } catch (err) {
      warnFailure(message, err, '加载失败');
    }
  };
  return (
    <>
      <PackageListView
        name="selectionPrepare"
        stages={[1, 2]}
        layout={1}
        columns={[
          {
            title: '选商准备',
            key: 'ready',
            width: 110,
            render: (_, r) => (r.signUpStartTime ? '已准备' : '未准备'),
          },
        ]}
        rowActions={(row) => (
          <>
            {canEdit && row.purchaseStage === 1 && row.status === 'active' && (
              <Button type="link" size="small" onClick={() => load(row.id, setPreparing)}>
                选商设置
              </Button>
            )}
            {canNotice && (
              <Button type="link" size="small" onClick={() => load(row.id, setNoticeFor)}>
                {row.purchaseStage === 1 ? '采购公告' : '查看公告'}
              </Button>
            )}
          </>
        )}
      />
      <SelectionFormDrawer pkg={preparing} onClose={() => setPreparing(null)} />
      <NoticeEditorModal pkg={noticeFor} onClose={() => setNoticeFor(null)} />
    </>
  );
}
