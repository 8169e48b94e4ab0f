import {
  CAMPAIGN_CHECK_KIND_CODES,
  CAMPAIGN_CHECK_KINDS,
  type CampaignCheckDto,
  type CampaignCheckKind,
  CHECK_OUTCOMES,
  REVIEW_LIMITS,
  type ReviewResultDto,
} from '@aps/shared';
import { Alert, App, Button, Form, Input, Modal, Radio, Space, Spin, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { warnFailure } from '../../../../shared/list/index.ts';
import { useCampaignCheck, useReviewResult } from '../api-result.ts';

type Row = ReviewResultDto['ranking'][number];
interface Editing {
  row: Row;
  kind: CampaignCheckKind;
  current?: CampaignCheckDto;
}

const OUTCOME_COLORS = { pending: 'default', passed: 'green', failed: 'red' } as const;

function CheckCell({ check, onEdit, canEdit }: { check?: CampaignCheckDto; onEdit: () => void; canEdit: boolean }) {
  return (
    <Space size={4}>
      {check ? (
        <Tag color={check.result === 'pass' ? 'green' : 'red'} title={check.findings ?? undefined}>
          {check.result === 'pass' ? '通过' : '不通过'}
        </Tag>
      ) : (
        <Tag>未核查</Tag>
      )}
      {canEdit && (
        <Button type="link" size="small" onClick={onEdit}>
          {check ? '修改' : '核查'}
        </Button>
      )}
    </Space>
  );
}

/**
 * 竞选核查 of one package: the ranked candidates (and those a check disqualified) with the four checks; the leader
 * records 通过 / 不通过 (with findings). A failure disqualifies the candidate and the server promotes the next.
 */
export function CampaignCheckPanel({ packageId, canEdit }: { packageId: string; canEdit: boolean }) {
  const { message } = App.useApp();
  const { data, isLoading, error } = useReviewResult(packageId);
  const save = useCampaignCheck();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [form] = Form.useForm<{ result: 'pass' | 'fail'; findings?: string }>();
  if (isLoading) return <Spin />;
  if (error || !data)
    return <Alert type="warning" showIcon message={(error as Error)?.message ?? '评审结果加载失败'} />;
  const checkOf = (bidId: string, kind: CampaignCheckKind) =>
    data.checks?.find((k) => k.bidId === bidId && k.kind === kind);
  const rows = data.ranking.filter((r) => r.candidate || r.campaignCheck === 'failed');
  const columns: TableColumnsType<Row> = [
    { title: '排名', dataIndex: 'rank', width: 64 },
    {
      title: '中标候选人',
      dataIndex: 'supplierName',
      width: 200,
      render: (name: string, r) => (
        <Space size={4} wrap>
          <span>{name}</span>
          {!r.candidate && <Tag color="red">已取消资格</Tag>}
        </Space>
      ),
    },
    { title: '总分', dataIndex: 'total', width: 80 },
    ...CAMPAIGN_CHECK_KIND_CODES.map((kind) => ({
      title: CAMPAIGN_CHECK_KINDS[kind],
      key: kind,
      width: 150,
      render: (_: unknown, r: Row) => (
        <CheckCell
          check={checkOf(r.bidId, kind)}
          canEdit={canEdit && r.candidate}
          onEdit={() => {
            const current = checkOf(r.bidId, kind);
            form.setFieldsValue({ result: current?.result ?? 'pass', findings: current?.findings ?? '' });
            setEditing({ row: r, kind, ...(current ? { current } : {}) });
          }}
        />
      ),
    })),
    {
      title: '核查结论',
      dataIndex: 'campaignCheck',
      width: 100,
      render: (o: Row['campaignCheck']) => <Tag color={OUTCOME_COLORS[o]}>{CHECK_OUTCOMES[o]}</Tag>,
    },
  ];
  const submit = async () => {
    if (!editing) return;
    let v: { result: 'pass' | 'fail'; findings?: string };
    try {
      v = await form.validateFields();
    } catch {
      return; // The form shows what is missing.
    }
    try {
      await save.mutateAsync({
        kind: editing.kind,
        packageId,
        bidId: editing.row.bidId,
        result: v.result,
        findings: v.findings?.trim() || null,
      });
      message.success(v.result === 'fail' ? '已记录核查不通过，候选人已依次递补' : '核查结果已保存');
      setEditing(null);
    } catch (e) {
      warnFailure(message, e, '保存失败');
    }
  };
  return (
    <>
      {data.electionStatus === '0' && (
        <Alert
          type="error"
          showIcon
          message={`本标包已流标：${data.failureReason ?? ''}`}
          style={{ marginBottom: 12 }}
        />
      )}
      <Table<Row>
        size="small"
        rowKey="bidId"
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={columns}
        dataSource={rows}
        locale={{ emptyText: '暂无推荐的中标候选人' }}
      />
      <Modal
        title={editing ? `${CAMPAIGN_CHECK_KINDS[editing.kind]}：${editing.row.supplierName}` : ''}
        open={!!editing}
        onCancel={() => setEditing(null)}
        onOk={submit}
        okText="保存"
        confirmLoading={save.isPending}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical">
          <Form.Item label="核查结果" name="result" rules={[{ required: true, message: '请选择核查结果' }]}>
            <Radio.Group
              options={[
                { value: 'pass', label: '通过' },
                { value: 'fail', label: '不通过' },
              ]}
            />
          </Form.Item>
          <Form.Item
            label="核查情况"
            name="findings"
            dependencies={['result']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, v?: string) =>
                  getFieldValue('result') === 'fail' && !v?.trim()
                    ? Promise.reject(new Error('核查不通过须填写核查情况'))
                    : Promise.resolve(),
              }),
            ]}
          >
            <Input.TextArea rows={4} maxLength={REVIEW_LIMITS.findings} placeholder="核查情况" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
