import { CONTRACT_CHANGE_KINDS, CONTRACT_CHANGE_STATES } from '@aps/shared';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Skeleton, Table, Typography } from 'antd';
import { Money } from '../../../../shared/controls/index.ts';
import { RecordHistoryButton } from '../../../supervision/history/RecordHistory.tsx';
import { contractApi, contractKeys } from '../api.ts';
import { ContractStateTag } from './ContractStateTag.tsx';

/** A contract: parties, amounts with approved changes, terms, signatures, change history, settlements, evaluation. */
export function ContractDetailDrawer({ contractId, onClose }: { contractId: string | null; onClose: () => void }) {
  const detail = useQuery({
    queryKey: contractKeys.detail(contractId ?? ''),
    queryFn: ({ signal }) => contractApi.detail(contractId ?? '', signal),
    enabled: !!contractId,
  });
  const c = detail.data;
  return (
    <Drawer
      open={!!contractId}
      onClose={onClose}
      size={900}
      title="合同详情"
      extra={contractId ? <RecordHistoryButton table="contract" id={contractId} /> : null}
      destroyOnHidden
    >
      {!c ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions
            bordered
            size="small"
            column={2}
            items={[
              { key: 'no', label: '合同编号', children: c.contractNo },
              { key: 'name', label: '合同名称', children: c.name },
              { key: 'buyer', label: '采购方（部门）', children: c.departName ?? c.sysOrgCode ?? '—' },
              { key: 'supplier', label: '供应商', children: c.supplierName ?? '—' },
              { key: 'state', label: '状态', children: <ContractStateTag state={c.state} /> },
              { key: 'amount', label: '合同金额（元）', children: <Money value={c.amount} /> },
              { key: 'changed', label: '变更金额（元）', children: <Money value={c.changedAmount} /> },
              { key: 'total', label: '变更后总额（元）', children: <Money value={c.total} /> },
              { key: 'settled', label: '已结算（元）', children: <Money value={c.settledAmount} /> },
              { key: 'paid', label: '已付款（元）', children: <Money value={c.paidAmount} /> },
              { key: 'term', label: '合同期限', children: `${c.termStart} 至 ${c.termEnd}` },
              {
                key: 'warranty',
                label: '质保期',
                children: `${c.warrantyPeriod} 个月${c.warrantyEnd ? `（至 ${c.warrantyEnd}）` : ''}`,
              },
              { key: 'rate', label: '质保金比例', children: `${c.retentionRate}%` },
              { key: 'settlements', label: '结算单', children: `${c.settlementCount} 张` },
              { key: 'pay', label: '付款条件', children: c.payTerms ?? '—', span: 2 },
              {
                key: 'bs',
                label: '采购方签订',
                children: c.buyerSignedAt ? `${c.buyerSignedBy} ${c.buyerSignedAt}` : '未签订',
              },
              {
                key: 'ss',
                label: '供应商签订',
                children: c.supplierSignedAt ? `${c.supplierSignedBy} ${c.supplierSignedAt}` : '未签订',
              },
              ...(c.endReason ? [{ key: 'reason', label: '原因', children: c.endReason, span: 2 }] : []),
              {
                key: 'files',
                label: '附件',
                span: 2,
                children: c.attachments.length ? c.attachments.map((f) => f.fileName).join('、') : '—',
              },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            变更记录
          </Typography.Title>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={c.changes}
            columns={[
              { title: '类型', dataIndex: 'kind', width: 100, render: (k: 'amount') => CONTRACT_CHANGE_KINDS[k] },
              { title: '原值', dataIndex: 'oldValue', width: 130 },
              { title: '新值', dataIndex: 'newValue', width: 130 },
              { title: '原因', dataIndex: 'reason' },
              { title: '状态', dataIndex: 'state', width: 90, render: (s: 'approved') => CONTRACT_CHANGE_STATES[s] },
              { title: '申请时间', dataIndex: 'createTime', width: 170 },
            ]}
          />
          {c.evaluation && (
            <>
              <Typography.Title level={5} style={{ marginTop: 16 }}>
                履约评价
              </Typography.Title>
              <Descriptions
                bordered
                size="small"
                column={4}
                items={[
                  { key: 'q', label: '质量', children: c.evaluation.qualityScore },
                  { key: 's', label: '进度', children: c.evaluation.scheduleScore },
                  { key: 'v', label: '服务', children: c.evaluation.serviceScore },
                  { key: 't', label: '总分', children: c.evaluation.totalScore },
                  { key: 'c', label: '评价意见', children: c.evaluation.comments ?? '—', span: 4 },
                ]}
              />
            </>
          )}
        </>
      )}
    </Drawer>
  );
}
