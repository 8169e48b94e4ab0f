import { COMMITTEE_STATES, REVIEW_IDENTITIES, type ReviewTaskRowDto } from '@aps/shared';
import { Button, Card, Drawer, Form, Input, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { SearchBar, useServerTable } from '../../../../shared/list/index.ts';
import { StageTag } from '../../package/components/PackageTags.tsx';
import { reviewTaskApi, reviewTaskKeys } from '../api.ts';
import { ClarifyPanel } from '../components/ClarifyPanel.tsx';

interface Filters {
  name?: string;
}

/**
 * 报价澄清 (menu review/QuotationClarify): the packages the signed-in expert sits on, each opening its
 * clarifications and quotation rounds; the leader opens and decides them there (组长汇总).
 */
export default function QuotationClarifyPage() {
  const [form] = Form.useForm<Filters>();
  const [open, setOpen] = useState<ReviewTaskRowDto | null>(null);
  const table = useServerTable<ReviewTaskRowDto>({
    queryKey: reviewTaskKeys.all,
    url: reviewTaskApi.listUrl,
    defaultSort: null,
    scrollX: 1000,
  });
  const { rowSelection: _, ...tableProps } = table.tableProps;
  const columns: TableColumnsType<ReviewTaskRowDto> = [
    { title: '采购编号', dataIndex: 'purchaseCode', width: 160 },
    { title: '采购名称', dataIndex: 'purchaseName', width: 200, ellipsis: true },
    { title: '标包名称', dataIndex: 'packageName', width: 180, ellipsis: true },
    { title: '采购阶段', dataIndex: 'purchaseStage', width: 140, render: (s: number) => <StageTag stage={s} /> },
    {
      title: '评审状态',
      dataIndex: 'committeeState',
      width: 140,
      render: (s: ReviewTaskRowDto['committeeState']) => COMMITTEE_STATES[s],
    },
    {
      title: '我的身份',
      dataIndex: 'identity',
      width: 100,
      render: (i: ReviewTaskRowDto['identity']) => REVIEW_IDENTITIES[i],
    },
    {
      title: '操作',
      key: 'action',
      width: 110,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpen(r)}>
          报价澄清
        </Button>
      ),
    },
  ];
  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar<Filters> name="clarifySearch" form={form} onSearch={table.search} onReset={table.reset}>
        <Form.Item label="标包名称" name="name">
          <Input placeholder="标包名称" allowClear />
        </Form.Item>
      </SearchBar>
      <Table<ReviewTaskRowDto> {...tableProps} columns={columns} />
      <Drawer
        title={open ? `报价澄清：${open.packageName}` : '报价澄清'}
        width={1100}
        open={!!open}
        onClose={() => setOpen(null)}
        destroyOnHidden
      >
        {open && <ClarifyPanel packageId={open.packageId} />}
      </Drawer>
    </Card>
  );
}
