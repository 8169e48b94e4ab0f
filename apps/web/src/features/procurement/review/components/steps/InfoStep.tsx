import { type BidFilesDto, type PackageDto, REVIEW_IDENTITIES, type ReviewTaskDetailDto } from '@aps/shared';
import { App, Button, Card, Descriptions, List, Space, Tag } from 'antd';
import { useState } from 'react';
import { warnFailure } from '../../../../../shared/list/index.ts';
import { downloadStoredFile } from '../../../../../shared/upload/api.ts';
import { StageTag } from '../../../package/components/PackageTags.tsx';
import { PurchaseInfoCard } from '../../../package/components/PurchaseInfoCard.tsx';
import { reviewTaskApi } from '../../api.ts';
import { MemberStateTag } from '../MemberStateTag.tsx';

/** The stage from which the bidders' files are open (已开标); the server refuses earlier reads as well. */
const OPENED_STAGE = 5;

/**
 * The card reads only the package fields that the task card carries (layout one: codes, names, quantities, times,
 * rounds, brands, payment and the review timer), so the task card stands in for the package here.
 */
const asPackage = (d: ReviewTaskDetailDto) => ({ ...d.card, id: d.card.packageId }) as unknown as PackageDto;

function BidderFiles({ detail }: { detail: ReviewTaskDetailDto }) {
  const { message } = App.useApp();
  const [files, setFiles] = useState<Record<string, BidFilesDto>>({});
  const opened = detail.card.purchaseStage >= OPENED_STAGE;
  const load = (bidId: string) =>
    reviewTaskApi
      .files(detail.card.packageId, bidId)
      .then((f) => setFiles((all) => ({ ...all, [bidId]: f })))
      .catch((e) => warnFailure(message, e, '读取投标文件失败'));
  return (
    <Card size="small" title="投标人及投标文件">
      <List
        size="small"
        dataSource={detail.bidders}
        locale={{ emptyText: '暂无投标人' }}
        renderItem={(b) => (
          <List.Item
            extra={
              opened && !files[b.bidId] ? (
                <Button size="small" type="link" onClick={() => load(b.bidId)}>
                  查看投标文件
                </Button>
              ) : null
            }
          >
            <Space direction="vertical" size={2}>
              <span>{b.supplierName}</span>
              {files[b.bidId]?.files.map((f) => (
                <Button
                  key={f.fileId}
                  type="link"
                  size="small"
                  style={{ padding: 0 }}
                  onClick={() =>
                    downloadStoredFile(f.filePath, f.fileName).catch((e) => warnFailure(message, e, '下载失败'))
                  }
                >
                  {f.fileName}
                </Button>
              ))}
              {files[b.bidId]?.files.length === 0 && <span className="aps-muted">未上传文件</span>}
            </Space>
          </List.Item>
        )}
      />
      {!opened && <Tag color="orange">开标后可查看投标文件</Tag>}
    </Card>
  );
}

/** The 采购信息 step: the task's purchase information, review timer, my identity, the committee and the bidders. */
export function TaskInfoStep({ detail }: { detail: ReviewTaskDetailDto }) {
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <PurchaseInfoCard pkg={asPackage(detail)} />
      <Card size="small" title="我的评审">
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          items={[
            { key: 'identity', label: '我的身份', children: REVIEW_IDENTITIES[detail.identity.identity] },
            { key: 'state', label: '任务状态', children: <MemberStateTag state={detail.task.state} /> },
            { key: 'stage', label: '采购阶段', children: <StageTag stage={detail.card.purchaseStage} /> },
            {
              key: 'committee',
              label: '评审委员会',
              span: 3,
              children: (
                <Space wrap>
                  {detail.committee.members.map((m) => (
                    <span key={m.id}>
                      {m.realname} <MemberStateTag state={m.state} />
                    </span>
                  ))}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <BidderFiles detail={detail} />
    </Space>
  );
}
