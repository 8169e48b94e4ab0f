import { PURCHASE_METHOD_CODES, PURCHASE_METHODS, type PurchaseMethod, type StageAction } from '@aps/shared';
import { PERMISSIONS } from '@aps/shared/constants';
import { App, Button, Form, Input, Modal, Popconfirm, Select, Space } from 'antd';
import { useState } from 'react';
import { useCan } from '../../../../shared/auth/Can.tsx';
import { errorText } from '../../../../shared/list/index.ts';
import { stageButtons } from '../actions.ts';
import { type PackageDetail, packageApi, usePackageMutation } from '../api.ts';

async function run(pkg: PackageDetail, action: StageAction, reason: string | null) {
  switch (action) {
    case 'open':
      return packageApi.open(pkg.id);
    case 'submitEndAudit':
      return packageApi.submitEndAudit({ id: pkg.id, reason });
    case 'rebid':
      return packageApi.rebid({ id: pkg.id, reason });
    case 'terminate':
      return packageApi.terminate({ id: pkg.id, reason });
    default:
      return packageApi.act({ id: pkg.id, action, reason });
  }
}

/**
 * The buyer's stage buttons of a package, straight from the server's `actions` (the shared transition table):
 * 开始响应, 截止投标, 开标, 提交结束审核, and for 流标 packages 重新采购, 变更方式 (a workflow) and 终止.
 */
export function PackageActions({
  pkg,
  only,
  inline = false,
}: {
  pkg: PackageDetail;
  only?: readonly StageAction[];
  /** In a table row: link buttons. */
  inline?: boolean;
}) {
  const { message } = App.useApp();
  const canAct = useCan(PERMISSIONS.purchasePackage.action);
  const canAudit = useCan(PERMISSIONS.purchaseEndAudit.edit);
  const mutation = usePackageMutation((a: { action: StageAction; reason: string | null }) =>
    run(pkg, a.action, a.reason),
  );
  const change = usePackageMutation(packageApi.changeMethod);
  const [changing, setChanging] = useState(false);
  const [form] = Form.useForm<{ purchaseMethod: PurchaseMethod; reason: string }>();
  const actions = stageButtons(pkg.actions, only);
  if (actions.length === 0) return null;

  const act = async (action: StageAction, label: string) => {
    try {
      await mutation.mutateAsync({ action, reason: null });
      message.success(action === 'submitEndAudit' ? '已提交审批' : `${label}成功`);
    } catch (err) {
      message.warning(errorText(err, '操作失败'));
    }
  };

  return (
    <Space wrap size={inline ? 4 : 8}>
      {actions.map((a) => {
        const allowed = a.action === 'submitEndAudit' ? canAudit : canAct;
        if (!allowed) return null;
        if (a.action === 'changeMethod')
          return (
            <Button
              key={a.action}
              type={inline ? 'link' : 'default'}
              size={inline ? 'small' : 'middle'}
              onClick={() => setChanging(true)}
            >
              {a.label}
            </Button>
          );
        return (
          <Popconfirm key={a.action} title={`确定${a.label}吗?`} onConfirm={() => act(a.action, a.label)}>
            <Button
              type={inline ? 'link' : a.action === 'terminate' ? 'default' : 'primary'}
              size={inline ? 'small' : 'middle'}
              danger={a.action === 'terminate'}
            >
              {a.label}
            </Button>
          </Popconfirm>
        );
      })}
      <Modal
        title="变更采购方式"
        open={changing}
        onCancel={() => setChanging(false)}
        confirmLoading={change.isPending}
        destroyOnHidden
        onOk={async () => {
          const values = await form.validateFields();
          try {
            await change.mutateAsync({ id: pkg.id, ...values });
            message.success('已提交审批');
            setChanging(false);
          } catch (err) {
            message.warning(errorText(err, '操作失败'));
          }
        }}
      >
        <Form form={form} layout="vertical" name="changeMethod">
          <Form.Item label="采购方式" name="purchaseMethod" rules={[{ required: true, message: '请选择采购方式' }]}>
            <Select
              options={PURCHASE_METHOD_CODES.filter((c) => c !== pkg.purchaseMethod).map((c) => ({
                value: c,
                label: PURCHASE_METHODS[c],
              }))}
            />
          </Form.Item>
          <Form.Item label="变更原因" name="reason" rules={[{ required: true, message: '请输入变更原因' }]}>
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
