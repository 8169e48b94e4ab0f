import { AVOIDANCE_DECLARATION, REVIEW_LIMITS } from '@aps/shared';
import { Alert, App, Form, Input, Modal, Radio } from 'antd';
import { warnFailure } from '../../../../shared/list/index.ts';
import { useSignIn } from '../api.ts';

interface Values {
  conflict: boolean;
  conflictNote?: string;
}

/**
 * 签到 with the avoidance declaration (回避声明): 无利害关系 signs in; 有利害关系 with a reason makes the task 回避
 * (the buyer draws a replacement). Confirming the modal is the expert's agreement to the declaration text.
 */
export function SignInModal({ taskId, open, onClose }: { taskId: string; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const signIn = useSignIn();
  const conflict = Form.useWatch('conflict', form);
  const submit = async () => {
    const v = await form.validateFields();
    try {
      await signIn.mutateAsync({ id: taskId, agree: true, conflict: v.conflict, conflictNote: v.conflictNote ?? null });
      message.success(v.conflict ? '已申请回避' : '签到成功');
      form.resetFields();
      onClose();
    } catch (e) {
      warnFailure(message, e, '签到失败');
    }
  };
  return (
    <Modal
      title="签到 · 回避声明"
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText={conflict ? '申请回避' : '同意并签到'}
      confirmLoading={signIn.isPending}
      destroyOnHidden
    >
      <Alert type="info" showIcon message={AVOIDANCE_DECLARATION} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" initialValues={{ conflict: false }}>
        <Form.Item name="conflict" label="与投标人的关系">
          <Radio.Group
            options={[
              { value: false, label: '无利害关系' },
              { value: true, label: '有利害关系' },
            ]}
          />
        </Form.Item>
        {conflict && (
          <Form.Item
            name="conflictNote"
            label="回避事由"
            rules={[{ required: true, whitespace: true, message: '申请回避须说明回避事由' }]}
          >
            <Input.TextArea rows={3} maxLength={REVIEW_LIMITS.reason} showCount />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
