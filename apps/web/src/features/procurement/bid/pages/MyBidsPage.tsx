import { type BidDto, PERMISSIONS, type SignUpDto } from '@aps/shared';
import {
  AWARD_LETTER_KIND_NAMES,
  AWARD_LETTER_TITLES,
  BID_STATUS_NAMES,
  PAGE_SIZE_OPTIONS,
  stageName,
} from '@aps/shared/constants';
import { Button, Card, Table, type TableColumnsType, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useCan } from '../../../../shared/auth/Can.tsx';
import { useTableScroll } from '../../../../shared/stores/app.ts';
import { useMyBids, useMySignUps } from '../../announcement/api.ts';
import { quoteText } from '../../announcement/quote.ts';
import { SupplierClarifyTab } from '../../review/components/SupplierClarifyTab.tsx';
import { AwardLetterModal } from '../components/AwardLetterModal.tsx';

/** Whether the bid deadline has passed (by the browser's clock; the server decides with its own). */
const closed = (deadline: string | null | undefined) =>
  Boolean(deadline) && new Date((deadline ?? '').replace(' ', 'T')).getTime() <= Date.now();

function SignUps() {
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const list = useMySignUps(page);
  const scroll = useTableScroll();
  const columns: TableColumnsType<SignUpDto> = [
    { title: '采购名称', dataIndex: 'purchaseName', width: 220, ellipsis: true },
    { title: '标包', dataIndex: 'packageName', ellipsis: true },
    { title: '当前阶段', dataIndex: 'purchaseStage', width: 120, render: (s: number) => stageName(s) },
    { title: '报名时间', dataIndex: 'signUpTime', width: 180 },
    { title: '投标截止', dataIndex: 'bidDeadline', width: 180, render: (t: string | null) => t ?? '—' },
  ];
  return (
    <Table<SignUpDto>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={list.data?.records ?? []}
      loading={list.isFetching}
      scroll={{ x: scroll?.x ?? 1300 }}
      pagination={{
        current: page.pageNo,
        pageSize: page.pageSize,
        total: list.data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
        showTotal: (total) => `共 ${total} 条`,
        onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
      }}
    />
  );
}

function Bids() {
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const list = useMyBids(page);
  const scroll = useTableScroll();
  const [letterId, setLetterId] = useState<string | null>(null);
  const columns: TableColumnsType<BidDto> = [
    { title: '采购名称', dataIndex: 'purchaseName', width: 220, ellipsis: true },
    { title: '标包', dataIndex: 'packageName', ellipsis: true },
    {
      title: '状态',
      key: 'status',
      width: 150,
      render: (_, b) => (
        <>
          <Tag color={b.status === '1' ? 'blue' : 'default'}>{BID_STATUS_NAMES[b.status]}</Tag>
          {b.openedTime ? <Tag color="green">已开标</Tag> : closed(b.bidDeadline) ? <Tag>已截止</Tag> : null}
        </>
      ),
    },
    {
      title: '结果',
      key: 'result',
      width: 220,
      render: (_, b) =>
        b.letterId && b.letterType ? (
          <>
            <Tag color={b.letterType === 'win' ? 'green' : 'default'}>{AWARD_LETTER_KIND_NAMES[b.letterType]}</Tag>
            <Button type="link" size="small" onClick={() => setLetterId(b.letterId ?? null)}>
              {AWARD_LETTER_TITLES[b.letterType]}
            </Button>
          </>
        ) : (
          '—'
        ),
    },
    { title: '我的报价', key: 'quote', width: 240, render: (_, b) => (b.status === '1' ? quoteText(b) : '—') },
    { title: '版本', dataIndex: 'revision', width: 70 },
    { title: '响应文件', key: 'files', width: 90, render: (_, b) => `${b.files.length} 个` },
    { title: '提交时间', key: 'time', width: 180, render: (_, b) => b.updateTime ?? b.submitTime },
    { title: '投标截止', dataIndex: 'bidDeadline', width: 180, render: (t: string | null) => t ?? '—' },
  ];
  return (
    <>
      <AwardLetterModal letterId={letterId} reader="supplier" onClose={() => setLetterId(null)} />
      <Table<BidDto>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        scroll={{ x: scroll?.x ?? 1300 }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
          showTotal: (total) => `共 ${total} 条`,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
      />
    </>
  );
}

/**
 * 我的投标 (menu component purchaseannouncement/MyBids, supplier users): the supplier's own sign-ups and bids with
 * their states (已提交 / 已撤回, 已截止, 已开标), their own quotations and, once awarded, 中标/未中标 with the
 * letter; nobody else's.
 */
export default function MyBidsPage() {
  const clarify = useCan(PERMISSIONS.supplierClarify.list);
  return (
    <Card variant="borderless">
      <Tabs
        items={[
          { key: 'bids', label: '我的投标', children: <Bids /> },
          { key: 'signUps', label: '我的报名', children: <SignUps /> },
          ...(clarify ? [{ key: 'clarify', label: '报价澄清', children: <SupplierClarifyTab /> }] : []),
        ]}
      />
    </Card>
  );
}
