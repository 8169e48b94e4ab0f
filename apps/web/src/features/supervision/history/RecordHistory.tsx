import type { PageResult, RecordHistoryDto } from '@aps/shared';
import { PERMISSIONS, RECORD_HISTORY_API, type RecordHistoryKey } from '@aps/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Table, Typography } from 'antd';
import { useState } from 'react';
import { Can } from '../../../shared/auth/Can.tsx';
import { http } from '../../../shared/http.ts';

const PAGE_SIZE = 20;

/** A value as the history shows it: empty as —, long text folded. */
const valueCell = (v: string | null) =>
  v === null || v === '' ? (
    <Typography.Text type="secondary">—</Typography.Text>
  ) : (
    <Typography.Paragraph ellipsis={{ rows: 3, expandable: true }} style={{ marginBottom: 0 }}>
      {v}
    </Typography.Paragraph>
  );

/** The change history of one business record (issue 17 §5): 时间, 操作人, 字段, 修改前, 修改后, server-paged. */
export function RecordHistoryDrawer({
  table,
  id,
  open,
  onClose,
}: {
  table: RecordHistoryKey;
  id: string;
  open: boolean;
  onClose: () => void;
}) {
  const [pageNo, setPageNo] = useState(1);
  const query = useQuery({
    queryKey: ['supervision', 'history', table, id, pageNo],
    queryFn: ({ signal }) =>
      http.get<PageResult<RecordHistoryDto>>(
        RECORD_HISTORY_API.list,
        { table, id, pageNo, pageSize: PAGE_SIZE },
        signal,
      ),
    enabled: open,
  });
  return (
    <Drawer open={open} onClose={onClose} size={900} title="变更历史" destroyOnHidden>
      <Table<RecordHistoryDto>
        size="small"
        rowKey="id"
        loading={query.isFetching}
        dataSource={query.data?.records ?? []}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: query.data?.total ?? 0,
          onChange: setPageNo,
          showSizeChanger: false,
        }}
        columns={[
          { title: '时间', dataIndex: 'changedAt', width: 170 },
          { title: '操作人', dataIndex: 'changedBy', width: 110 },
          { title: '字段', dataIndex: 'fieldLabel', width: 130 },
          { title: '修改前', dataIndex: 'before', render: valueCell },
          { title: '修改后', dataIndex: 'after', render: valueCell },
        ]}
      />
    </Drawer>
  );
}

/** 变更历史: a button (for holders of supervision:history:list) that opens the record's history drawer. */
export function RecordHistoryButton({ table, id }: { table: RecordHistoryKey; id: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Can code={PERMISSIONS.recordHistory.list}>
      <Button onClick={() => setOpen(true)}>变更历史</Button>
      <RecordHistoryDrawer table={table} id={id} open={open} onClose={() => setOpen(false)} />
    </Can>
  );
}
