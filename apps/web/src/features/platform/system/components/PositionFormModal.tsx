import type { PositionDto } from '@aps/shared';
import { maxLengthMessage, POSITION_CODE_PATTERN, POSITION_MESSAGES } from '@aps/shared/constants';
import { App, Form, Input, Select } from 'antd';
import { useMemo } from 'react';
import { ModalForm } from '../../../../shared/list/ModalForm.tsx';
import { useCrudMutation } from '../../../../shared/list/useCrudList.ts';
import { type PositionFormValues, positionApi } from '../org.api.ts';
import { POSITION_RANK_OPTIONS } from '../org.rules.ts';

/** Add or edit a position: code (unique in the tenant), name and post rank. */
export function PositionFormModal({
  open,
  position,
  onClose,
}: {
  open: boolean;
  position: PositionDto | null;
  onClose(): void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PositionFormValues>();
  const save = useCrudMutation(positionApi, positionApi.save);
  const initialValues = useMemo<Partial<PositionFormValues>>(
    () =>
      position
        ? {
            code: position.code,
            name: position.name,
            postRank: position.postRank as PositionFormValues['postRank'],
          }
        : {},
    [position],
  );
  return (
    <ModalForm<PositionFormValues>
      name="positionForm"
      open={open}
      title={position ? '编辑' : '新增'}
      form={form}
      width={600}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={async (v) => {
        await save.mutateAsync({ ...v, id: position?.id });
        message.success(position ? '编辑成功!' : '添加成功！');
      }}
    >
      <Form.Item
        label="职务编码"
        name="code"
        validateFirst
        rules={[
          { required: true, whitespace: true, message: POSITION_MESSAGES.codeRequired },
          { max: 64, message: maxLengthMessage(64) },
          { pattern: POSITION_CODE_PATTERN, message: POSITION_MESSAGES.codePattern },
        ]}
      >
        <Input placeholder="请输入职务编码" />
      </Form.Item>
      <Form.Item
        label="职务名称"
        name="name"
        validateFirst
        rules={[
          { required: true, whitespace: true, message: POSITION_MESSAGES.nameRequired },
          { max: 100, message: maxLengthMessage(100) },
        ]}
      >
        <Input placeholder="请输入职务名称" />
      </Form.Item>
      <Form.Item label="职级" name="postRank" rules={[{ required: true, message: POSITION_MESSAGES.rankRequired }]}>
        <Select placeholder="请选择职级" options={POSITION_RANK_OPTIONS} />
      </Form.Item>
    </ModalForm>
  );
}
