import {
  formatDateTime,
  PERMISSIONS,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type ReviewEndStateDto,
  type ReviewTaskDetailDto,
  SIGN_OPINIONS,
  type SignOpinion,
} from '@aps/shared';
import { Alert, App, Button, Card, Form, Input, Popconfirm, Radio, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useCan } from '../../../../../shared/auth/Can.tsx';
import { warnFailure } from '../../../../../shared/list/index.ts';
import { reviewSignApi, useEndReview, useEndState, useSaveAssetsOpinion, useSign } from '../../api-sign.ts';

/** 物资/资产 (PURCHASE_CATEGORIES '2'): signed through purchaseExpertAssets, whose editData may revise the opinion. */
const ASSETS_CATEGORY = '2';

/** The task has reached the signatures: the committee signs or has ended. */
export const signStepVisible = (d: ReviewTaskDetailDto) =>
  ['signing', 'ended'].includes(d.committee.state) && ['signing', 'done'].includes(d.task.state);

interface Values {
  opinion: SignOpinion;
  dissentReason?: string;
}

function ResultBrief({ state }: { state: ReviewEndStateDto }) {
  return (
    <Card size="small" title="评审结果（摘要）">
      <Table
        size="small"
        rowKey="supplierName"
        pagination={false}
        dataSource={state.ranking}
        columns={[
          { title: '排名', dataIndex: 'rank', width: 70, render: (v) => v ?? '—' },
          { title: '投标人', dataIndex: 'supplierName' },
          {
            title: '有效性',
            dataIndex: 'valid',
            width: 200,
            render: (v: boolean, r) =>
              v ? <Tag color="green">有效</Tag> : <Tag color="red">{r.invalidReason ?? '无效'}</Tag>,
          },
          { title: '总分', dataIndex: 'total', width: 100, render: (v) => v ?? '—' },
          { title: '推荐候选人', dataIndex: 'candidate', width: 110, render: (v: boolean) => (v ? '是' : '') },
        ]}
      />
      <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }}>
        推荐中标候选人：{state.candidateNames.length ? state.candidateNames.join('、') : '无'}
      </Typography.Paragraph>
    </Card>
  );
}

