import type { DictDto } from '@aps/shared';
import { DICT_MESSAGES, maxLengthMessage } from '@aps/shared/constants';
import { App, Form, Input } from 'antd';
import { useMemo } from 'react';
import { ModalForm } from '../../../../shared/list/ModalForm.tsx';
import { useCrudMutation } from '../../../../shared/list/useCrudList.ts';
import { checkDuplicate, type DictFormValues, dictApi } from '../dict.api.ts';

/** Same pattern as the server's schema: letters, digits and underscores. */
const CODE_PATTERN = /^[A-Za-z0-9_]+$/;

/** Add or edit a dictionary: name, code (unique on the platform) and description. */
export function DictFormModal({ open, dict, onClose }: { open: boolean; dict: DictDto | null; onClose(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<DictFormValues>();
  const save = useCrudMutation(dictApi, dictApi.save);
  const initialValues = useMemo<Partial<DictFormValues>>(
    () => (dict ? { dictName: dict.dictName, dictCode: dict.dictCode, description: dict.description } : {}),
    [dict],
  );
  return (
    <ModalForm<DictFormValues>
      name="dictForm"
      open={open}
      title={dict ? '编辑' : '新增'}
      form={form}
      width={600}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={async (v) => {
        await save.mutateAsync({ ...v, id: dict?.id });
        message.success(dict ? '编辑成功!' : '添加成功！');
      }}
    >
      <Form.Item
        label="字典名称"
        name="dictName"
        rules={[
          { required: true, whitespace: true, message: DICT_MESSAGES.nameRequired },
          { max: 100, message: maxLengthMessage(100) },
        ]}
      >
        <Input placeholder="请输入字典名称" />
      </Form.Item>
      <Form.Item
        label="字典编码"
        name="dictCode"
        validateFirst
        validateTrigger={['onChange', 'onBlur']}
        extra={dict ? '页面按编码取字典项，修改编码后引用旧编码的地方将取不到选项' : undefined}
        rules={[
          { required: true, whitespace: true, message: DICT_MESSAGES.codeRequired },
          { pattern: CODE_PATTERN, message: DICT_MESSAGES.codePattern },
          { max: 100, message: maxLengthMessage(100) },
          {
            validateTrigger: 'onBlur',
            validator: async (_r, value: string | undefined) => {
              if (!value?.trim()) return;
              await checkDuplicate('sys_dict', 'dictCode', value.trim(), dict?.id);
            },
          },
        ]}
      >
        <Input placeholder="请输入字典编码" />
      </Form.Item>
      <Form.Item label="描述" name="description">
        <Input.TextArea rows={3} placeholder="请输入描述" maxLength={500} showCount />
      </Form.Item>
    </ModalForm>
  );
}
