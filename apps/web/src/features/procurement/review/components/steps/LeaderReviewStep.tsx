import { type LeaderReviewDto, REVIEW_LIMITS, type ReviewTaskDetailDto, type ScoreSubclassDto } from '@aps/shared';
import { Alert, App, Button, Checkbox, Empty, Input, Modal, Space, Spin, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { rowSpans, warnFailure } from '../../../../../shared/list/index.ts';
import { useLeaderReview, useReturnItems, useSubclass } from '../../api-score.ts';

type Row = LeaderReviewDto['rows'][number];
type SubRow = ScoreSubclassDto['rows'][number];

/** getSubclass: one scoring item, every member's score and comment per bidder. */
function SubclassModal({
  packageId,
  itemId,
  onClose,
}: {
  packageId: string;
  itemId: string | null;
  onClose: () => void;
}) {
  const { data, isLoading } = useSubclass(packageId, itemId);
  const rows = data?.rows ?? [];
  const spans = rowSpans(rows, (r) => r.bidId);
  return (
    <Modal
      title={data ? `评分明细：${data.name}（满分 ${data.maxScore}）` : '评分明细'}
      open={!!itemId}
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
    >
      {isLoading ? (
        <Spin />
      ) : (
        <Table<SubRow>
          size="small"
          pagination={false}
          rowKey={(r) => `${r.bidId}|${r.memberId}`}
          dataSource={rows}
          columns={[
            { title: '投标人', dataIndex: 'supplierName', onCell: (_, i) => ({ rowSpan: spans[i ?? 0] }) },
            { title: '评审专家', dataIndex: 'realname' },
            { title: '评分', dataIndex: 'score', render: (v) => v ?? '未提交' },
            { title: '评分说明', dataIndex: 'comment' },
          ]}
        />
      )}
    </Modal>
  );
}

/** 退回重评: choose the members whose score of this bidder's item goes back, with the note they will read. */
function ReturnModal({ packageId, row, onClose }: { packageId: string; row: Row | null; onClose: () => void }) {
  const { message } = App.useApp();
  const back = useReturnItems();
  const [members, setMembers] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const submitted = (row?.scores ?? []).filter((s) => s.state === 'submitted');
  const submit = async () => {
    if (!row) return;
    if (!members.length) {
      message.warning('请选择要退回的评审专家');
      return;
    }
    if (!note.trim()) {
      message.warning('退回重评须填写说明');
      return;
    }
    try {
      await back.mutateAsync({
        packageId,
        returns: members.map((memberId) => ({ memberId, bidId: row.bidId, itemId: row.itemId, note })),
      });
      message.success('已退回重评');
      setMembers([]);
      setNote('');
      onClose();
    } catch (e) {
      warnFailure(message, e, '退回失败');
    }
  };
  return (
    <Modal
      title={row ? `退回重评：${row.supplierName} / ${row.itemName}` : '退回重评'}
      open={!!row}
      onCancel={onClose}
      onOk={submit}
      okText="退回"
      confirmLoading={back.isPending}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <span>退回的评审专家</span>
        <Checkbox.Group
          value={members}
          onChange={(v) => setMembers(v as string[])}
          options={submitted.map((s) => ({ value: s.memberId, label: `${s.realname}（${s.score}）` }))}
        />
        <Input.TextArea
          aria-label="退回说明"
          placeholder="请填写退回说明"
          rows={3}
          maxLength={REVIEW_LIMITS.note}
          showCount
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </Space>
    </Modal>
  );
}

/** 组长汇总: every member's score per bidder and item, the mean and the spread (flagged), drill-down and returns. */
export function LeaderReviewStep({ detail }: { detail: ReviewTaskDetailDto }) {
  const packageId = detail.card.packageId;
  const { data, isLoading } = useLeaderReview(packageId);
  const [drill, setDrill] = useState<string | null>(null);
  const [returning, setReturning] = useState<Row | null>(null);
  if (isLoading) return <Spin />;
  const rows = data?.rows ?? [];
  if (!rows.length) return <Empty description="暂无评分" />;
  const members = rows[0]?.scores ?? [];
  const spans = rowSpans(rows, (r) => r.bidId);
  const canReturn = detail.committee.state === 'summarizing';
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        message="各成员已提交的评分、平均分（5人及以上去掉一个最高分和一个最低分）与分差；分差超过该项满分20%的标记为分差过大，可查看明细后退回重评。"
      />
      <Table<Row>
        size="small"
        bordered
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowKey={(r) => `${r.bidId}|${r.itemId}`}
        dataSource={rows}
        columns={[
          { title: '投标人', dataIndex: 'supplierName', fixed: 'left', onCell: (_, i) => ({ rowSpan: spans[i ?? 0] }) },
          { title: '评分项', dataIndex: 'itemName' },
          { title: '满分', dataIndex: 'maxScore' },
          ...members.map((m, k) => ({
            title: m.realname,
            key: m.memberId,
            render: (_: unknown, r: Row) => {
              const s = r.scores[k];
              if (!s || s.score === null) return <span className="aps-muted">未提交</span>;
              return s.state === 'returned' ? <Tag color="orange">{s.score} 退回重评</Tag> : s.score;
            },
          })),
          { title: '平均分', dataIndex: 'mean', render: (v: string | null) => v ?? '—' },
          {
            title: '分差',
            dataIndex: 'spread',
            render: (v: string | null, r: Row) =>
              r.alert ? (
                <Tooltip title="分差超过该项满分的20%">
                  <Tag color="red">{v} 分差过大</Tag>
                </Tooltip>
              ) : (
                (v ?? '—')
              ),
          },
          {
            title: '操作',
            key: 'actions',
            fixed: 'right',
            render: (_: unknown, r: Row) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setDrill(r.itemId)}>
                  明细
                </Button>
                {canReturn && r.scores.some((s) => s.state === 'submitted') && (
                  <Button type="link" size="small" danger onClick={() => setReturning(r)}>
                    退回重评
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <SubclassModal packageId={packageId} itemId={drill} onClose={() => setDrill(null)} />
      <ReturnModal packageId={packageId} row={returning} onClose={() => setReturning(null)} />
    </Space>
  );
}
