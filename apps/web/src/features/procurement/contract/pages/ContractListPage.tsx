import {
  CONTRACT_STATE_CODES,
  CONTRACT_STATES,
  type ContractAddInput,
  type ContractDto,
  nextContractState,
  PERMISSIONS,
} from '@aps/shared';
import { App, Button, Card, DatePicker, Form, Input, Popconfirm, Select, Table, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useCan } from '../../../../shared/auth/Can.tsx';
import { Money } from '../../../../shared/controls/index.ts';
import {
  CrudToolbar,
  RowActions,
  SearchBar,
  useCrudList,
  useCrudMutation,
  useOpenFromLink,
  warnFailure,
} from '../../../../shared/list/index.ts';
import { contractApi } from '../api.ts';
import { type ContractAction, ContractActionModal } from '../components/ContractActionModal.tsx';
import { ContractDetailDrawer } from '../components/ContractDetailDrawer.tsx';
import { ContractFormModal } from '../components/ContractFormModal.tsx';
import { contractColumns } from '../components/ContractStateTag.tsx';

interface Filters {
  name?: string;
  contractNo?: string;
  supplierName?: string;
  sysOrgCode?: string;
  state?: string;
  created?: [Dayjs, Dayjs];
}

const P = PERMISSIONS.contract;
const can = (row: ContractDto, action: Parameters<typeof nextContractState>[1]) =>
  !!nextContractState(row.state, action);

/**
 * 合同管理: the contracts of the buyer's departments (name, number, supplier, state, dates; export), 新增 from an
 * awarded package, the detail drawer, and the steps: 提交审批, 签订, 履行完毕/质保期/关闭, 变更, 终止, 作废, 履约评价.
 */
