import type { RectificationDto } from '@aps/shared';
import {
  canRectify,
  FINDING_SEVERITIES,
  PERMISSIONS,
  RECTIFICATION_API,
  RECTIFICATION_STATES,
} from '@aps/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { App, Card, Form, Input, Popconfirm, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Can } from '../../../../shared/auth/Can.tsx';
import { downloadBlob, warnFailure } from '../../../../shared/list/download.ts';
import { ListToolbar } from '../../../../shared/list/ListToolbar.tsx';
import { SearchBar } from '../../../../shared/list/SearchBar.tsx';
import { useServerTable } from '../../../../shared/list/useServerTable.ts';
import { SEVERITY_COLORS } from '../../inspection/components/InspectionDrawer.tsx';
import { rectificationKeys, reviewRectification } from '../api.ts';
import { AnswerModal } from '../components/AnswerModal.tsx';
import { RECT_STATE_COLORS, RectificationDrawer } from '../components/RectificationDrawer.tsx';
import { ReturnModal } from '../components/ReturnModal.tsx';

interface Filters {
  rectNo?: string;
  addresseeName?: string;
  state?: string;
  overdue?: string;
}
const P = PERMISSIONS.rectification;
const STATE_OPTIONS = Object.entries(RECTIFICATION_STATES).map(([value, label]) => ({ value, label }));

/** The columns 整改管理 and 我的整改 share. */
export const rectificationColumns = (open: (id: string) => void): TableColumnsType<RectificationDto> => [
  {
    title: '整改单号',
    dataIndex: 'rectNo',
    width: 170,
    fixed: 'left',
    render: (v: string, r) => <Typography.Link onClick={() => open(r.id)}>{v}</Typography.Link>,
  },
  { title: '问题描述', dataIndex: 'findingDescription', width: 240, ellipsis: true },
  {
    title: '严重程度',
    dataIndex: 'severity',
    width: 90,
    render: (v: RectificationDto['severity']) => <Tag color={SEVERITY_COLORS[v]}>{FINDING_SEVERITIES[v]}</Tag>,
  },
  { title: '整改对象', dataIndex: 'addresseeName', width: 200, ellipsis: true },
  { title: '整改期限', dataIndex: 'deadline', width: 110 },
  {
    title: '状态',
    dataIndex: 'state',
    width: 150,
    render: (v: RectificationDto['state'], r) => (
      <Space size={4}>
        <Tag color={RECT_STATE_COLORS[v]}>{RECTIFICATION_STATES[v]}</Tag>
        {r.overdue ? <Tag color="red">逾期</Tag> : null}
        {r.state === 'answered' && ['2', '3', '6'].includes(r.approvalStatus) ? <Tag>复核审批中</Tag> : null}
      </Space>
    ),
  },
];

/** 整改管理 (supervision/RectificationList): supervisors review and return; a department answers its own orders. */
export default function RectificationListPage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Filters>();
  const table = useServerTable<RectificationDto>({
    queryKey: rectificationKeys.all,
    url: RECTIFICATION_API.list,
    scrollX: 1300,
  });
  const [viewing, setViewing] = useState<string | null>(null);
  const [answering, setAnswering] = useState<RectificationDto | null>(null);
  const [returning, setReturning] = useState<RectificationDto | null>(null);

  async function review(row: RectificationDto) {
    try {
      await reviewRectification(row.id);
      await client.invalidateQueries({ queryKey: rectificationKeys.all });
      message.success('已提交审批');
    } catch (err) {
      warnFailure(message, err, '提交失败');
    }
  }

  const columns: TableColumnsType<RectificationDto> = [
    ...rectificationColumns(setViewing),
    { title: '检查名称', dataIndex: 'inspectionTitle', width: 200, ellipsis: true },
    {
      title: '操作',
      key: 'action',
      width: 220,
      fixed: 'right',
      render: (_, row) => (
        <Space>
          <Typography.Link onClick={() => setViewing(row.id)}>详情</Typography.Link>
          {row.addresseeType === 'depart' && canRectify('answer', row.state) ? (
            <Can code={P.handle}>
              <Typography.Link onClick={() => setAnswering(row)}>提交整改</Typography.Link>
            </Can>
          ) : null}
          {canRectify('review', row.state, row.approvalStatus) ? (
            <Can code={P.close}>
              <Popconfirm title="确定复核通过并提交关闭审批吗?" onConfirm={() => review(row)}>
                <Typography.Link>复核通过</Typography.Link>
              </Popconfirm>
            </Can>
          ) : null}
          {canRectify('giveBack', row.state, row.approvalStatus) ? (
            <Can code={P.close}>
              <Typography.Link onClick={() => setReturning(row)}>退回</Typography.Link>
            </Can>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar<Filters> name="rectificationSearch" form={form} onSearch={table.search} onReset={table.reset}>
        <Form.Item label="整改单号" name="rectNo">
          <Input placeholder="请输入整改单号" allowClear />
        </Form.Item>
        <Form.Item label="整改对象" name="addresseeName">
          <Input placeholder="请输入整改对象" allowClear />
        </Form.Item>
        <Form.Item label="状态" name="state">
          <Select placeholder="请选择" allowClear options={STATE_OPTIONS} />
        </Form.Item>
        <Form.Item label="是否逾期" name="overdue">
          <Select
            placeholder="请选择"
            allowClear
            options={[
              { value: '1', label: '是' },
              { value: '0', label: '否' },
            ]}
          />
        </Form.Item>
      </SearchBar>
      <ListToolbar
        onExport={() => downloadBlob(RECTIFICATION_API.exportXls, '整改单.xlsx', { ...form.getFieldsValue() })}
        exportCode={P.export}
      />
      <Table<RectificationDto> {...table.tableProps} columns={columns} />
      <RectificationDrawer id={viewing} supplier={false} onClose={() => setViewing(null)} />
      <AnswerModal order={answering} supplier={false} onClose={() => setAnswering(null)} />
      <ReturnModal order={returning} onClose={() => setReturning(null)} />
    </Card>
  );
}
