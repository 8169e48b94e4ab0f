import type { WorkOrderAddInput } from '@aps/shared';
import { MODIFY_TARGETS, type ModifyTargetType, WORK_ORDER_TYPES, type WorkOrderType } from '@aps/shared/constants';
import { App, DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { ModalForm, useCrudMutation } from '../../../../shared/list/index.ts';
import { UserPicker } from '../../../../shared/pickers/UserPicker.tsx';
import { FilesField } from '../../../procurement/supplier/components/FilesField.tsx';
import { useModifyTargets, workOrderApi } from '../api.ts';

type Values = Omit<WorkOrderAddInput, 'deadline' | 'type'> & { deadline?: Dayjs | null };

const TARGET_OPTIONS = Object.entries(MODIFY_TARGETS).map(([value, t]) => ({ value, label: t.label }));

/** 提交工单: title, description, handler, time limit, files; a 修改 order names the record, field and new value. */
export function WorkOrderFormModal({ type, open, onClose }: { type: WorkOrderType; open: boolean; onClose(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const add = useCrudMutation(workOrderApi, workOrderApi.add);
  const targetType = Form.useWatch('targetType', form) as ModifyTargetType | undefined;
  const [keyword, setKeyword] = useState('');
  const targets = useModifyTargets(type === 'modify' ? targetType : undefined, keyword);
  const fields = targetType ? Object.entries(MODIFY_TARGETS[targetType].fields) : [];

  return (
    <ModalForm<Values>
      name={`workOrder_${type}`}
      open={open}
      title={`提交${WORK_ORDER_TYPES[type]}工单`}
      form={form}
      width={720}
      onClose={onClose}
      onSubmit={async (v) => {
        await add.mutateAsync({
          ...v,
          type,
          deadline: v.deadline ? v.deadline.format('YYYY-MM-DD HH:mm:ss') : null,
          attachments: v.attachments ?? [],
        } as WorkOrderAddInput);
        message.success('提交成功！');
      }}
    >
      <Form.Item label="工单标题" name="title" rules={[{ required: true, message: '请输入工单标题' }]}>
        <Input maxLength={100} placeholder="请输入工单标题" />
      </Form.Item>
      <Form.Item label="问题描述" name="content" rules={[{ required: true, message: '请输入问题描述' }]}>
        <Input.TextArea rows={3} maxLength={2000} placeholder="请描述问题或申请内容" />
      </Form.Item>
      {type === 'modify' && (
        <>
          <Form.Item label="记录类型" name="targetType" rules={[{ required: true, message: '请选择要修改的记录类型' }]}>
            <Select
              options={TARGET_OPTIONS}
              placeholder="请选择"
              onChange={() => form.setFieldsValue({ targetId: undefined, field: undefined })}
            />
          </Form.Item>
          <Form.Item label="修改记录" name="targetId" rules={[{ required: true, message: '请选择要修改的记录' }]}>
            <Select
              showSearch
              filterOption={false}
              onSearch={setKeyword}
              loading={targets.isFetching}
              options={targets.data ?? []}
              placeholder="输入名称搜索"
              disabled={!targetType}
            />
          </Form.Item>
          <Form.Item label="修改字段" name="field" rules={[{ required: true, message: '请选择要修改的字段' }]}>
            <Select options={fields.map(([value, label]) => ({ value, label }))} placeholder="请选择" />
          </Form.Item>
          <Form.Item label="修改后的值" name="newValue" rules={[{ required: true, message: '请输入修改后的值' }]}>
            <Input maxLength={500} placeholder="请输入修改后的值" />
          </Form.Item>
        </>
      )}
      <Form.Item label="处理人" name="handlerId">
        <UserPicker valueKey="id" multiple={false} />
      </Form.Item>
      <Form.Item label="办理时限" name="deadline">
        <DatePicker showTime format="YYYY-MM-DD HH:mm:ss" />
      </Form.Item>
      <Form.Item label="附件" name="attachments">
        <FilesField biz="workorder" buttonText="上传附件" aria-label="上传工单附件" />
      </Form.Item>
    </ModalForm>
  );
}
