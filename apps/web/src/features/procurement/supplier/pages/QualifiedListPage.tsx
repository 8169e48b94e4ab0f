import type { SupplierDto } from '@aps/shared';
import { SUPPLIER_STATUS_LABELS } from '@aps/shared/constants';
import { Card, Col, Form, Input, Row, Table, type TableColumnsType, Tag, Tooltip, Tree } from 'antd';
import { useMemo } from 'react';
import { ListToolbar } from '../../../../shared/list/ListToolbar.tsx';
import { SearchBar } from '../../../../shared/list/SearchBar.tsx';
import { useCrudList } from '../../../../shared/list/useCrudList.ts';
import { useCategoryTree } from '../../expert/api.ts';
import { toTree } from '../../expert/components/ExpertFormDrawer.tsx';
import { qualifiedApi } from '../standing-api.ts';

type TreeItem = { key: string; title: string; children?: TreeItem[] };
const asTree = (nodes: ReturnType<typeof toTree>): TreeItem[] =>
  nodes.map((n) => ({
    key: String(n.value),
    title: String(n.title),
    ...(n.children ? { children: asTree(n.children as ReturnType<typeof toTree>) } : {}),
  }));

/** 合格供应商 (supplier/QualifiedList, issue 16 §2): 合格 and 暂停 suppliers per category, search and export. */
export default function QualifiedListPage() {
  const [form] = Form.useForm<{ name?: string }>();
  const list = useCrudList(qualifiedApi, { scrollX: 1100 });
  const categories = useCategoryTree();
  const treeData = useMemo(() => asTree(toTree(categories.data)), [categories.data]);

  const columns: TableColumnsType<SupplierDto> = [
    { title: '供应商名称', dataIndex: 'name', width: 240, fixed: 'left' },
    { title: '统一社会信用代码', dataIndex: 'creditCode', width: 190 },
    { title: '联系人', dataIndex: 'contactName', width: 100 },
    { title: '联系电话', dataIndex: 'contactPhone', width: 130 },
    { title: '供应品类', dataIndex: 'categories', width: 200, render: (v: string[]) => v.join('、') },
    {
      title: '状态',
      dataIndex: 'status',
      width: 110,
      render: (v: SupplierDto['status'], r) =>
        v === '4' ? (
          <Tooltip title={r.suspendedReason}>
            <Tag color="orange">{SUPPLIER_STATUS_LABELS[v]}</Tag>
          </Tooltip>
        ) : (
          <Tag color="green">{SUPPLIER_STATUS_LABELS[v]}</Tag>
        ),
    },
    { title: '暂停原因', dataIndex: 'suspendedReason', width: 220, ellipsis: true, render: (v) => v ?? '-' },
    { title: '履约评分', dataIndex: 'score', width: 90, render: (v: string | null) => v ?? '-' },
  ];

  return (
    <Row gutter={12}>
      <Col xs={24} md={6}>
        <Card variant="borderless" title="供应品类" size="small">
          <Tree
            treeData={treeData}
            defaultExpandAll
            onSelect={(keys) =>
              list.table.search({
                ...form.getFieldsValue(),
                category: keys[0] === undefined ? undefined : String(keys[0]),
              })
            }
          />
        </Card>
      </Col>
      <Col xs={24} md={18}>
        <Card variant="borderless" className="aps-list-page">
          <SearchBar name="qualifiedSearch" form={form} onSearch={list.search} onReset={list.reset}>
            <Form.Item label="供应商名称" name="name">
              <Input placeholder="请输入名称" allowClear />
            </Form.Item>
          </SearchBar>
          <ListToolbar onExport={() => list.exportXls('合格供应商.xlsx')} exportCode={list.codes.export} />
          <Table<SupplierDto> {...list.table.tableProps} columns={columns} />
        </Card>
      </Col>
    </Row>
  );
}
