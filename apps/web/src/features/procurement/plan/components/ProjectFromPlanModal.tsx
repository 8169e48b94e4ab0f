import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { PlanDto, ProjectFromPlanRequest } from '@aps/shared';
import { App, Button, Form, Input, InputNumber, Space } from 'antd';
import { useMemo } from 'react';
import { ModalForm, useInvalidatingMutation } from '../../../../shared/list/index.ts';
import { planApi, procurementKeys } from '../api.ts';

interface ProjectForm {
  purchaseName: string;
  purchaseCandidateCount: number;
  packages: { packageName: string; fixedPrice: number; number?: number | null; warrantyPeriod?: number | null }[];
}

/** 立项: the project and its packages (name, price limit, quantity, warranty) from an approved plan. */
export function ProjectFromPlanModal({ plan, onClose }: { plan: PlanDto | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ProjectForm>();
  const create = useInvalidatingMutation(planApi.fromPlan, [procurementKeys.all]);
  const initialValues = useMemo<Partial<ProjectForm>>(
    () =>
      plan
        ? {
            purchaseName: plan.planName,
            purchaseCandidateCount: 3,
            packages: [{ packageName: `${plan.planName}标包一`, fixedPrice: Number(plan.budget) }],
          }
        : {},
    [plan],
  );
  return (
    <ModalForm<ProjectForm>
      name="projectFromPlan"
      open={!!plan}
      title={`立项：${plan?.planName ?? ''}`}
      form={form}
      width={900}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={async (v) => {
        if (!plan) return;
        const body = {
          planId: plan.id,
          purchaseName: v.purchaseName,
          purchaseCandidateCount: v.purchaseCandidateCount,
          packages: v.packages.map((p) => ({
            packageName: p.packageName,
            fixedPrice: String(p.fixedPrice),
            number: p.number ?? null,
            warrantyPeriod: p.warrantyPeriod ?? null,
          })),
        } as unknown as ProjectFromPlanRequest;
        const result = await create.mutateAsync(body);
        message.success(`已立项：${result.project.purchaseCode}，标包${result.packages.length}个`);
      }}
    >
      <Form.Item label="项目名称" name="purchaseName" rules={[{ required: true, message: '请输入项目名称' }]}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item
        label="候选人数量"
        name="purchaseCandidateCount"
        rules={[{ required: true, message: '请输入候选人数量' }]}
      >
        <InputNumber min={1} max={10} precision={0} />
      </Form.Item>
      <Form.List name="packages">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, i) => (
              <Space key={field.key} align="baseline" wrap style={{ display: 'flex', marginLeft: 16 }}>
                <Form.Item
                  label={`标包${i + 1}`}
                  name={[field.name, 'packageName']}
                  rules={[{ required: true, message: '请输入标包名称' }]}
                >
                  <Input placeholder="标包名称" aria-label={`标包${i + 1}名称`} style={{ width: 220 }} />
                </Form.Item>
                <Form.Item
                  label="最高限价"
                  name={[field.name, 'fixedPrice']}
                  rules={[{ required: true, message: '请输入最高限价' }]}
                >
                  <InputNumber min={0} precision={2} aria-label={`标包${i + 1}最高限价`} style={{ width: 160 }} />
                </Form.Item>
                <Form.Item label="数量" name={[field.name, 'number']}>
                  <InputNumber min={0} style={{ width: 100 }} />
                </Form.Item>
                <Form.Item label="质保期（月）" name={[field.name, 'warrantyPeriod']}>
                  <InputNumber min={0} max={600} precision={0} style={{ width: 90 }} />
                </Form.Item>
                {fields.length > 1 && <MinusCircleOutlined aria-label="删除标包" onClick={() => remove(field.name)} />}
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ packageName: '', fixedPrice: 0 })}>
              添加标包
            </Button>
          </>
        )}
      </Form.List>
    </ModalForm>
  );
}
