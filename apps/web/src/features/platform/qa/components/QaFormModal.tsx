import type { DictOption, QaDto, QaFormModel } from '@aps/shared';
import { DICT, QA_DEFAULTS, QA_LIMITS, QA_MESSAGES } from '@aps/shared/constants';
import { App, Form, Input, InputNumber, Modal, Radio } from 'antd';
import { useEffect } from 'react';
import { HttpError } from '../../../../shared/http.ts';
import { useSessionStore } from '../../auth/store.ts';
import { useSaveQa } from '../api.ts';

const YN_FALLBACK: DictOption[] = [
  { value: '1', text: '是' },
  { value: '0', text: '否' },
];

interface Props {
  open: boolean;
  /** null: a new entry (新增); an entry: edit it (编辑). */
  entry: QaDto | null;
  onClose: () => void;
}

/**
 * The Q&A form (§2): questionContent, answerContent, useType (dictionary yn, default '0'), displayOrder (default 1).
 * qaType has no field: the server keeps an entry's type, or gives a new one the default ('5' 其他). Width 800, the
 * cancel button reads 关闭; titled 编辑 when editing and 新增 when adding.
 */
export function QaFormModal({ open, entry, onClose }: Props) {
  const [form] = Form.useForm<QaFormModel>();
  const { message } = App.useApp();
  const save = useSaveQa();
  const yn = useSessionStore((s) => s.dictItems[DICT.yn]);
  const options = (yn?.length ? yn : YN_FALLBACK).map((o) => ({ value: o.value, label: o.text }));

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      entry
        ? {
            questionContent: entry.questionContent,
            answerContent: entry.answerContent,
            useType: entry.useType,
            displayOrder: entry.displayOrder,
          }
        : { useType: QA_DEFAULTS.useType, displayOrder: QA_DEFAULTS.displayOrder },
    );
  }, [open, entry, form]);

  async function submit() {
    let values: QaFormModel;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows the messages under the fields
    }
    try {
      await save.mutateAsync(entry ? { ...values, id: entry.id } : values);
      message.success(entry ? '编辑成功!' : '添加成功！');
      onClose();
    } catch (err) {
      message.warning(err instanceof HttpError ? err.message : '保存失败');
    }
  }

  return (
    <Modal
      title={entry ? '编辑' : '新增'}
      width={800}
      open={open}
      okText="确定"
      cancelText="关闭"
      confirmLoading={save.isPending}
      onOk={submit}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} labelCol={{ span: 4 }} wrapperCol={{ span: 19 }} style={{ marginTop: 16 }}>
        <Form.Item
          label="问题描述"
          name="questionContent"
          rules={[{ required: true, whitespace: true, message: QA_MESSAGES.questionRequired }]}
        >
          <Input.TextArea
            placeholder="请输入问题描述"
            autoSize={{ minRows: 2, maxRows: 4 }}
            maxLength={QA_LIMITS.question}
            showCount
          />
        </Form.Item>
        <Form.Item
          label="答案内容"
          name="answerContent"
          rules={[{ required: true, whitespace: true, message: QA_MESSAGES.answerRequired }]}
        >
          <Input.TextArea
            placeholder="请输入答案内容"
            autoSize={{ minRows: 6, maxRows: 14 }}
            maxLength={QA_LIMITS.answer}
            showCount
          />
        </Form.Item>
        <Form.Item
          label="供应商可见"
          name="useType"
          rules={[{ required: true, message: QA_MESSAGES.useTypeRequired }]}
          extra="选择“是”后，供应商可在帮助中心看到该问答"
        >
          <Radio.Group options={options} />
        </Form.Item>
        <Form.Item
          label="排序"
          name="displayOrder"
          rules={[{ required: true, type: 'integer', message: QA_MESSAGES.displayOrder }]}
          extra="数字越小越靠前"
        >
          <InputNumber min={QA_LIMITS.displayOrderMin} max={QA_LIMITS.displayOrderMax} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
