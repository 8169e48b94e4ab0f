import {
  type CommitteeState,
  REVIEW_LIMITS,
  type ReviewTaskDetailDto,
  SCORE_ENVELOPES,
  SCORE_STATES,
  type ScoreState,
  type ScoringSheetDto,
} from '@aps/shared';
import { Alert, App, Button, Card, Empty, Input, InputNumber, Popconfirm, Space, Spin, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { warnFailure } from '../../../../../shared/list/index.ts';
import { useSaveScores, useScoringSheets, useStartScoring } from '../../api-score.ts';

/** Committee states in which the members' sheets exist. */
export const SCORED_STATES: readonly CommitteeState[] = ['scoring', 'summarizing', 'signing', 'ended'];
const STATE_COLORS: Record<ScoreState, string> = { draft: 'default', submitted: 'green', returned: 'orange' };

type Item = ScoringSheetDto['items'][number];
type Entry = { score: number | null; comment: string };
const entriesOf = (sheet: ScoringSheetDto): Record<string, Entry> =>
  Object.fromEntries(
    sheet.items.map((i) => [i.itemId, { score: i.score === null ? null : Number(i.score), comment: i.comment ?? '' }]),
  );

/** One bidder's sheet: items, maximum, score 0..max (3 decimals), comment; 保存草稿 / 提交; read-only once submitted. */
function Sheet({ packageId, sheet }: { packageId: string; sheet: ScoringSheetDto }) {
  const { message } = App.useApp();
  const save = useSaveScores();
  const [values, setValues] = useState<Record<string, Entry>>(() => entriesOf(sheet));
  useEffect(() => setValues(entriesOf(sheet)), [sheet]);
  const open = sheet.items.filter((i) => i.editable);
  const returned = sheet.items.filter((i) => i.state === 'returned');
  const set = (itemId: string, patch: Partial<Entry>) =>
    setValues((all) => ({ ...all, [itemId]: { ...(all[itemId] ?? { score: null, comment: '' }), ...patch } }));
  const send = async (submit: boolean) => {
    try {
      await save.mutateAsync({
        envelope: sheet.envelope,
        packageId,
        bidId: sheet.bidId,
        submit,
        // A submit leaves unscored items out, so the server names the first missing one in its refusal.
        scores: open
          .map((i) => ({
            itemId: i.itemId,
            score: values[i.itemId]?.score ?? null,
            comment: values[i.itemId]?.comment ?? '',
          }))
          .filter((s) => !submit || s.score !== null),
      });
      message.success(submit ? '评分已提交' : '草稿已保存');
    } catch (e) {
      warnFailure(message, e, submit ? '提交失败' : '保存失败');
    }
  };
  return (
    <Card
      size="small"
      title={`${sheet.supplierName}（${SCORE_ENVELOPES[sheet.envelope]}）`}
      data-testid={`sheet-${sheet.supplierName}`}
      extra={
        open.length > 0 ? (
          <Space>
            <Button onClick={() => send(false)} loading={save.isPending}>
              保存草稿
            </Button>
            <Popconfirm title="提交后评分表不能修改，确定提交？" onConfirm={() => send(true)}>
              <Button type="primary" loading={save.isPending}>
                提交
              </Button>
            </Popconfirm>
          </Space>
        ) : (
          <Tag color="green">已提交</Tag>
        )
      }
    >
      {returned.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          message="评审组长退回以下评分项，请重新评分后提交"
          description={returned.map((i) => `${i.name}：${i.returnNote ?? ''}`).join('；')}
        />
      )}
      <Table<Item>
        size="small"
        rowKey="itemId"
        pagination={false}
        dataSource={sheet.items}
        columns={[
          { title: '评分项', dataIndex: 'name', render: (v, i) => (i.guidance ? `${v}（${i.guidance}）` : v) },
          { title: '满分', dataIndex: 'maxScore', width: 80 },
          {
            title: '评分',
            width: 150,
            render: (_, i) =>
              i.editable ? (
                <InputNumber
                  aria-label={`${sheet.supplierName}-${i.name}-评分`}
                  min={0}
                  max={Number(i.maxScore)}
                  precision={3}
                  step={0.5}
                  value={values[i.itemId]?.score ?? null}
                  onChange={(v) => set(i.itemId, { score: v === null ? null : Number(v) })}
                />
              ) : (
                (i.score ?? '—')
              ),
          },
          {
            title: '评分说明',
            render: (_, i) =>
              i.editable ? (
                <Input
                  aria-label={`${sheet.supplierName}-${i.name}-说明`}
                  maxLength={REVIEW_LIMITS.note}
                  value={values[i.itemId]?.comment ?? ''}
                  onChange={(e) => set(i.itemId, { comment: e.target.value })}
                />
              ) : (
                (i.comment ?? '')
              ),
          },
          {
            title: '状态',
            width: 100,
            render: (_, i) => <Tag color={STATE_COLORS[i.state]}>{SCORE_STATES[i.state]}</Tag>,
          },
        ]}
      />
    </Card>
  );
}

/** 开始评分: the leader moves the package from 资格审查 to 评分 once every verdict is in. */
function StartScoring({ packageId }: { packageId: string }) {
  const { message } = App.useApp();
  const start = useStartScoring();
  const run = async () => {
    try {
      await start.mutateAsync(packageId);
      message.success('已开始评分');
    } catch (e) {
      warnFailure(message, e, '开始评分失败');
    }
  };
  return (
    <Card size="small" title="开始评分">
      <Space direction="vertical">
        <span>资格/符合性审查全部完成后，由评审组长开始评分；开始后各成员填写评分表。</span>
        <Popconfirm title="确定开始评分？" onConfirm={run}>
          <Button type="primary" loading={start.isPending}>
            开始评分
          </Button>
        </Popconfirm>
      </Space>
    </Card>
  );
}

/** The 评分 step: the leader's 开始评分 while qualifying; from scoring on, my sheet per valid bidder. */
export function ScoringStep({ detail }: { detail: ReviewTaskDetailDto }) {
  const packageId = detail.card.packageId;
  const state = detail.committee.state;
  const scored = SCORED_STATES.includes(state);
  const { data, isLoading } = useScoringSheets(packageId, 2, scored);
  if (!scored) return detail.identity.identity === 'leader' ? <StartScoring packageId={packageId} /> : null;
  if (isLoading) return <Spin />;
  if (!data?.length) return <Empty description="暂无需要评分的投标人" />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      {data.map((sheet) => (
        <Sheet key={sheet.bidId} packageId={packageId} sheet={sheet} />
      ))}
    </Space>
  );
}
