import type { ExpertProfileDto } from '@aps/shared';
import { EXPERT_IMPORT_EXISTING, EXPERT_STATUS_NAMES } from '@aps/shared/constants';
import { Card, Form, Input, Select, Space, Table, type TableColumnsType, Tag, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { CrudRowActions } from '../../../../shared/list/CrudRowActions.tsx';
import { CrudToolbar } from '../../../../shared/list/CrudToolbar.tsx';
import { SearchBar } from '../../../../shared/list/SearchBar.tsx';
import { useCrudList } from '../../../../shared/list/useCrudList.ts';
import { expertApi, useCategoryTree } from '../api.ts';
import { ExpertFormDrawer, STATUS_OPTIONS, toTree } from '../components/ExpertFormDrawer.tsx';

interface ExpertFilters {
  realname?: string;
  speciality?: string;
  region?: string;
  employer?: string;
  status?: string;
}

const IMPORTS = {
  hint: '表头：用户账号、专业分类编码（多个用逗号分隔）、地区、职称、工作单位、回避单位（多个用顿号分隔）、状态（正常/暂停）、备注；用户须为本租户的专家端用户。',
  existingRows: EXPERT_IMPORT_EXISTING,
};

/** 专家库 (review/ExpertPool, issue 15 §1): the tenant's expert profiles the draw picks from. */
export default function ExpertPoolPage() {
  const [form] = Form.useForm<ExpertFilters>();
  // Nine columns: the table scrolls sideways on narrow screens rather than squeezing 专业 to nothing.
  const list = useCrudList(expertApi, { scrollX: 1320 });
  const categories = useCategoryTree();
  const treeData = useMemo(() => toTree(categories.data), [categories.data]);

  const columns: TableColumnsType<ExpertProfileDto> = [
    { title: '姓名', dataIndex: 'realname', width: 110, fixed: 'left', ...list.sortable('realname') },
    { title: '账号', dataIndex: 'username', width: 120 },
    {
      title: '专业',
      dataIndex: 'specialityNames',
      width: 240,
      render: (names: string[]) => (
        <Space size={[0, 4]} wrap>
          {names.map((n) => (
            <Tag key={n}>{n}</Tag>
          ))}
        </Space>
      ),
    },
    { title: '地区', dataIndex: 'region', width: 100, render: (v: string | null) => v || '-' },
    { title: '职称', dataIndex: 'title', width: 130, render: (v: string | null) => v || '-' },
    {
      title: '工作单位',
      dataIndex: 'employer',
      width: 200,
      ellipsis: true,
      ...list.sortable('employer'),
      render: (v: string | null) => v || '-',
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (v: ExpertProfileDto['status']) => (
        <Tag color={v === 'normal' ? 'green' : 'orange'}>{EXPERT_STATUS_NAMES[v]}</Tag>
      ),
    },
    { title: '创建时间', dataIndex: 'createTime', width: 170, ...list.sortable('createTime') },
    {
      title: '操作',
      key: 'action',
      width: 120,
      fixed: 'right',
      render: (_, row) => <CrudRowActions list={list} row={row} />,
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar<ExpertFilters> name="expertSearch" form={form} onSearch={list.search} onReset={list.reset}>
        <Form.Item label="姓名/账号" name="realname">
          <Input placeholder="请输入姓名或账号" allowClear />
        </Form.Item>
        <Form.Item label="专业" name="speciality">
          <TreeSelect
            treeData={treeData}
            showSearch={{ treeNodeFilterProp: 'title' }}
            placeholder="请选择"
            allowClear
            popupMatchSelectWidth={false}
          />
        </Form.Item>
        <Form.Item label="地区" name="region">
          <Input placeholder="请输入地区" allowClear />
        </Form.Item>
        <Form.Item label="工作单位" name="employer">
          <Input placeholder="请输入工作单位" allowClear />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Select placeholder="请选择" allowClear options={STATUS_OPTIONS} />
        </Form.Item>
      </SearchBar>
      <CrudToolbar list={list} exportName="专家库.xlsx" imports={IMPORTS} />
      <Table<ExpertProfileDto> {...list.table.tableProps} columns={columns} />
      <ExpertFormDrawer open={list.editor.open} expert={list.editor.record} onClose={list.editor.hide} />
    </Card>
  );
}
