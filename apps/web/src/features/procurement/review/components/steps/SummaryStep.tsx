import { INVALID_REASONS, PRICE_METHODS, type ReviewTaskDetailDto, type ScoreSummaryDto } from '@aps/shared';
import { Alert, App, Button, Card, Popconfirm, Space, Spin, Table, type TableColumnsType, Tag } from 'antd';
import { warnFailure } from '../../../../../shared/list/index.ts';
import { useConfirmResult, useScoreSummary } from '../../api-result.ts';

type Row = ScoreSummaryDto['rows'][number];

/** One bidder's scores: items × experts, the engine's mean last. */
function ExpertScores({ summary, row }: { summary: ScoreSummaryDto; row: Row }) {
  type Line = { itemId: string; name: string; maxScore: string };
  const columns: TableColumnsType<Line> = [
    { title: '评分项', dataIndex: 'name', width: 160, render: (n: string, i) => `${n}（${i.maxScore}）` },
    ...summary.experts.map((e) => ({
      title: e.realname,
      key: e.memberId,
      width: 90,
      render: (_: unknown, i: Line) => row.scores[i.itemId]?.[e.memberId] ?? '—',
    })),
    { title: '均值', key: 'mean', width: 90, render: (_, i) => <b>{row.itemMeans[i.itemId] ?? '—'}</b> },
  ];
  return <Table<Line> size="small" rowKey="itemId" pagination={false} columns={columns} dataSource={summary.items} />;
}

/** The summary table (bidders ranked, item means, price score, total, candidates) and the leader's confirmation. */
export function SummaryStep({ detail }: { detail: ReviewTaskDetailDto }) {
  const { message } = App.useApp();
  const packageId = detail.card.packageId;
  const { data, isLoading, error } = useScoreSummary(packageId);
  const confirm = useConfirmResult();
  if (isLoading) return <Spin />;
  if (error || !data)
    return <Alert type="warning" showIcon message={(error as Error)?.message ?? '评分汇总加载失败'} />;
  const canConfirm = detail.identity.identity === 'leader' && detail.task.committeeState === 'summarizing';
  const columns: TableColumnsType<Row> = [
    { title: '排名', dataIndex: 'rank', width: 64, render: (r: number | null) => r ?? '—' },
    {
      title: '投标人',
      dataIndex: 'supplierName',
      width: 200,
      render: (name: string, r) => (
        <Space size={4} wrap>
          <span>{name}</span>
          {r.candidate && <Tag color="green">中标候选人</Tag>}
          {!r.valid && r.invalidReason && <Tag color="red">{INVALID_REASONS[r.invalidReason]}</Tag>}
        </Space>
      ),
    },
    ...data.items.map((i) => ({
      title: `${i.name}（${i.maxScore}）`,
      key: i.itemId,
      width: 110,
      render: (_: unknown, r: Row) => r.itemMeans[i.itemId] ?? '—',
    })),
    { title: '评标价（元）', dataIndex: 'evaluatedPrice', width: 130, render: (v: string | null) => v ?? '—' },
    { title: `价格分（${data.pricePoints}）`, dataIndex: 'priceScore', width: 110, render: (v) => v ?? '—' },
    { title: '总分', dataIndex: 'total', width: 90, render: (v: string | null) => <b>{v ?? '—'}</b> },
  ];
  const doConfirm = async () => {
    try {
      await confirm.mutateAsync(packageId);
      message.success('评审结果已确认，请评审成员签字');
    } catch (e) {
      warnFailure(message, e, '确认失败');
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {detail.task.committeeState === 'signing' && (
        <Alert type="success" showIcon message="评审结果已由组长确认，评审成员签字中" />
      )}
      {data.errors.length > 0 && (
        <Alert
          type="warning"
          showIcon
          message="评分尚不完整，暂未计算排名"
          description={data.errors.slice(0, 5).join('；')}
        />
      )}
      <Card
        size="small"
        title={`评分汇总（${PRICE_METHODS[data.priceMethod as keyof typeof PRICE_METHODS] ?? data.priceMethod}）`}
        extra={
          canConfirm && (
            <Popconfirm
              title="确认评审结果？"
              description="确认后评审成员进入签字，评分与竞选核查不能再修改。"
              onConfirm={doConfirm}
            >
              <Button type="primary" loading={confirm.isPending}>
                确认评审结果
              </Button>
            </Popconfirm>
          )
        }
      >
        <Table<Row>
          size="small"
          rowKey="bidId"
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={columns}
          dataSource={data.rows}
          expandable={{ expandedRowRender: (r) => <ExpertScores summary={data} row={r} /> }}
        />
      </Card>
    </Space>
  );
}
