import {
  CLARIFICATION_KINDS,
  CLARIFICATION_STATES,
  type ClarificationDto,
  type ClarificationState,
  type ClarifyPackageDto,
  COMMITTEE_STATES,
  INVALID_REASONS,
  REVIEW_IDENTITIES,
  REVIEW_LIMITS,
} from '@aps/shared';
import {
  App,
  Button,
  DatePicker,
  Descriptions,
  Form,
  Input,
  Modal,
  Space,
  Spin,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { warnFailure } from '../../../../shared/list/index.ts';
import { ModalForm } from '../../../../shared/list/ModalForm.tsx';
import { downloadStoredFile } from '../../../../shared/upload/api.ts';
import { useClarifyAdd, useClarifyDecide, useClarifyPackage } from '../api-clarify.ts';

const STATE_COLORS: Record<ClarificationState | 'none', string> = {
  none: 'default',
  open: 'orange',
  answered: 'blue',
  accepted: 'green',
  rejected: 'red',
  unanswered: 'red',
};
export const ClarifyStateTag = ({ state }: { state: ClarificationState | 'none' }) =>
  state === 'none' ? <span>—</span> : <Tag color={STATE_COLORS[state]}>{CLARIFICATION_STATES[state]}</Tag>;

export const timeText = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');

/** The answer's files as download links (the stored path and the original name). */
export function AnswerFiles({ files }: { files: ClarificationDto['answerFiles'] }) {
  if (files.length === 0) return null;
  return (
    <Space size={4} wrap>
      {files.map((f) => (
        <Button key={f.fileId} type="link" size="small" onClick={() => void downloadStoredFile(f.filePath, f.fileName)}>
          {f.fileName}
        </Button>
      ))}
    </Space>
  );
}

/** A round's quote: sealed until the round closes, then the price or the 下浮率 with its evaluated price. */
export const roundQuoteText = (c: ClarificationDto) => {
  if (c.kind !== 'round') return '—';
  if (c.evaluatedPrice) return c.rate ? `下浮率 ${c.rate}（评标价 ${c.evaluatedPrice} 元）` : `${c.evaluatedPrice} 元`;
  return c.state === 'answered' ? '密封中' : '—';
};

/** The request's columns both lists show (the committee's and the supplier's): kind, question, deadline, answer. */
export function requestColumns<T extends ClarificationDto>(answerTitle: string): TableColumnsType<T> {
  return [
    {
      title: '类型',
      key: 'kind',
      width: 110,
      render: (_, c) => (c.kind === 'round' ? `第${c.roundNo}轮报价` : CLARIFICATION_KINDS[c.kind]),
    },
    { title: '澄清内容', dataIndex: 'question', width: 240, ellipsis: true },
    { title: '答复截止', dataIndex: 'deadline', width: 150, render: timeText },
    { title: '状态', dataIndex: 'state', width: 100, render: (s: ClarificationState) => <ClarifyStateTag state={s} /> },
    {
      title: answerTitle,
      key: 'answer',
      width: 230,
      render: (_, c) =>
        c.answer ? (
          <>
            <div>{c.answer}</div>
            <AnswerFiles files={c.answerFiles} />
          </>
        ) : (
          '—'
        ),
    },
    { title: '本轮报价', key: 'quote', width: 150, render: (_, c) => roundQuoteText(c) },
  ];
}

interface AskValues {
  question: string;
  deadline: Dayjs;
}

type Ask = { kind: 'clarify'; bidId: string; supplierName: string } | { kind: 'round'; bidId: string; roundNo: number };

/**
 * 报价澄清 of one package for its committee: the bids with their clarification state and evaluated price, every
 * clarification and round with the supplier's answer; the leader (组长汇总) opens a clarification for a bid or the
 * next quotation round for every valid bid, and accepts or rejects an answered clarification.
 */
export function ClarifyPanel({ packageId }: { packageId: string }) {
  const { message } = App.useApp();
  const { data, isLoading } = useClarifyPackage(packageId);
  const add = useClarifyAdd();
  const decide = useClarifyDecide();
  const [form] = Form.useForm<AskValues>();
  const [ask, setAsk] = useState<Ask | null>(null);
  const [deciding, setDeciding] = useState<ClarificationDto | null>(null);
  const [note, setNote] = useState('');
  // Once per opened dialog: ModalForm resets the fields whenever initialValues changes identity.
  const askInitial = useMemo<Partial<AskValues>>(
    () => ({
      question: ask?.kind === 'round' ? `请在截止时间前提交第${ask.roundNo}轮报价（不得高于上一轮报价）。` : '',
      deadline: dayjs().add(1, 'day').startOf('hour'),
    }),
    [ask],
  );
  if (isLoading || !data) return <Spin />;

  const leads = data.identity === 'leader' && data.committeeState === 'summarizing' && data.purchaseStage === 8;
  const nextRound = data.currentRoundNo + 1;
  const firstValid = data.bids.find((b) => b.valid);
  const mayRound =
    leads && data.scoreType !== '3' && nextRound <= data.quotationRoundCount && !data.openRoundNo && !!firstValid;

  const submitDecision = async (decision: 'accepted' | 'rejected') => {
    if (!deciding) return;
    try {
      await decide.mutateAsync({ id: deciding.id, decision, note: note.trim() || null });
      message.success(decision === 'accepted' ? '已接受澄清' : '已拒绝澄清，该投标无效');
      setDeciding(null);
    } catch (e) {
      warnFailure(message, e, '操作失败');
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions size="small" column={3} bordered>
        <Descriptions.Item label="标包">{`${data.purchaseName} / ${data.packageName}`}</Descriptions.Item>
        <Descriptions.Item label="我的身份">{REVIEW_IDENTITIES[data.identity]}</Descriptions.Item>
        <Descriptions.Item label="评审状态">{COMMITTEE_STATES[data.committeeState]}</Descriptions.Item>
        <Descriptions.Item label="报价轮次">
          {data.scoreType === '3' ? '一次报价' : `第 ${data.currentRoundNo} 轮 / 共 ${data.quotationRoundCount} 轮`}
        </Descriptions.Item>
        <Descriptions.Item label="进行中的轮次">
          {data.openRoundNo ? `第 ${data.openRoundNo} 轮（报价密封中）` : '无'}
        </Descriptions.Item>
      </Descriptions>
      <Table<ClarifyPackageDto['bids'][number]>
        rowKey="bidId"
        size="small"
        pagination={false}
        title={() => (
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <Typography.Text strong>投标人</Typography.Text>
            {mayRound && firstValid && (
              <Button onClick={() => setAsk({ kind: 'round', bidId: firstValid.bidId, roundNo: nextRound })}>
                {`开启第${nextRound}轮报价`}
              </Button>
            )}
          </Space>
        )}
        dataSource={data.bids}
        columns={[
          { title: '投标人', dataIndex: 'supplierName' },
          { title: '评标价（元）', dataIndex: 'evaluatedPrice', width: 140, render: (v: string | null) => v ?? '—' },
          {
            title: '有效性',
            key: 'valid',
            width: 200,
            render: (_, b) =>
              b.valid ? (
                <Tag color="green">有效</Tag>
              ) : (
                <Tag color="red">{`无效：${b.invalidReason ? INVALID_REASONS[b.invalidReason] : ''}`}</Tag>
              ),
          },
          {
            title: '报价澄清',
            dataIndex: 'clarification',
            width: 110,
            render: (s: ClarificationState | 'none') => <ClarifyStateTag state={s} />,
          },
          {
            title: '操作',
            key: 'action',
            width: 110,
            render: (_, b) =>
              leads && b.valid && b.clarification !== 'open' ? (
                <Button
                  type="link"
                  size="small"
                  onClick={() => setAsk({ kind: 'clarify', bidId: b.bidId, supplierName: b.supplierName })}
                >
                  发起澄清
                </Button>
              ) : null,
          },
        ]}
      />
      <Table<ClarificationDto>
        rowKey="id"
        size="small"
        pagination={false}
        title={() => <Typography.Text strong>报价澄清与多轮报价</Typography.Text>}
        dataSource={data.clarifications}
        locale={{ emptyText: '暂无报价澄清' }}
        scroll={{ x: 1100 }}
        columns={[
          { title: '投标人', dataIndex: 'supplierName', width: 160 },
          ...requestColumns<ClarificationDto>('供应商答复'),
          { title: '决定说明', dataIndex: 'decisionNote', width: 140, render: (v: string | null) => v ?? '—' },
          {
            title: '操作',
            key: 'action',
            width: 100,
            fixed: 'right',
            render: (_, c) =>
              leads && c.kind === 'clarify' && c.state === 'answered' ? (
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    setNote('');
                    setDeciding(c);
                  }}
                >
                  决定
                </Button>
              ) : null,
          },
        ]}
      />
      <ModalForm<AskValues>
        name="clarifyAsk"
        open={!!ask}
        title={ask?.kind === 'round' ? `开启第${ask.roundNo}轮报价` : `发起报价澄清：${ask?.supplierName ?? ''}`}
        form={form}
        width={640}
        initialValues={askInitial}
        okText={ask?.kind === 'round' ? '开启本轮' : '发起澄清'}
        onClose={() => setAsk(null)}
        onSubmit={async (v) => {
          if (!ask) return;
          await add.mutateAsync({
            packageId,
            bidId: ask.bidId,
            kind: ask.kind,
            ...(ask.kind === 'round' ? { roundNo: ask.roundNo } : {}),
            question: v.question,
            deadline: v.deadline.format('YYYY-MM-DD HH:mm:ss'),
          });
          message.success(ask.kind === 'round' ? '已开启新一轮报价' : '已发起报价澄清');
        }}
      >
        <Form.Item
          label="澄清内容"
          name="question"
          rules={[{ required: true, whitespace: true, message: '请输入澄清内容' }]}
        >
          <Input.TextArea rows={4} maxLength={REVIEW_LIMITS.question} showCount />
        </Form.Item>
        <Form.Item label="答复截止" name="deadline" rules={[{ required: true, message: '请选择答复截止时间' }]}>
          <DatePicker showTime format="YYYY-MM-DD HH:mm" disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
        </Form.Item>
      </ModalForm>
      <Modal
        title={`报价澄清决定：${deciding?.supplierName ?? ''}`}
        open={!!deciding}
        onCancel={() => setDeciding(null)}
        destroyOnHidden
        footer={
          <Space>
            <Button onClick={() => setDeciding(null)}>取消</Button>
            <Button danger loading={decide.isPending} onClick={() => void submitDecision('rejected')}>
              拒绝（投标无效）
            </Button>
            <Button type="primary" loading={decide.isPending} onClick={() => void submitDecision('accepted')}>
              接受
            </Button>
          </Space>
        }
      >
        {deciding && (
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 12 }}>
            <Descriptions.Item label="澄清内容">{deciding.question}</Descriptions.Item>
            <Descriptions.Item label="供应商答复">
              {deciding.answer}
              <AnswerFiles files={deciding.answerFiles} />
            </Descriptions.Item>
          </Descriptions>
        )}
        <Input.TextArea
          aria-label="决定说明"
          placeholder="决定说明（选填）"
          rows={3}
          maxLength={REVIEW_LIMITS.note}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </Modal>
    </Space>
  );
}
