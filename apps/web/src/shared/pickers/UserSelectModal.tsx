import type { UserListRow } from '@aps/shared';
import { Button, Card, Col, Empty, Input, Modal, Row, Table, Tag, Tree, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { type UserPickerQuery, useDepartTree, usePickerUsers } from './api.ts';
import { toggleSelection } from './selection.ts';

export interface UserSelectModalProps {
  open: boolean;
  title?: string;
  /** §2 widths: 900 (person picker), 1200, or 1250 (user modal). */
  width?: 900 | 1200 | 1250;
  /** Several people (default, §5 "person picker multiple by default") or one. */
  multiple?: boolean;
  /** The users already chosen when the modal opens. */
  initial: readonly UserListRow[];
  onOk: (rows: UserListRow[]) => void;
  onCancel: () => void;
}

const PAGE_SIZES = ['5', '10', '20', '30'];
const FIRST: UserPickerQuery = { pageNo: 1, pageSize: 5 };
const SEX = ['', '男', '女'];

/**
 * §2 people selection: a unit (department) filter on the left, a query box, a paged table (§9: 5 per page with
 * 5/10/20/30; scroll 240) and the selected list, which survives paging, searching and changing units.
 */
export function UserSelectModal({
  open,
  title = '选择用户',
  width = 900,
  multiple = true,
  initial,
  onOk,
  onCancel,
}: UserSelectModalProps) {
  const [query, setQuery] = useState<UserPickerQuery>(FIRST);
  const [word, setWord] = useState('');
  const [selected, setSelected] = useState<UserListRow[]>([]);
  const departs = useDepartTree(open);
  const users = usePickerUsers(query, open);

  useEffect(() => {
    if (!open) return;
    setSelected([...initial]);
    setQuery(FIRST);
    setWord('');
  }, [open, initial]);

  const selectedKeys = useMemo(() => selected.map((u) => u.id), [selected]);
  const rows = users.data?.records ?? [];

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onCancel={onCancel}
      onOk={() => onOk(selected)}
      okText="确定"
      cancelText="取消"
      destroyOnHidden
      styles={{ body: { paddingTop: 8 } }}
    >
      <Row gutter={12} wrap={false}>
        <Col flex="220px">
          <Card size="small" title="所属单位" styles={{ body: { padding: 8, maxHeight: 400, overflow: 'auto' } }}>
            <Tree
              blockNode
              defaultExpandAll
              treeData={departs.data ?? []}
              fieldNames={{ key: 'id', title: 'title', children: 'children' }}
              selectedKeys={query.departId ? [query.departId] : []}
              onSelect={(keys) => setQuery((q) => ({ ...q, pageNo: 1, departId: (keys[0] as string) || undefined }))}
            />
          </Card>
        </Col>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <Input.Search
            allowClear
            enterButton="查询"
            placeholder="请输入账号或姓名"
            aria-label="账号或姓名"
            value={word}
            onChange={(e) => setWord(e.target.value)}
            onSearch={(v) => setQuery((q) => ({ ...q, pageNo: 1, username: v.trim() || undefined }))}
            style={{ marginBottom: 8 }}
          />
          <Table<UserListRow>
            size="small"
            rowKey="id"
            loading={users.isFetching}
            dataSource={rows}
            scroll={{ y: 240 }}
            columns={[
              { title: '用户账号', dataIndex: 'username', width: 120 },
              { title: '用户姓名', dataIndex: 'realname', width: 110 },
              { title: '性别', dataIndex: 'sex', width: 60, render: (s: number | null) => SEX[s ?? 0] ?? '' },
              { title: '部门', dataIndex: 'departNames', ellipsis: true },
            ]}
            rowSelection={{
              type: multiple ? 'checkbox' : 'radio',
              selectedRowKeys: selectedKeys,
              preserveSelectedRowKeys: true,
              onSelect: (row, checked) => setSelected((s) => toggleSelection(s, [row], checked, (u) => u.id, multiple)),
              onSelectAll: (checked, _all, changed) =>
                setSelected((s) => toggleSelection(s, changed, checked, (u) => u.id, multiple)),
            }}
            pagination={{
              current: query.pageNo,
              pageSize: query.pageSize,
              total: users.data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZES,
              showTotal: (total) => `共 ${total} 条`,
              onChange: (pageNo, pageSize) =>
                setQuery((q) => ({ ...q, pageNo: pageSize === q.pageSize ? pageNo : 1, pageSize })),
            }}
          />
        </Col>
        <Col flex="200px">
          <Card
            size="small"
            title={`已选 ${selected.length} 人`}
            extra={
              selected.length ? (
                <Button type="link" size="small" onClick={() => setSelected([])}>
                  清空
                </Button>
              ) : null
            }
            styles={{ body: { padding: 8, minHeight: 120, maxHeight: 400, overflow: 'auto' } }}
            className="aps-picker-selected"
          >
            {selected.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未选择" />
            ) : (
              <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}>
                {selected.map((u) => (
                  <Tag
                    key={u.id}
                    closable
                    color="blue"
                    onClose={() => setSelected((s) => s.filter((x) => x.id !== u.id))}
                  >
                    {u.realname}
                    <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 4 }}>
                      {u.username}
                    </Typography.Text>
                  </Tag>
                ))}
              </div>
            )}
          </Card>
        </Col>
      </Row>
    </Modal>
  );
}
