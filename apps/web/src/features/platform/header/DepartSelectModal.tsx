import type { CurrentUserDeparts } from '@aps/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { HttpError } from '../../../shared/http.ts';
import { selectDepart } from '../auth/api.ts';
import { useSessionStore } from '../auth/store.ts';

export const NO_DEPARTS = '您尚未设置部门信息!';

/** §2: 部门选择, or 部门切换 with the current department's name when the user has one. */
export function departModalTitle(departs: CurrentUserDeparts | null): string {
  const current = departs?.list.find((d) => d.orgCode === departs.orgCode);
  return current ? `部门切换（当前部门 : ${current.departName}）` : '部门选择';
}

/**
 * The department chooser. `required`: a user with several departments and none chosen must choose one (no cancel).
 * On success the user info is saved for 7 days and the dialog clears (§4); every cached list reloads, since the
 * data scope follows the department.
 */
export function DepartSelectModal({
  departs,
  required,
  onClose,
}: {
  departs: CurrentUserDeparts | null;
  required: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const userInfo = useSessionStore((s) => s.userInfo);
  const setUserInfo = useSessionStore((s) => s.setUserInfo);
  const [form] = Form.useForm<{ orgCode: string }>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    // Invalid fields show their own messages.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { orgCode } = values;
    setSaving(true);
    try {
      const result = await selectDepart(orgCode, userInfo?.username ?? '');
      setUserInfo(result.userInfo);
      form.resetFields();
      onClose();
      message.success('切换部门成功');
      void client.invalidateQueries();
    } catch (err) {
      if (!(err instanceof HttpError) || !err.shown) message.warning(err instanceof Error ? err.message : '切换失败');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={departModalTitle(departs)}
      open={departs !== null}
      width={500}
      okText="确定"
      onOk={submit}
      confirmLoading={saving}
      closable={!required}
      maskClosable={!required}
      keyboard={!required}
      cancelButtonProps={required ? { style: { display: 'none' } } : {}}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      <Form
        form={form}
        style={{ marginTop: 24 }}
        layout="horizontal"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 18 }}
        name="depart"
      >
        {required && <p style={{ color: 'rgba(0,0,0,0.45)' }}>您属于多个部门，请选择当前工作的部门。</p>}
        <Form.Item label="部门" name="orgCode" rules={[{ required: true, message: '请选择部门' }]}>
          <Select
            placeholder="请选择部门"
            aria-label="部门"
            options={(departs?.list ?? []).map((d) => ({
              value: d.orgCode,
              label: d.orgCode === departs?.orgCode ? `${d.departName}（当前）` : d.departName,
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
