import { PERMISSIONS, REVIEW_API, REVIEW_LIMITS, type SupplierClarificationDto } from '@aps/shared';
import { checkQuote } from '@aps/shared/constants';
import { Alert, Button, Form, Input, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useCan } from '../../../../shared/auth/Can.tsx';
import { useServerTable } from '../../../../shared/list/index.ts';
import { ModalForm } from '../../../../shared/list/ModalForm.tsx';
import { FileUpload } from '../../../../shared/upload/index.ts';
import { clarifyKeys, useClarifyAnswer } from '../api-clarify.ts';
import { requestColumns, timeText } from './ClarifyPanel.tsx';

interface AnswerValues {
  answer: string;
  files?: string;
  price?: string;
  rate?: string;
}

/** A constant: ModalForm resets the fields whenever initialValues changes identity. */
const EMPTY_ANSWER: AnswerValues = { answer: '', files: '' };

const past = (deadline: string) => new Date(deadline).getTime() <= Date.now();

/**
 * 我的投标 → 报价澄清 (the supplier): the clarifications and quotation rounds the committees asked of the caller's
 * supplier, open ones first; 答复 before the deadline with text and files, and for a round the new quote (sealed
 * until the round closes; not above the current evaluated price nor the 最高限价).
 */
export function SupplierClarifyTab() {
  const table = useServerTable<SupplierClarificationDto>({
    queryKey: clarifyKeys.mine,
    url: REVIEW_API.supplierClarifyList,
    defaultSort: null,
    scrollX: 1300,
  });
  const { rowSelection: _, ...tableProps } = table.tableProps;
  const mayAnswer = useCan(PERMISSIONS.supplierClarify.answer);
  const answer = useClarifyAnswer();
  const [form] = Form.useForm<AnswerValues>();
  const [current, setCurrent] = useState<SupplierClarificationDto | null>(null);
  const byRate = current?.quoteKind === 'rate';
  const columns: TableColumnsType<SupplierClarificationDto> = [
    { title: '采购名称', dataIndex: 'purchaseName', width: 200, ellipsis: true },
    { title: '标包', dataIndex: 'packageName', width: 160, ellipsis: true },
    ...requestColumns<SupplierClarificationDto>('我的答复'),
    {
      title: '操作',
      key: 'action',
      width: 90,
      fixed: 'right',
      render: (_, c) =>
        mayAnswer && c.state === 'open' && !past(c.deadline) ? (
          <Button type="link" size="small" onClick={() => setCurrent(c)}>
            答复
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      <Table<SupplierClarificationDto> {...tableProps} columns={columns} locale={{ emptyText: '暂无报价澄清' }} />
      <ModalForm<AnswerValues>
        name="clarifyAnswer"
        open={!!current}
        title={current?.kind === 'round' ? `提交第${current.roundNo}轮报价` : '答复报价澄清'}
        form={form}
        width={680}
        labelWidth={110}
        initialValues={EMPTY_ANSWER}
        okText="提交答复"
        onClose={() => setCurrent(null)}
        onSubmit={async (v) => {
          if (!current) return;
          await answer.mutateAsync({
            id: current.id,
            answer: v.answer,
            fileIds: (v.files ?? '').split(',').filter(Boolean),
            ...(current.kind === 'round' ? (byRate ? { rate: v.rate?.trim() } : { price: v.price?.trim() }) : {}),
          });
        }}
      >
        {current && (
          <>
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title={`答复截止时间：${timeText(current.deadline)}${
                current.kind === 'round'
                  ? `；本轮报价密封保存，本轮结束时统一开启，不得高于您当前的评标价 ${current.currentPrice ?? '—'} 元`
                  : ''
              }`}
            />
            <Form.Item label="标包">{`${current.purchaseName} / ${current.packageName}`}</Form.Item>
            <Form.Item label="澄清内容">{current.question}</Form.Item>
          </>
        )}
        <Form.Item
          label="答复内容"
          name="answer"
          rules={[{ required: true, whitespace: true, message: '请输入答复内容' }]}
        >
          <Input.TextArea rows={4} maxLength={REVIEW_LIMITS.answer} showCount />
        </Form.Item>
        {current?.kind === 'round' &&
          (byRate ? (
            <Form.Item
              label="本轮下浮率"
              name="rate"
              rules={[
                {
                  validator: async (_, value: string | undefined) => {
                    const r = checkQuote(
                      { fixedPrice: current.fixedPrice, lowerCoefficientType: 1 },
                      { rate: value ?? null },
                    );
                    if (!r.ok) throw new Error(r.message);
                  },
                },
              ]}
            >
              <Input placeholder="例如 0.0850" />
            </Form.Item>
          ) : (
            <Form.Item
              label="本轮报价（元）"
              name="price"
              rules={[
                { required: true, message: '请填写本轮报价' },
                { pattern: /^\d+(\.\d{1,2})?$/, message: '报价须为数字，最多两位小数' },
              ]}
            >
              <Input placeholder="请输入本轮报价" />
            </Form.Item>
          ))}
        <Form.Item label="附件" name="files">
          <FileUpload aria-label="澄清附件" mode="file" max={REVIEW_LIMITS.files} biz="bid" buttonText="上传附件" />
        </Form.Item>
      </ModalForm>
    </>
  );
}