function SignForm({
  detail,
  revising,
  onDone,
}: {
  detail: ReviewTaskDetailDto;
  revising: boolean;
  onDone: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const opinion = Form.useWatch('opinion', form);
  const sign = useSign();
  const assets = useSaveAssetsOpinion();
  const isAssets = detail.card.purchaseCategory === ASSETS_CATEGORY;
  const submit = async () => {
    // A failed validation shows itself on the form; it is not an error of the page.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body = { packageId: detail.card.packageId, opinion: v.opinion, dissentReason: v.dissentReason ?? null };
    try {
      await (isAssets ? assets : sign).mutateAsync(body);
      message.success(revising ? '评审意见已修改' : '签字成功');
      onDone();
    } catch (e) {
      warnFailure(message, e, '签字失败');
    }
  };
  return (
    <Form form={form} layout="vertical" initialValues={{ opinion: 'agree' }} style={{ maxWidth: 560 }}>
      <Form.Item name="opinion" label="对评审结论的意见">
        <Radio.Group
          options={Object.entries(SIGN_OPINIONS).map(([value, label]) => ({ value, label }))}
          optionType="button"
        />
      </Form.Item>
      {opinion === 'dissent' && (
        <Form.Item
          name="dissentReason"
          label="不同意理由"
          rules={[{ required: true, whitespace: true, message: REVIEW_MESSAGES.dissentReason }]}
        >
          <Input.TextArea rows={3} maxLength={REVIEW_LIMITS.reason} showCount />
        </Form.Item>
      )}
      <Button type="primary" onClick={submit} loading={sign.isPending || assets.isPending}>
        {revising ? '保存意见' : '签字'}
      </Button>
    </Form>
  );
}

/** 签字: the result in brief, my signature (agree / dissent with a reason), everyone's, 结束评审 and the report. */
export function SignStep({ detail }: { detail: ReviewTaskDetailDto }) {
  const { message } = App.useApp();
  const packageId = detail.card.packageId;
  const { data: state } = useEndState(packageId);
  const end = useEndReview();
  const [revising, setRevising] = useState(false);
  const mayLead = useCan(PERMISSIONS.reviewTask.lead);
  const maySign = useCan(PERMISSIONS.reviewTask.sign);
  const me = detail.committee.members.find((m) => m.id === detail.identity.memberId);
  const ended = detail.committee.state === 'ended';
  const signing = detail.committee.state === 'signing';
  const isLeader = detail.identity.identity === 'leader';
  const allSigned = !!state && state.members > 0 && state.signed === state.members;
  const canRevise = signing && !!me?.signTime && detail.card.purchaseCategory === ASSETS_CATEGORY;
  const endReview = async () => {
    try {
      await end.mutateAsync(packageId);
      message.success('评审已结束');
    } catch (e) {
      warnFailure(message, e, '结束评审失败');
    }
  };
  const download = () =>
    reviewSignApi
      .downloadReport(packageId, `评审报告-${detail.card.purchaseCode}-${detail.card.packageNo}.pdf`)
      .catch((e) => warnFailure(message, e, '下载评审报告失败'));
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      {state && <ResultBrief state={state} />}
      <Card size="small" title="我的签字">
        {me?.signTime && !revising ? (
          <Space direction="vertical">
            <span>
              已于 {formatDateTime(me.signTime)} 签字：
              <Tag color={me.signOpinion === 'dissent' ? 'red' : 'green'}>
                {me.signOpinion ? SIGN_OPINIONS[me.signOpinion] : ''}
              </Tag>
              {me.dissentReason && <span>理由：{me.dissentReason}</span>}
            </span>
            {canRevise && maySign && (
              <Button size="small" onClick={() => setRevising(true)}>
                修改意见
              </Button>
            )}
          </Space>
        ) : signing && maySign ? (
          <SignForm detail={detail} revising={revising} onDone={() => setRevising(false)} />
        ) : (
          <Typography.Text type="secondary">评审尚未进入签字环节</Typography.Text>
        )}
      </Card>
      <Card
        size="small"
        title={`成员签字${state ? `（${state.signed}/${state.members}）` : ''}`}
        extra={
          <Space>
            {isLeader && mayLead && signing && (
              <Popconfirm
                title="确定结束评审吗？结束后不能再修改评审结果。"
                onConfirm={endReview}
                disabled={!allSigned}
              >
                <Button type="primary" disabled={!allSigned} loading={end.isPending}>
                  结束评审
                </Button>
              </Popconfirm>
            )}
            {ended && (
              <Button type="primary" onClick={download}>
                下载评审报告
              </Button>
            )}
          </Space>
        }
      >
        {isLeader && signing && !allSigned && (
          <Alert type="info" showIcon style={{ marginBottom: 12 }} message="全部评审成员签字后，组长可以结束评审。" />
        )}
        {ended && <Alert type="success" showIcon style={{ marginBottom: 12 }} message="评审已结束。" />}
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={detail.committee.members.filter((m) => !['avoided', 'declined', 'replaced'].includes(m.state))}
          columns={[
            { title: '成员', dataIndex: 'realname', render: (v, m) => (m.isLeader ? `${v}（组长）` : v) },
            {
              title: '签字时间',
              dataIndex: 'signTime',
              width: 180,
              render: (v: string | null) => (v ? formatDateTime(v) : <Tag>未签字</Tag>),
            },
            {
              title: '意见',
              dataIndex: 'signOpinion',
              width: 90,
              render: (v: SignOpinion | null) => (v ? SIGN_OPINIONS[v] : '—'),
            },
            { title: '不同意理由', dataIndex: 'dissentReason', render: (v) => v ?? '' },
          ]}
        />
      </Card>
    </Space>
  );
}
