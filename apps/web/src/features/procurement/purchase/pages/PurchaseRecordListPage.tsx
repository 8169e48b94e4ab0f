import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import type { PageResult, PurchaseRecordDto } from '@aps/shared';
import { PAGE_SIZE_OPTIONS, PURCHASE_SUPER_QUERY_FIELDS, SUPER_QUERY_LISTS } from '@aps/shared/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Modal, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { http } from '../../../../shared/http.ts';
import { nextPageCursor, type PageCursor, totalText, withCursor } from '../../../../shared/list/query.ts';
import { useTableScroll } from '../../../../shared/stores/app.ts';
import { type ActiveSuperQuery, SuperQuery, superQueryParams } from '../../../../shared/superQuery/index.ts';
import { PackageStatePanel, ProcurementInfoPanel } from '../components/ProcurementInfoPanel.tsx';
import { PurchaseStageTag } from '../components/PurchaseStageTag.tsx';

interface Filters {
  purchaseName?: string;
  purchaseCode?: string;
}

/**
 * 采购记录 (menu component purchase/RecordList, keepAlive): search and page through the purchase records the
 * user's data scope allows. Its filters, page and scroll survive a tab switch (keep-alive).
 */
export default function PurchaseRecordListPage() {
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [superQuery, setSuperQuery] = useState<ActiveSuperQuery | null>(null);
  const [detail, setDetail] = useState<PurchaseRecordDto | null>(null);
  const scroll = useTableScroll();

  /** Set when the user steps to the next page: it is read after the last row on screen (keyset, issue 11 §2). */
  const [cursor, setCursor] = useState<PageCursor | null>(null);
  const params = withCursor(
    {
      ...page,
      purchaseName: filters.purchaseName || undefined,
      purchaseCode: filters.purchaseCode || undefined,
      ...superQueryParams(superQuery),
    },
    cursor,
  );

  const list = useQuery({
    queryKey: ['purchase-record', params],
    queryFn: () => http.get<PageResult<PurchaseRecordDto>>('/purchase/purchaseRecord/list', params),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<PurchaseRecordDto> = [
    { title: '采购编号', dataIndex: 'purchaseCode', width: 170 },
    { title: '采购名称', dataIndex: 'purchaseName', ellipsis: true },
    { title: '标段', dataIndex: 'packageName', width: 140, ellipsis: true },
    {
      title: '采购阶段',
      dataIndex: 'purchaseStage',
      width: 150,
      render: (value: string) => <PurchaseStageTag value={value} />,
    },
    { title: '创建时间', dataIndex: 'createTime', width: 180 },
    {
      title: '操作',
      key: 'action',
      width: 90,
      fixed: 'right',
      render: (_: unknown, record) => (
        <Button type="link" size="small" onClick={() => setDetail(record)}>
          详情
        </Button>
      ),
    },
  ];

  return (
    <Card variant="borderless">
      <Form
        form={form}
        layout="inline"
        onFinish={(values) => {
          setFilters(values);
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
        style={{ marginBottom: 16, rowGap: 12 }}
      >
        <Form.Item label="采购名称" name="purchaseName">
          <Input placeholder="请输入采购名称" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="采购编号" name="purchaseCode">
          <Input placeholder="请输入采购编号" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              查询
            </Button>
            <Button
              icon={<UndoOutlined />}
              onClick={() => {
                form.resetFields();
                setFilters({});
                setPage((p) => ({ ...p, pageNo: 1 }));
              }}
            >
              重置
            </Button>
            <SuperQuery
              listKey={SUPER_QUERY_LISTS.purchaseRecord}
              fields={PURCHASE_SUPER_QUERY_FIELDS}
              value={superQuery}
              onSearch={(next) => {
                setSuperQuery(next);
                setPage((p) => ({ ...p, pageNo: 1 }));
              }}
            />
          </Space>
        </Form.Item>
      </Form>
      <Table<PurchaseRecordDto>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        scroll={scroll}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
          showTotal: (total, range) => totalText(total, range, list.data?.totalEstimated),
          onChange: (pageNo, pageSize) => {
            setCursor(nextPageCursor(params, list.data?.records.at(-1)?.id));
            setPage({ pageNo, pageSize });
          },
        }}
      />
      {/* §2 details modal (1200): the procurement information panel and the package's selection state. */}
      <Modal
        open={detail !== null}
        title="采购详情"
        width={1200}
        footer={null}
        destroyOnHidden
        onCancel={() => setDetail(null)}
      >
        {detail && (
          <Flex vertical gap={16}>
            <ProcurementInfoPanel record={detail} />
            <PackageStatePanel record={detail} />
          </Flex>
        )}
      </Modal>
    </Card>
  );
}
