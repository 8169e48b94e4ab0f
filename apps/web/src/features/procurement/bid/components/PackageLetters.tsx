import type { AwardLetterDto } from '@aps/shared';
import { AWARD_LETTER_KIND_NAMES } from '@aps/shared/constants';
import { Button, Empty, Table, Tag } from 'antd';
import { useState } from 'react';
import { Money } from '../../../../shared/controls/index.ts';
import { usePackageLetters } from '../api.ts';
import { AwardLetterModal } from './AwardLetterModal.tsx';

/** 通知书 tab of the package drawer: every letter the award sent for the package, each opened as its text. */
export function PackageLetters({ packageId }: { packageId: string }) {
  const letters = usePackageLetters(packageId);
  const [openId, setOpenId] = useState<string | null>(null);
  if (!letters.isLoading && !letters.data?.records.length) return <Empty description="定标后发送通知书" />;
  return (
    <>
      <Table<AwardLetterDto>
        size="small"
        rowKey="id"
        pagination={false}
        loading={letters.isLoading}
        dataSource={letters.data?.records ?? []}
        columns={[
          {
            title: '编号',
            dataIndex: 'letterNo',
            render: (no: string, l) => (
              <Button type="link" size="small" onClick={() => setOpenId(l.id)}>
                {no}
              </Button>
            ),
          },
          { title: '供应商', dataIndex: 'supplierName' },
          {
            title: '类型',
            dataIndex: 'type',
            width: 90,
            render: (t: AwardLetterDto['type']) => (
              <Tag color={t === 'win' ? 'green' : 'default'}>{AWARD_LETTER_KIND_NAMES[t]}</Tag>
            ),
          },
          {
            title: '中标价',
            dataIndex: 'price',
            width: 140,
            render: (v: string | null) => (v ? <Money value={v} /> : '—'),
          },
          { title: '发送时间', dataIndex: 'sendTime', width: 170 },
          { title: '阅读', dataIndex: 'readState', width: 80, render: (r: '0' | '1') => (r === '1' ? '已读' : '未读') },
        ]}
      />
      <AwardLetterModal letterId={openId} reader="staff" onClose={() => setOpenId(null)} />
    </>
  );
}
