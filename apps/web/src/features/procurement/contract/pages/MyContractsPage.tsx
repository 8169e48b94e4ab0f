import { CONTRACT_API, type ContractDto, PERMISSIONS } from '@aps/shared';
import { App, Button, Card, Popconfirm, Table, type TableColumnsType } from 'antd';
import { useCan } from '../../../../shared/auth/Can.tsx';
import { useInvalidatingMutation, useServerTable, warnFailure } from '../../../../shared/list/index.ts';
import { contractKeys, myContractApi } from '../api.ts';
import { contractColumns } from '../components/ContractStateTag.tsx';

/** 我的合同 (the supplier's portal): its own contracts from 待签订 on, and its confirmation (签订). */
export default function MyContractsPage() {
  const { message } = App.useApp();
  const canSign = useCan(PERMISSIONS.contractSupplier.sign);
  const table = useServerTable<ContractDto>({
    queryKey: contractKeys.mine,
    url: CONTRACT_API.supplierList,
    defaultSort: null,
    scrollX: 1300,
  });
  const sign = useInvalidatingMutation(myContractApi.sign, [contractKeys.mine]);

  const columns: TableColumnsType<ContractDto> = [
    contractColumns.no,
    contractColumns.name,
    contractColumns.state,
    contractColumns.amount,
    contractColumns.term,
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
      <Table<ContractDto> {...table.tableProps} columns={columns} />
    </Card>
  );
}
