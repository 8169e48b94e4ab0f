import type { PositionDto } from '@aps/shared';
import { PERMISSIONS, POSITION_RANKS } from '@aps/shared/constants';
import { App, Card, Form, Input, Select, Table, type TableColumnsType, Tag } from 'antd';
import { downloadBlob } from '../../../shared/list/download.ts';
import { ListToolbar } from '../../../shared/list/ListToolbar.tsx';
import { useFormDialog } from '../../../shared/list/ModalForm.tsx';
import { RowActions } from '../../../shared/list/RowActions.tsx';
import { SearchBar } from '../../../shared/list/SearchBar.tsx';
import { useServerTable } from '../../../shared/list/useServerTable.ts';
import { useSystemMutation } from '../api.ts';
import { PositionFormModal } from '../components/PositionFormModal.tsx';
import { orgKeys, positionApi } from '../org.api.ts';
import { POSITION_RANK_OPTIONS } from '../org.rules.ts';

// Positions hold only the two codes: every write is system:position:edit.
const P = PERMISSIONS.position;
const RANK_COLORS: Record<string, string> = {
  '1': 'default',
  '2': 'cyan',
  '3': 'blue',
  '4': 'geekblue',
  '5': 'purple',
};

interface PositionFilters {
  code?: string;
  name?: string;
  postRank?: string;
}

/** 职务管理 (system/PositionList): the tenant's positions with their post rank (职级). */
export default function PositionListPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<PositionFilters>();
  const table = useServerTable<PositionDto>({ queryKey: orgKeys.positions, url: '/sys/position/list' });
  const editor = useFormDialog<PositionDto>();
  const remove = useSystemMutation(positionApi.remove, [orgKeys.positions]);
  const removeBatch = useSystemMutation(positionApi.removeBatch, [orgKeys.positions]);

  const columns: TableColumnsType<PositionDto> = [
    { title: '职务编码', dataIndex: 'code', width: 180, sorter: true, sortOrder: table.sortOrder('code') },
    { title: '职务名称', dataIndex: 'name', sorter: true, sortOrder: table.sortOrder('name'), ellipsis: true },
    {
      title: '职级',
      dataIndex: 'postRank',
      width: 110,
      sorter: true,
      sortOrder: table.sortOrder('postRank'),
      render: (v: string) => <Tag color={RANK_COLORS[v]}>{POSITION_RANKS[v] ?? v}</Tag>,
    },
    { title: '创建人', dataIndex: 'createBy', width: 110, render: (v: string | null) => v || '-' },
    {
      title: '创建时间',
      dataIndex: 'createTime',
      width: 170,
      sorter: true,
      sortOrder: table.sortOrder('createTime'),
    },
    {
      title: '操作',
      key: 'action',
      width: 120,
      render: (_, row) => (
        <RowActions
          onEdit={() => editor.show(row)}
          editCode={P.edit}
          onDelete={async () => {
            await remove.mutateAsync(row.id);
            message.success('删除成功!');
          }}
          deleteCode={P.edit}
        />
      ),
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar<PositionFilters>
        name="positionSearch"
        form={form}
        onSearch={(v) => table.search({ ...v })}
        onReset={table.reset}
      >
        <Form.Item label="职务编码" name="code">
          <Input placeholder="请输入职务编码" allowClear />
        </Form.Item>
        <Form.Item label="职务名称" name="name">
          <Input placeholder="请输入职务名称" allowClear />
        </Form.Item>
        <Form.Item label="职级" name="postRank">
          <Select placeholder="请选择" allowClear options={POSITION_RANK_OPTIONS} />
        </Form.Item>
      </SearchBar>
      <ListToolbar
        onAdd={() => editor.show(null)}
        addCode={P.edit}
        onExport={() => downloadBlob('/sys/position/exportXls', '职务.xlsx', table.params)}
        exportCode={P.list}
        selectedKeys={table.selectedRowKeys}
        onBatchDelete={async (keys) => {
          await removeBatch.mutateAsync(keys);
          table.setSelectedRowKeys([]);
          message.success('删除成功!');
        }}
        batchDeleteCode={P.edit}
      />
      <Table<PositionDto> {...table.tableProps} columns={columns} />
      <PositionFormModal open={editor.open} position={editor.record} onClose={editor.hide} />
    </Card>
  );
}
