import type { NoticeDto } from '@aps/shared';
import { Table } from 'antd';

type Change = NonNullable<NoticeDto['timetableChange']>[number];

/** A 变更公告's timetable change: 事项, 原时间 → 新时间 (only the fields that change). */
export function TimetableChangeTable({ change }: { change: NoticeDto['timetableChange'] }) {
  if (!change || change.length === 0) return null;
  return (
    <Table<Change>
      rowKey="field"
      size="small"
      bordered
      pagination={false}
      title={() => '时间变更'}
      dataSource={change}
      columns={[
        { title: '事项', dataIndex: 'label', width: 160 },
        { title: '原时间', dataIndex: 'before', render: (v: string | null) => v ?? '—' },
        { title: '新时间', dataIndex: 'after', render: (v: string | null) => <b>{v ?? '—'}</b> },
      ]}
    />
  );
}
