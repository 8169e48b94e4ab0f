import type { InspectionDto } from '@aps/shared';
import { INSPECTION_STATES, INSPECTION_TARGET_TYPES, SUPERVISION_LIMITS as L } from '@aps/shared/constants';
import { App, DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { ModalForm } from '../../../../shared/list/ModalForm.tsx';
import { useCrudMutation } from '../../../../shared/list/useCrudList.ts';
import { UserPicker } from '../../../../shared/pickers/UserPicker.tsx';
import { useSessionStore } from '../../../platform/auth/store.ts';
import { inspectionApi, useTargetName, useTargetOptions } from '../api.ts';

const DATE = 'YYYY-MM-DD';
const TYPE_OPTIONS = Object.entries(INSPECTION_TARGET_TYPES).map(([value, label]) => ({ value, label }));
const STATE_OPTIONS = Object.entries(INSPECTION_STATES).map(([value, label]) => ({ value, label }));

/** What the 监控中心 link (`?create=1&targetType=&targetId=&signal=`) fills in. */
export interface InspectionPrefill {
  targetType: string;
  targetId: string;
  signal?: string;
}

interface Values {
  title: string;
  targetType: string;
  targetId: string;
  signal?: string;
  scope?: string;
  inspectorIds: string;
  planned?: [Dayjs, Dayjs];
  actual?: [Dayjs | null, Dayjs | null];
  state: string;
}

const day = (v: string | null) => (v ? dayjs(v) : null);

/** 新增/编辑检查: title, target (type + a name searched in its own list), scope, inspectors, dates, state. */
export function InspectionFormModal({
  open,
  record,
  prefill,
  onClose,
}: {
  open: boolean;
  record: InspectionDto | null;
  prefill: InspectionPrefill | null;
  onClose(): void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useCrudMutation(inspectionApi, inspectionApi.save);
  const [keyword, setKeyword] = useState('');
  // A new inspection's inspector is the user who records it (more can be picked).
  const me = useSessionStore((st) => st.userInfo?.id);
  const type = Form.useWatch('targetType', form);
  const fixed = record ?? (prefill ? { targetType: prefill.targetType, targetId: prefill.targetId } : null);
  const fixedName = useTargetName(fixed?.targetType, fixed?.targetId);
  const options = useTargetOptions(type, keyword, open && !fixed);
  const targetOptions = fixed
    ? [{ value: fixed.targetId, label: record?.targetName ?? fixedName.data?.name ?? '' }]
    : (options.data ?? []);
  const initialValues = useMemo<Partial<Values>>(() => {
    if (record) {
      return {
        title: record.title,
        targetType: record.targetType,
        targetId: record.targetId,
        signal: record.signal ?? undefined,
        scope: record.scope ?? undefined,
        inspectorIds: record.inspectorIds.join(','),
        ...(record.plannedStart && record.plannedEnd
          ? { planned: [dayjs(record.plannedStart), dayjs(record.plannedEnd)] as [Dayjs, Dayjs] }
          : {}),
        actual: [day(record.actualStart), day(record.actualEnd)],
        state: record.state,
      };
    }
    const inspectorIds = me ?? '';
    if (prefill) {
      return {
        inspectorIds,
        targetType: prefill.targetType,
        targetId: prefill.targetId,
        state: 'planned',
        ...(prefill.signal ? { signal: prefill.signal, scope: `监控中心风险信号：${prefill.signal}`, title: '' } : {}),
      };
    }
    return { state: 'planned', inspectorIds };
  }, [record, prefill, me]);

  return (
    <ModalForm<Values>
      name="inspectionForm"
      open={open}
      title={record ? '编辑检查' : '新增检查'}
      form={form}
      width={720}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={async (v) => {
        await save.mutateAsync({
          id: record?.id,
          title: v.title,
          targetType: v.targetType,
          targetId: v.targetId,
          signal: v.signal ?? null,
          scope: v.scope ?? null,
          inspectorIds: v.inspectorIds.split(',').filter(Boolean),
          plannedStart: v.planned?.[0]?.format(DATE) ?? null,
          plannedEnd: v.planned?.[1]?.format(DATE) ?? null,
          actualStart: v.actual?.[0]?.format(DATE) ?? null,
          actualEnd: v.actual?.[1]?.format(DATE) ?? null,
          state: v.state,
        });
        message.success(record ? '编辑成功!' : '添加成功！');
      }}
    >
      <Form.Item
        label="检查名称"
        name="title"
        rules={[{ required: true, whitespace: true, message: '请输入检查名称' }]}
      >
        <Input maxLength={L.titleMax} placeholder="请输入检查名称" />
      </Form.Item>
      <Form.Item label="对象类型" name="targetType" rules={[{ required: true, message: '请选择检查对象类型' }]}>
        <Select
          options={TYPE_OPTIONS}
          disabled={!!fixed}
          placeholder="请选择"
          onChange={() => form.setFieldValue('targetId', undefined)}
        />
      </Form.Item>
      <Form.Item label="检查对象" name="targetId" rules={[{ required: true, message: '请选择检查对象' }]}>
        <Select
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          disabled={!!fixed}
          placeholder={type ? '输入名称搜索' : '请先选择对象类型'}
          loading={options.isFetching || fixedName.isFetching}
          options={targetOptions}
        />
      </Form.Item>
      <Form.Item label="风险信号" name="signal" hidden={!initialValues.signal}>
        <Input disabled />
      </Form.Item>
      <Form.Item label="检查范围" name="scope">
        <Input.TextArea rows={3} maxLength={L.scopeMax} placeholder="检查范围与内容" />
      </Form.Item>
      <Form.Item label="检查人员" name="inspectorIds" rules={[{ required: true, message: '请选择检查人员' }]}>
        <UserPicker valueKey="id" placeholder="请选择检查人员" />
      </Form.Item>
      <Form.Item label="计划日期" name="planned">
        <DatePicker.RangePicker format={DATE} />
      </Form.Item>
      <Form.Item label="实际日期" name="actual">
        <DatePicker.RangePicker format={DATE} allowEmpty={[true, true]} />
      </Form.Item>
      <Form.Item label="状态" name="state" rules={[{ required: true, message: '请选择检查状态' }]}>
        <Select options={STATE_OPTIONS} />
      </Form.Item>
    </ModalForm>
  );
}
