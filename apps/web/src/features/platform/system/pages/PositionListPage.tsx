import type { PositionDto } from '@aps/shared';
import { POSITION_RANKS } from '@aps/shared/constants';
import { Card, Form, Input, Select, Table, type TableColumnsType, Tag } from 'antd';
import { CrudRowActions } from '../../../../shared/list/CrudRowActions.tsx';
import { CrudToolbar } from '../../../../shared/list/CrudToolbar.tsx';
import { SearchBar } from '../../../../shared/list/SearchBar.tsx';
import { useCrudList } from '../../../../shared/list/useCrudList.ts';
import { PositionFormModal } from '../components/PositionFormModal.tsx';
import { positionApi } from '../org.api.ts';
import { POSITION_RANK_OPTIONS } from '../org.rules.ts';

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
  const [form] = Form.useForm<PositionFilters>();
  // Positions hold only the two codes: every write is system:position:edit.
  const list = useCrudList(positionApi);

  const columns: TableColumnsType<PositionDto> = [
    { title: '职务编码', dataIndex: 'code', width: 180, ...list.sortable('code') },
    { title: '职务名称', dataIndex: 'name', ...list.sortable('name'), ellipsis: true },
    {
      title: '职级',
      dataIndex: 'postRank',
      width: 110,
      ...list.sortable('postRank'),
      render: (v: string) => <Tag color={RANK_COLORS[v]}>{POSITION_RANKS[v] ?? v}</Tag>,
    },
    { title: '创建人', dataIndex: 'createBy', width: 110, render: (v: string | null) => v || '-' },
    {
      title: '创建时间',
      dataIndex: 'createTime',
      width: 170,
      ...list.sortable('createTime'),
    },
    {
      title: '操作',
      key: 'action',
      width: 120,
      render: (_, row) => <CrudRowActions list={list} row={row} />,
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar<PositionFilters> name="positionSearch" form={form} onSearch={list.search} onReset={list.reset}>
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
      <CrudToolbar list={list} exportName="职务.xlsx" />
      <Table<PositionDto> {...list.table.tableProps} columns={columns} />
      <PositionFormModal open={list.editor.open} position={list.editor.record} onClose={list.editor.hide} />
    </Card>
  );
}
