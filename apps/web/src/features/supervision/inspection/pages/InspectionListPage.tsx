import type { InspectionDto } from '@aps/shared';
import { INSPECTION_STATES, INSPECTION_TARGET_TYPES } from '@aps/shared/constants';
import { Card, Form, Input, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CrudRowActions } from '../../../../shared/list/CrudRowActions.tsx';
import { CrudToolbar } from '../../../../shared/list/CrudToolbar.tsx';
import { SearchBar } from '../../../../shared/list/SearchBar.tsx';
import { useCrudList } from '../../../../shared/list/useCrudList.ts';
import { inspectionApi } from '../api.ts';
import { InspectionDrawer } from '../components/InspectionDrawer.tsx';
import { InspectionFormModal, type InspectionPrefill } from '../components/InspectionFormModal.tsx';

interface Filters {
  title?: string;
  targetType?: string;
  state?: string;
}

const STATE_COLORS: Record<string, string> = { planned: 'default', inspecting: 'processing', done: 'green' };
const options = (o: Record<string, string>) => Object.entries(o).map(([value, label]) => ({ value, label }));

/** 检查管理 (supervision/InspectionList); `?create=1&targetType=&targetId=&signal=` opens the prefilled form. */
export default function InspectionListPage() {
  const [form] = Form.useForm<Filters>();
  const list = useCrudList(inspectionApi, { scrollX: 1200 });
  const [params] = useSearchParams();
  // The link's query opens the form once per distinct link (the URL is left alone: the tab is keyed by it).
  const opened = useRef('');
  const [prefill, setPrefill] = useState<InspectionPrefill | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const { show } = list.editor;

  useEffect(() => {
    const targetType = params.get('targetType');
    const targetId = params.get('targetId');
    if (params.get('create') !== '1' || !targetType || !targetId || !(targetType in INSPECTION_TARGET_TYPES)) return;
    if (opened.current === params.toString()) return;
    opened.current = params.toString();
    setPrefill({ targetType, targetId, ...(params.get('signal') ? { signal: params.get('signal') ?? '' } : {}) });
    show(null);
  }, [params, show]);

  const columns: TableColumnsType<InspectionDto> = [
    {
      title: '检查名称',
      dataIndex: 'title',
      width: 220,
      fixed: 'left',
      render: (v: string, r) => <Typography.Link onClick={() => setViewing(r.id)}>{v}</Typography.Link>,
    },
    {
      title: '对象类型',
      dataIndex: 'targetType',
      width: 90,
      render: (v: InspectionDto['targetType']) => INSPECTION_TARGET_TYPES[v],
    },
    { title: '检查对象', dataIndex: 'targetName', width: 240, ellipsis: true },
    { title: '检查人员', dataIndex: 'inspectorNames', width: 140, render: (v: string[]) => v.join('、') },
    { title: '计划开始', dataIndex: 'plannedStart', width: 110, ...list.sortable('plannedStart') },
    { title: '计划结束', dataIndex: 'plannedEnd', width: 110 },
    { title: '发现问题', dataIndex: 'findingCount', width: 90, align: 'right' },
    {
      title: '状态',
      dataIndex: 'state',
      width: 90,
      render: (v: InspectionDto['state']) => <Tag color={STATE_COLORS[v]}>{INSPECTION_STATES[v]}</Tag>,
    },
    {
      title: '操作',
      key: 'action',
      width: 180,
      fixed: 'right',
      render: (_, row) => (
        <CrudRowActions
          list={list}
          row={row}
          extra={<Typography.Link onClick={() => setViewing(row.id)}>详情</Typography.Link>}
        />
      ),
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar<Filters> name="inspectionSearch" form={form} onSearch={list.search} onReset={list.reset}>
        <Form.Item label="检查名称" name="title">
          <Input placeholder="请输入检查名称" allowClear />
        </Form.Item>
        <Form.Item label="对象类型" name="targetType">
          <Select placeholder="请选择" allowClear options={options(INSPECTION_TARGET_TYPES)} />
        </Form.Item>
        <Form.Item label="状态" name="state">
          <Select placeholder="请选择" allowClear options={options(INSPECTION_STATES)} />
        </Form.Item>
      </SearchBar>
      <CrudToolbar list={list} exportName="检查记录.xlsx" batchDelete={false} />
      <Table<InspectionDto> {...list.table.tableProps} columns={columns} />
      <InspectionFormModal
        open={list.editor.open}
        record={list.editor.record}
        prefill={list.editor.record ? null : prefill}
        onClose={() => {
          list.editor.hide();
          setPrefill(null);
        }}
      />
      <InspectionDrawer id={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}
