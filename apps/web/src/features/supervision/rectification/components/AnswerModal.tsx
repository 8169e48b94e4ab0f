import type { RectificationDto, SupplierFileDto } from '@aps/shared';
import { SUPERVISION_LIMITS as L } from '@aps/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input } from 'antd';
import { ModalForm } from '../../../../shared/list/ModalForm.tsx';
import { FilesField } from '../../../procurement/supplier/components/FilesField.tsx';
import { answerRectification, rectificationKeys } from '../api.ts';

interface Values {
  answer: string;
  files?: SupplierFileDto[];
}

/** 提交整改: the addressee's answer with evidence (a supplier in 我的整改, a department on 整改管理). */
export function AnswerModal({
  order,
  supplier,
  onClose,
}: {
  order: RectificationDto | null;
  supplier: boolean;
  onClose(): void;
}) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  return (
    <ModalForm<Values>
      name="rectificationAnswer"
      open={!!order}
      title={`提交整改${order ? `（${order.rectNo}）` : ''}`}
      form={form}
      width={640}
      okText="提交整改"
      onClose={onClose}
      onSubmit={async (v) => {
        if (!order) return;
        await answerRectification({ id: order.id, answer: v.answer, files: v.files ?? [] }, supplier);
        await client.invalidateQueries({ queryKey: rectificationKeys.all });
        message.success('整改已提交');
      }}
    >
      {order ? <Form.Item label="整改要求">{order.requirement}</Form.Item> : null}
      <Form.Item
        label="整改说明"
        name="answer"
        rules={[{ required: true, whitespace: true, message: '请输入整改说明' }]}
      >
        <Input.TextArea rows={4} maxLength={L.textMax} />
      </Form.Item>
      <Form.Item label="整改证据" name="files">
        <FilesField biz="supervision" buttonText="上传整改证据" aria-label="上传整改证据" />
      </Form.Item>
    </ModalForm>
  );
}
