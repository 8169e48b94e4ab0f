import type { FindingDto, InspectionDto } from '@aps/shared';
import { FINDING_SEVERITIES, SUPERVISION_LIMITS as L, RECTIFICATION_ADDRESSEES } from '@aps/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { App, DatePicker, Form, Input, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { ModalForm } from '../../../../shared/list/ModalForm.tsx';
import { DepartSelect } from '../../../../shared/pickers/DepartSelect.tsx';
import { addRectification, rectificationKeys } from '../../rectification/api.ts';
import { inspectionKeys, useTargetOptions } from '../api.ts';

interface Values {
  addresseeType: 'depart' | 'supplier';
  addresseeOrgCode?: string;
  supplierId?: string;
  deadline: Dayjs;
  requirement: string;
}

/** A department picker whose form value is the org code (the picker itself holds the department's id). */
function DepartField({ onChange }: { value?: string; onChange?: (orgCode: string | undefined) => void }) {
  const [id, setId] = useState<string | null>(null);
  return (
    <DepartSelect
      multiple={false}
      value={id}
      placeholder="请选择整改部门"
      onChange={(v, rows) => {
        setId(v || null);
        onChange?.(rows[0]?.orgCode);
      }}
    />
  );
}

/** 发起整改 on a finding: to a department or a supplier (a supplier inspection's own supplier by default). */
export function RectificationFormModal({
  inspection,
  finding,
  onClose,
}: {
  inspection: InspectionDto;
  finding: FindingDto | null;
  onClose(): void;
}) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const kind = Form.useWatch('addresseeType', form);
  const suppliers = useTargetOptions('supplier', keyword, !!finding && kind === 'supplier');
  const own =
    inspection.targetType === 'supplier' ? [{ value: inspection.targetId, label: inspection.targetName }] : [];
  const supplierOptions = [...own, ...(suppliers.data ?? []).filter((o) => o.value !== inspection.targetId)];
  const initialValues = useMemo<Partial<Values>>(
    () => ({
      addresseeType: inspection.targetType === 'supplier' ? 'supplier' : 'depart',
      ...(inspection.targetType === 'supplier' ? { supplierId: inspection.targetId } : {}),
      deadline: dayjs().add(15, 'day'),
    }),
    [inspection],
  );
  return (
    <ModalForm<Values>
      name="rectificationForm"
      open={!!finding}
      title="发起整改"
      form={form}
      width={640}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={async (v) => {
        if (!finding) return;
        await addRectification({
          findingId: finding.id,
          addresseeType: v.addresseeType,
          addresseeOrgCode: v.addresseeType === 'depart' ? (v.addresseeOrgCode ?? null) : null,
          supplierId: v.addresseeType === 'supplier' ? (v.supplierId ?? null) : null,
          deadline: v.deadline.format('YYYY-MM-DD'),
          requirement: v.requirement,
        });
        await client.invalidateQueries({ queryKey: inspectionKeys.all });
        await client.invalidateQueries({ queryKey: rectificationKeys.all });
        message.success('整改已发起');
      }}
    >
      {finding ? (
        <Form.Item label="检查发现">{`【${FINDING_SEVERITIES[finding.severity]}】${finding.description}`}</Form.Item>
      ) : null}
      <Form.Item label="整改对象" name="addresseeType" rules={[{ required: true, message: '请选择整改对象' }]}>
        <Radio.Group options={Object.entries(RECTIFICATION_ADDRESSEES).map(([value, label]) => ({ value, label }))} />
      </Form.Item>
      {kind === 'supplier' ? (
        <Form.Item label="供应商" name="supplierId" rules={[{ required: true, message: '请选择整改供应商' }]}>
          <Select
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            options={supplierOptions}
            placeholder="输入名称搜索"
          />
        </Form.Item>
      ) : (
        <Form.Item label="整改部门" name="addresseeOrgCode" rules={[{ required: true, message: '请选择整改部门' }]}>
          <DepartField />
        </Form.Item>
      )}
      <Form.Item label="整改期限" name="deadline" rules={[{ required: true, message: '请选择整改期限' }]}>
        <DatePicker format="YYYY-MM-DD" disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
      </Form.Item>
      <Form.Item
        label="整改要求"
        name="requirement"
        rules={[{ required: true, whitespace: true, message: '请输入整改要求' }]}
      >
        <Input.TextArea rows={4} maxLength={L.textMax} />
      </Form.Item>
    </ModalForm>
  );
}
