import { type ContractDto, PERMISSIONS } from '@aps/shared';
import { PAGE_SIZE_OPTIONS } from '@aps/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useCan } from '../../../../shared/auth/Can.tsx';
import { Money } from '../../../../shared/controls/index.ts';
import { useInvalidatingMutation, warnFailure } from '../../../../shared/list/index.ts';
import { useTableScroll } from '../../../../shared/stores/app.ts';
import { contractKeys, myContractApi } from '../api.ts';
import { ContractStateTag } from '../components/ContractStateTag.tsx';

/** 我的合同 (the supplier's portal): its own contracts from 待签订 on, and its confirmation (签订). */
export default function MyContractsPage() {
  const { message } = App.useApp();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const scroll = useTableScroll();
  const canSign = useCan(PERMISSIONS.contractSupplier.sign);
  const list = useQuery({
    queryKey: [...contractKeys.mine, page],
    queryFn: ({ signal }) => myContractApi.list(page, signal),
  });
  const sign = useInvalidatingMutation(myContractApi.sign, [contractKeys.mine]);

  const columns: TableColumnsType<ContractDto> = [
    { title: '合同编号', dataIndex: 'contractNo', width: 150 },
    { title: '合同名称', dataIndex: 'name', ellipsis: true },
    {
      title: '状态',
      dataIndex: 'state',
      width: 100,
      render: (s: ContractDto['state']) => <ContractStateTag state={s} />,
    },
    {
      title: '合同金额（元）',
      dataIndex: 'amount',
      width: 150,
      align: 'right',
      render: (v: string) => <Money value={v} />,
    },
    { title: '合同期限', key: 'term', width: 210, render: (_, r) => `${r.termStart} 至 ${r.termEnd}` },
    { title: '付款条件', dataIndex: 'payTerms', width: 200, ellipsis: true },
    {
      title: '签订',
      key: 'signed',
      width: 200,
      render: (_, r) => `采购方${r.buyerSignedAt ? '已签' : '未签'} / 我方${r.supplierSignedAt ? '已签' : '未签'}`,
    },
    {
      title: '操作',
      key: 'action',
      width: 100,
      fixed: 'right',
      render: (_, r) =>
        r.state === 'to_sign' && !r.supplierSignedAt && canSign ? (
          <Popconfirm
            title="确认签订该合同吗?"
            onConfirm={async () => {
              try {
                await sign.mutateAsync(r.id);
                message.success('签订成功');
              } catch (err) {
                warnFailure(message, err, '签订失败');
              }
            }}
          >
            <Button type="link" size="small">
              确认签订
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <Table<ContractDto>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        scroll={{ x: scroll?.x ?? 1300 }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
          showTotal: (total) => `共 ${total} 条`,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
      />
    </Card>
  );
}
