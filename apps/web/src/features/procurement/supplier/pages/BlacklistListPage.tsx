import type { BlacklistDto } from '@aps/shared';
import { BLACKLIST_SCOPES, BLACKLIST_STATES, PERMISSIONS } from '@aps/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Radio,
  Select,
  Table,
  type TableColumnsType,
  Tag,
  TreeSelect,
} from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { usePermissionCheck } from '../../../../shared/auth/Can.tsx';
import { CrudToolbar } from '../../../../shared/list/CrudToolbar.tsx';
import { ModalForm } from '../../../../shared/list/ModalForm.tsx';
import { RowActions } from '../../../../shared/list/RowActions.tsx';
import { SearchBar } from '../../../../shared/list/SearchBar.tsx';
import { useCrudList } from '../../../../shared/list/useCrudList.ts';
import { useCategoryTree } from '../../expert/api.ts';
import { toTree } from '../../expert/components/ExpertFormDrawer.tsx';
import { DateItem } from '../components/DateItem.tsx';
import {
  type BlacklistForm,
  blacklistApi,
  eliminateBlacklist,
  releaseBlacklist,
  standingKeys,
  useSupplierPick,
} from '../standing-api.ts';

const STATE_COLORS: Record<string, string> = {
  pending: 'blue',
  active: 'red',
  released: 'default',
  rejected: 'orange',
};
const toOptions = (m: Record<string, string>) => Object.entries(m).map(([value, label]) => ({ value, label }));
type Decision = { row: BlacklistDto; kind: 'release' | 'eliminate' } | null;

