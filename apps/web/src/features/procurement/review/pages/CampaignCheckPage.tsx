import { PURCHASE_METHODS, type ReviewTaskRowDto } from '@aps/shared';
import { Alert, Card, Empty, Spin, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useLeadingTasks } from '../api-result.ts';
import { CampaignCheckPanel } from '../components/CampaignCheckPanel.tsx';

/** 竞选核查 (issue 15 §9): the packages in 组长汇总 that I lead; pick one to check its recommended candidates. */
export default function CampaignCheckPage() {
  const { data, isLoading, error } = useLeadingTasks();
  const [picked, setPicked] = useState<string | null>(null);
  const packageId = picked ?? (data?.length === 1 ? (data[0]?.packageId ?? null) : null);
  const columns: TableColumnsType<ReviewTaskRowDto> = [
    { title: '采购编号', dataIndex: 'purchaseCode', width: 160 },
    { title: '采购名称', dataIndex: 'purchaseName', width: 220, ellipsis: true },
    { title: '标包名称', dataIndex: 'packageName', width: 200, ellipsis: true },
    {
      title: '采购方式',
      dataIndex: 'purchaseMethod',
      width: 110,
      render: (m: keyof typeof PURCHASE_METHODS) => PURCHASE_METHODS[m] ?? m,
    },
  ];
  const current = data?.find((t) => t.packageId === packageId);
  return (
    <Card variant="borderless" className="aps-list-page">
      {error && <Alert type="warning" showIcon message={(error as Error).message} />}
      {isLoading ? (
        <Spin />
      ) : (
        <Table<ReviewTaskRowDto>
          size="small"
          rowKey="packageId"
          pagination={false}
          columns={columns}
          dataSource={data ?? []}
          locale={{ emptyText: '暂无由我担任组长、处于组长汇总的标包' }}
          rowSelection={{
            type: 'radio',
            selectedRowKeys: packageId ? [packageId] : [],
            onChange: (keys) => setPicked((keys[0] as string) ?? null),
          }}
          onRow={(r) => ({ onClick: () => setPicked(r.packageId) })}
        />
      )}
      <Card size="small" title={current ? `竞选核查：${current.packageName}` : '竞选核查'} style={{ marginTop: 16 }}>
        {packageId ? <CampaignCheckPanel packageId={packageId} canEdit /> : <Empty description="请选择标包" />}
      </Card>
    </Card>
  );
}
