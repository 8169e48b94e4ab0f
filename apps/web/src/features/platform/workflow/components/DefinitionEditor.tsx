import type { WorkflowDefinitionDto } from '@aps/shared';
import { WORKFLOW_LIMITS, WORKFLOW_MESSAGES } from '@aps/shared/constants';
import { Alert, App, Button, Form, Input, Modal, Select, Space, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { warnFailure } from '../../../../shared/list/download.ts';
import { useDefinition, useDeploy, validateDefinition } from '../api.ts';
import { BUSINESS_TYPE_OPTIONS } from '../workflow.labels.ts';
import { ProcessModeler, type ProcessModelerHandle } from './ProcessModeler.tsx';

interface Values {
  key: string;
  name: string;
  businessType?: string;
}

const KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;

/**
 * 新建 / 编辑 a definition in a full-screen modal: key, name and (optionally) the business type to bind, the
 * modeller below; 校验 asks the server, 部署 deploys a new version (running instances stay on theirs).
 */
export function DefinitionEditor({
  open,
  definition,
  onClose,
}: {
  open: boolean;
  /** The definition to edit (its latest version), null for a new one. */
  definition: WorkflowDefinitionDto | null;
  onClose(): void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const modeler = useRef<ProcessModelerHandle>(null);
  const full = useDefinition(open && definition ? definition.id : null);
  const deploy = useDeploy();
  const [errors, setErrors] = useState<string[]>([]);
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    if (!open) return;
    setErrors([]);
    form.resetFields();
    if (definition) form.setFieldsValue({ key: definition.key, name: definition.name });
  }, [open, definition, form]);

  async function currentXml(): Promise<{ values: Values; xml: string } | null> {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return null;
    }
    const xml = await modeler.current?.getXml({ id: values.key, name: values.name });
    return xml ? { values, xml } : null;
  }

  async function check() {
    const current = await currentXml();
    if (!current) return;
    setChecking(true);
    try {
      const result = await validateDefinition(current.xml);
      setErrors(result.errors);
      if (result.valid) message.success('校验通过');
    } catch (err) {
      warnFailure(message, err, '校验失败');
    } finally {
      setChecking(false);
    }
  }

  async function submit() {
    const current = await currentXml();
    if (!current) return;
    const { values, xml } = current;
    try {
      const deployed = await deploy.mutateAsync({
        key: values.key,
        name: values.name,
        xml,
        businessType: values.businessType,
      });
      setErrors([]);
      message.success(`部署成功，版本 v${deployed.version}`);
      onClose();
    } catch (err) {
      warnFailure(message, err, '部署失败');
    }
  }

  const loading = Boolean(definition) && !full.data;
  return (
    <Modal
      open={open}
      title={definition ? `编辑流程：${definition.name}` : '新建流程'}
      onCancel={onClose}
      width="calc(100vw - 32px)"
      style={{ top: 16, maxWidth: 'calc(100vw - 32px)', paddingBottom: 0 }}
      styles={{ body: { height: 'calc(100vh - 160px)', display: 'flex', flexDirection: 'column' } }}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>关闭</Button>
          <Button loading={checking} onClick={check}>
            校验
          </Button>
          <Button type="primary" loading={deploy.isPending} onClick={submit}>
            部署
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="inline" name="definitionForm" style={{ marginBottom: 8, rowGap: 8 }}>
        <Form.Item
          label="流程标识"
          name="key"
          rules={[
            { required: true, message: WORKFLOW_MESSAGES.keyRequired },
            { pattern: KEY_PATTERN, message: WORKFLOW_MESSAGES.keyPattern },
            { max: WORKFLOW_LIMITS.key },
          ]}
        >
          <Input placeholder="如 demo_request_approval" disabled={Boolean(definition)} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item
          label="流程名称"
          name="name"
          rules={[{ required: true, message: WORKFLOW_MESSAGES.nameRequired }, { max: WORKFLOW_LIMITS.name }]}
        >
          <Input placeholder="请输入流程名称" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item
          label="绑定业务类型"
          name="businessType"
          tooltip="部署后该业务类型发起的审批使用此流程（可稍后绑定）"
        >
          <Select allowClear placeholder="不绑定" options={BUSINESS_TYPE_OPTIONS} style={{ width: 180 }} />
        </Form.Item>
      </Form>
      {errors.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 8 }}
          title="流程校验未通过"
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          }
        />
      )}
      <div style={{ flex: '1 1 auto', minHeight: 0 }}>
        {loading ? (
          <Spin style={{ display: 'block', margin: '120px auto' }} />
        ) : (
          <ProcessModeler handleRef={modeler} xml={full.data?.xml ?? null} />
        )}
      </div>
    </Modal>
  );
}