/** 黑名单 (supplier/BlacklistList, issue 16 §2): proposals go to the supplier_blacklist approval; 解除 and 淘汰. */
export default function BlacklistListPage() {
  const { message } = App.useApp();
  const can = usePermissionCheck();
  const queryClient = useQueryClient();
  const [search] = Form.useForm();
  const [form] = Form.useForm<BlacklistForm & { months?: string }>();
  const list = useCrudList(blacklistApi, { scrollX: 1200 });
  const [keyword, setKeyword] = useState('');
  const suppliers = useSupplierPick(keyword);
  const categories = useCategoryTree();
  const treeData = useMemo(() => toTree(categories.data), [categories.data]);
  const [decision, setDecision] = useState<Decision>(null);
  const [reason, setReason] = useState('');
  const scope = Form.useWatch('scope', form);

  const decide = async () => {
    if (!decision) return;
    if (!reason.trim()) {
      message.error('请输入原因');
      return;
    }
    const fn = decision.kind === 'release' ? releaseBlacklist : eliminateBlacklist;
    await fn(decision.row.id, reason.trim());
    message.success(decision.kind === 'release' ? '已解除' : '已淘汰');
    setDecision(null);
    setReason('');
    await queryClient.invalidateQueries({ queryKey: standingKeys.blacklist });
  };

  const columns: TableColumnsType<BlacklistDto> = [
    { title: '供应商', dataIndex: 'supplierName', width: 220, fixed: 'left' },
    { title: '列入原因', dataIndex: 'reason', width: 220, ellipsis: true },
    {
      title: '范围',
      dataIndex: 'scope',
      width: 160,
      render: (v: BlacklistDto['scope'], r) => (v === 'tenant' ? BLACKLIST_SCOPES.tenant : r.categories.join('、')),
    },
    { title: '开始日期', dataIndex: 'startDate', width: 110 },
    { title: '截止日期', dataIndex: 'endDate', width: 110, render: (v: string | null) => v ?? '永久' },
    {
      title: '状态',
      dataIndex: 'state',
      width: 90,
      render: (v: BlacklistDto['state']) => <Tag color={STATE_COLORS[v]}>{BLACKLIST_STATES[v]}</Tag>,
    },
    { title: '解除原因', dataIndex: 'releaseReason', width: 160, render: (v: string | null) => v ?? '-' },
    { title: '提交人', dataIndex: 'createBy', width: 100 },
    { title: '提交时间', dataIndex: 'createTime', width: 170 },
    {
      title: '操作',
      key: 'action',
      width: 120,
      fixed: 'right',
      render: (_, row) =>
        row.state === 'active' ? (
          <RowActions
            extra={
              <>
                {can(PERMISSIONS.supplierBlacklist.release) ? (
                  <Button type="link" size="small" onClick={() => setDecision({ row, kind: 'release' })}>
                    解除
                  </Button>
                ) : null}
                {can(PERMISSIONS.supplierBlacklist.eliminate) ? (
                  <Button type="link" size="small" danger onClick={() => setDecision({ row, kind: 'eliminate' })}>
                    淘汰
                  </Button>
                ) : null}
              </>
            }
          />
        ) : null,
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar name="blacklistSearch" form={search} onSearch={list.search} onReset={list.reset}>
        <Form.Item label="供应商" name="supplierName">
          <Input placeholder="请输入供应商名称" allowClear />
        </Form.Item>
        <Form.Item label="状态" name="state">
          <Select placeholder="请选择" allowClear options={toOptions(BLACKLIST_STATES)} />
        </Form.Item>
      </SearchBar>
      <CrudToolbar list={list} batchDelete={false} />
      <Table<BlacklistDto> {...list.table.tableProps} columns={columns} />
      <ModalForm<BlacklistForm & { months?: string }>
        name="blacklistForm"
        open={list.editor.open && can(PERMISSIONS.supplierBlacklist.add)}
        title="列入黑名单"
        form={form}
        initialValues={{ scope: 'tenant', startDate: dayjs().format('YYYY-MM-DD'), months: '12' }}
        okText="提交审批"
        onClose={list.editor.hide}
        onSubmit={async ({ months, ...v }) => {
          const endDate =
            months === 'permanent'
              ? null
              : dayjs(v.startDate)
                  .add(Number(months ?? 12), 'month')
                  .format('YYYY-MM-DD');
          await blacklistApi.add({ ...v, endDate });
          message.success('已提交黑名单审批');
          await queryClient.invalidateQueries({ queryKey: standingKeys.blacklist });
        }}
      >
        <Form.Item label="供应商" name="supplierId" rules={[{ required: true, message: '请选择供应商' }]}>
          <Select
            showSearch={{ filterOption: false, onSearch: setKeyword, searchValue: keyword }}
            placeholder="输入名称搜索"
            options={(suppliers.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          />
        </Form.Item>
        <Form.Item label="列入原因" name="reason" rules={[{ required: true, message: '请输入列入原因' }]}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
        <Form.Item label="限制范围" name="scope">
          <Radio.Group options={toOptions(BLACKLIST_SCOPES)} />
        </Form.Item>
        {scope === 'categories' ? (
          <Form.Item label="限制品类" name="categories" rules={[{ required: true, message: '请选择限制的品类' }]}>
            <TreeSelect treeData={treeData} multiple treeCheckable placeholder="请选择" />
          </Form.Item>
        ) : null}
        <DateItem label="开始日期" name="startDate" rules={[{ required: true, message: '请选择开始日期' }]} />
        <Form.Item label="期限" name="months">
          <Select
            options={[
              { value: '3', label: '3个月' },
              { value: '6', label: '6个月' },
              { value: '12', label: '1年' },
              { value: '36', label: '3年' },
              { value: 'permanent', label: '永久' },
            ]}
          />
        </Form.Item>
      </ModalForm>
      <Modal
        open={decision !== null}
        title={decision?.kind === 'release' ? '解除黑名单' : '淘汰供应商（永久）'}
        onCancel={() => setDecision(null)}
        onOk={decide}
      >
        <p>{decision?.row.supplierName}</p>
        <Input.TextArea rows={3} placeholder="请输入原因" value={reason} onChange={(e) => setReason(e.target.value)} />
      </Modal>
    </Card>
  );
}
