import {
  PERMISSIONS,
  QUALIFICATION_OUTCOMES,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type ReviewItemsSheetDto,
  type ReviewTaskDetailDto,
} from '@aps/shared';
import { Alert, App, Button, Empty, Input, Radio, Space, Spin, Table, type TableColumnsType, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useCan } from '../../../../../shared/auth/Can.tsx';
import { warnFailure } from '../../../../../shared/list/index.ts';
import { type QualificationVerdictInput, useQualificationSheet, useSaveVerdicts } from '../../api-vote.ts';

/** The committee states in which the qualification sheet is shown: from 资格/符合性审查 on. */
export const QUALIFICATION_VISIBLE_STATES = ['qualifying', 'scoring', 'summarizing', 'signing', 'ended'];

type Bid = ReviewItemsSheetDto['bids'][number];
type Cell = { pass: boolean | null; reason: string };
const key = (bidId: string, itemId: string) => `${bidId}|${itemId}`;
/** Column widths: three items fit the drawer without scrolling. */
const SUPPLIER_WIDTH = 180;
const ITEM_WIDTH = 180;
const OUTCOME_WIDTH = 150;
const OUTCOME_COLORS = { pending: 'default', passed: 'success', failed: 'error' } as const;

function cellsOf(sheet: ReviewItemsSheetDto): Record<string, Cell> {
  const cells: Record<string, Cell> = {};
  for (const b of sheet.bids) {
    for (const v of b.verdicts) cells[key(b.bidId, v.itemId)] = { pass: v.pass, reason: v.reason ?? '' };
  }
  return cells;
}

/**
 * 资格/符合性审查 (issue 15 §5): bidders × qualification items, 通过/不通过 per cell (不通过 with a reason), 保存.
 * A bidder is decided once every member judged every item (a strict majority of 不通过 on an item fails it); its
 * verdicts are then final and its outcome is shown to the whole committee.
 */
export function QualificationStep({ detail }: { detail: ReviewTaskDetailDto }) {
  const { message } = App.useApp();
  const packageId = detail.card.packageId;
  const { data: sheet, isLoading } = useQualificationSheet(packageId);
  const save = useSaveVerdicts();
  const mayQualify = useCan(PERMISSIONS.reviewTask.qualify);
  const [cells, setCells] = useState<Record<string, Cell>>({});
  useEffect(() => {
    if (sheet) setCells(cellsOf(sheet));
  }, [sheet]);
  if (isLoading || !sheet) return <Spin />;
  if (sheet.qualification.length === 0) return <Empty description="本标包未设置资格/符合性审查项" />;

  const editing = mayQualify && detail.task.state === 'qualifying';
  const editable = (b: Bid) => editing && b.outcome === 'pending';
  const set = (bidId: string, itemId: string, patch: Partial<Cell>) =>
    setCells((all) => {
      const k = key(bidId, itemId);
      return { ...all, [k]: { pass: null, reason: '', ...all[k], ...patch } };
    });
  const passRest = () => {
    for (const b of sheet.bids.filter(editable)) {
      for (const i of sheet.qualification)
        if (cells[key(b.bidId, i.id)]?.pass == null) set(b.bidId, i.id, { pass: true });
    }
  };
  const submit = async () => {
    const verdicts: QualificationVerdictInput[] = [];
    for (const b of sheet.bids.filter(editable)) {
      for (const i of sheet.qualification) {
        const c = cells[key(b.bidId, i.id)];
        if (c?.pass == null) continue;
        if (!c.pass && !c.reason.trim()) {
          message.warning(`${b.supplierName}「${i.name}」：${REVIEW_MESSAGES.reasonRequired}`);
          return;
        }
        verdicts.push({ bidId: b.bidId, itemId: i.id, pass: c.pass, reason: c.pass ? null : c.reason.trim() });
      }
    }
    if (verdicts.length === 0) {
      message.warning('请填写审查结果');
      return;
    }
    try {
      const r = await save.mutateAsync({ packageId, verdicts });
      if (r.failedReason) message.warning(r.failedReason);
      else message.success(r.decided.length ? `已保存，${r.decided.length}家投标人审查完成` : '已保存');
    } catch (e) {
      warnFailure(message, e, '保存失败');
    }
  };

  const columns: TableColumnsType<Bid> = [
    { title: '投标人', dataIndex: 'supplierName', width: SUPPLIER_WIDTH, fixed: 'left' },
    ...sheet.qualification.map((i): TableColumnsType<Bid>[number] => ({
      title: i.name,
      key: i.id,
      width: ITEM_WIDTH,
      render: (_, b) => {
        const c = cells[key(b.bidId, i.id)] ?? { pass: null, reason: '' };
        const label = `${b.supplierName}-${i.name}`;
        return (
          <Space direction="vertical" size={4} style={{ width: '100%' }}>
            <Radio.Group
              size="small"
              aria-label={label}
              disabled={!editable(b)}
              value={c.pass}
              onChange={(e) => set(b.bidId, i.id, { pass: e.target.value })}
              options={[
                { value: true, label: '通过' },
                { value: false, label: '不通过' },
              ]}
            />
            {c.pass === false && (
              <Input
                size="small"
                aria-label={`${label}-理由`}
                placeholder="不通过理由"
                maxLength={REVIEW_LIMITS.reason}
                disabled={!editable(b)}
                value={c.reason}
                onChange={(e) => set(b.bidId, i.id, { reason: e.target.value })}
              />
            )}
          </Space>
        );
      },
    })),
    {
      title: '审查结论',
      key: 'outcome',
      width: OUTCOME_WIDTH,
      fixed: 'right',
      render: (_, b) => (
        <Space direction="vertical" size={2}>
          <Tag color={OUTCOME_COLORS[b.outcome]}>{QUALIFICATION_OUTCOMES[b.outcome]}</Tag>
          {b.outcome === 'pending' && (
            <span className="aps-muted">
              已审 {b.judgedMembers}/{sheet.memberCount} 人
            </span>
          )}
          {b.failedItems.length > 0 && <span className="aps-muted">未通过：{b.failedItems.join('、')}</span>}
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Alert
        type="info"
        showIcon
        message="每位评审成员对每家投标人的每个审查项作出通过或不通过的判断（不通过须填写理由）；某一审查项超过半数成员不通过的投标人，资格/符合性审查不通过，其投标无效。全部成员审查完成后结论确定，不能再修改。"
      />
      <Table<Bid>
        rowKey="bidId"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={sheet.bids}
        scroll={{ x: SUPPLIER_WIDTH + sheet.qualification.length * ITEM_WIDTH + OUTCOME_WIDTH }}
        locale={{ emptyText: '评审组长推选后开始资格/符合性审查' }}
      />
      {sheet.bids.some(editable) && (
        <Space>
          <Button onClick={passRest}>未填项全部通过</Button>
          <Button type="primary" onClick={submit} loading={save.isPending}>
            保存
          </Button>
        </Space>
      )}
    </Space>
  );
}