export default function ContractListPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<Filters>();
  const list = useCrudList<ContractDto, ContractAddInput>(contractApi, { scrollX: 1600 });
  const [viewing, setViewing] = useState<string | null>(null);
  useOpenFromLink(setViewing);
  const [acting, setActing] = useState<{ action: ContractAction; row: ContractDto } | null>(null);
  const codes = {
    submit: useCan(P.submit),
    sign: useCan(P.sign),
    progress: useCan(P.progress),
    change: useCan(P.change),
    terminate: useCan(P.terminate),
    void: useCan(P.void),
    evaluate: useCan(P.evaluate),
  };
  const submit = useCrudMutation(contractApi, contractApi.submit);
  const sign = useCrudMutation(contractApi, contractApi.sign);
  const progress = useCrudMutation(contractApi, contractApi.progress);

  const run = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      message.success(done);
    } catch (err) {
      warnFailure(message, err, '操作失败');
    }
  };
  const confirmLink = (title: string, label: string, fn: () => Promise<unknown>, done: string) => (
    <Popconfirm title={title} onConfirm={() => run(fn, done)}>
      <Button type="link" size="small">
        {label}
      </Button>
    </Popconfirm>
  );
  const link = (label: string, onClick: () => void) => (
    <Button type="link" size="small" onClick={onClick}>
      {label}
    </Button>
  );

  const columns: TableColumnsType<ContractDto> = [
    contractColumns.no,
    contractColumns.name,
    { title: '供应商', dataIndex: 'supplierName', width: 220, ellipsis: true },
    contractColumns.state,
    contractColumns.amount,
    {
      title: '变更金额（元）',
      dataIndex: 'changedAmount',
      width: 130,
      align: 'right',
      render: (v: string) => <Money value={v} />,
    },
    contractColumns.term,
    { title: '部门', dataIndex: 'sysOrgCode', width: 100 },
    { title: '创建时间', dataIndex: 'createTime', width: 170 },
    {
      title: '操作',
      key: 'action',
      width: 380,
      fixed: 'right',
      render: (_, row) => {
        const buyerSigns = row.state === 'to_sign' && !row.buyerSignedAt && codes.sign;
        return (
          <RowActions
            onEdit={row.state === 'draft' ? () => list.editor.show(row) : undefined}
            editCode={list.codes.edit}
            extra={
              <>
                {link('详情', () => setViewing(row.id))}
                {can(row, 'submit') &&
                  codes.submit &&
                  confirmLink('确定提交审批吗?', '提交审批', () => submit.mutateAsync(row.id), '已提交审批')}
                {buyerSigns && confirmLink('确定签订该合同吗?', '签订', () => sign.mutateAsync(row.id), '签订成功')}
                {can(row, 'performed') &&
                  codes.progress &&
                  confirmLink(
                    '确认合同已履行完毕?',
                    '履行完毕',
                    () => progress.mutateAsync({ id: row.id, action: 'performed' }),
                    '操作成功',
                  )}
                {can(row, 'change') && codes.change && link('变更', () => setActing({ action: 'change', row }))}
                {['performed', 'warranty', 'closed'].includes(row.state) &&
                  codes.evaluate &&
                  link('履约评价', () => setActing({ action: 'evaluate', row }))}
              </>
            }
            more={[
              ...(can(row, 'warranty') && codes.progress
                ? [
                    {
                      key: 'warranty',
                      label: '进入质保期',
                      code: P.progress,
                      onClick: () => run(() => progress.mutateAsync({ id: row.id, action: 'warranty' }), '操作成功'),
                    },
                  ]
                : []),
              ...(can(row, 'close') && codes.progress
                ? [
                    {
                      key: 'close',
                      label: '关闭',
                      code: P.progress,
                      confirm: '确定关闭该合同吗?',
                      onClick: () => run(() => progress.mutateAsync({ id: row.id, action: 'close' }), '操作成功'),
                    },
                  ]
                : []),
              ...(can(row, 'terminate') && codes.terminate
                ? [
                    {
                      key: 'terminate',
                      label: '终止',
                      code: P.terminate,
                      danger: true,
                      onClick: () => setActing({ action: 'terminate', row }),
                    },
                  ]
                : []),
              ...(can(row, 'void') && codes.void
                ? [
                    {
                      key: 'void',
                      label: '作废',
                      code: P.void,
                      danger: true,
                      onClick: () => setActing({ action: 'void', row }),
                    },
                  ]
                : []),
              ...(row.state === 'draft' ? [list.deleteAction(row)] : []),
            ]}
          />
        );
      },
    },
  ];

  const search = (v: Filters) =>
    list.search({
      name: v.name,
      contractNo: v.contractNo,
      supplierName: v.supplierName,
      sysOrgCode: v.sysOrgCode,
      state: v.state,
      createTimeBegin: v.created?.[0]?.format('YYYY-MM-DD'),
      createTimeEnd: v.created?.[1]?.format('YYYY-MM-DD'),
    });

  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar<Filters> name="contractSearch" form={form} onSearch={search} onReset={list.reset} visibleCount={4}>
        <Form.Item label="合同名称" name="name">
          <Input placeholder="请输入合同名称" allowClear />
        </Form.Item>
        <Form.Item label="合同编号" name="contractNo">
          <Input placeholder="请输入合同编号" allowClear />
        </Form.Item>
        <Form.Item label="供应商" name="supplierName">
          <Input placeholder="请输入供应商名称" allowClear />
        </Form.Item>
        <Form.Item label="状态" name="state">
          <Select
            allowClear
            placeholder="请选择"
            options={CONTRACT_STATE_CODES.map((s) => ({ value: s, label: CONTRACT_STATES[s] }))}
          />
        </Form.Item>
        <Form.Item label="部门编码" name="sysOrgCode">
          <Input placeholder="如 A01A01，含下级部门" allowClear />
        </Form.Item>
        <Form.Item label="创建日期" name="created">
          <DatePicker.RangePicker />
        </Form.Item>
      </SearchBar>
      <CrudToolbar list={list} exportName="合同.xlsx" batchDelete={false} />
      <Table<ContractDto> {...list.table.tableProps} columns={columns} />
      <ContractFormModal open={list.editor.open} contract={list.editor.record} onClose={list.editor.hide} />
      <ContractDetailDrawer contractId={viewing} onClose={() => setViewing(null)} />
      <ContractActionModal
        action={acting?.action ?? null}
        contract={acting?.row ?? null}
        onClose={() => setActing(null)}
      />
    </Card>
  );
}
