import type { FindingDto, SupplierFileDto } from '@aps/shared';
import {
  FINDING_SEVERITIES,
  INSPECTION_STATES,
  INSPECTION_TARGET_TYPES,
  SUPERVISION_LIMITS as L,
  PERMISSIONS,
} from '@aps/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Form, Input, List, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Can } from '../../../../shared/auth/Can.tsx';
import { FilesField } from '../../../procurement/supplier/components/FilesField.tsx';
import { addFinding, inspectionKeys, useInspection } from '../api.ts';
import { RectificationFormModal } from './RectificationFormModal.tsx';

export const SEVERITY_COLORS: Record<string, string> = { general: 'blue', major: 'orange', critical: 'red' };
const SEVERITY_OPTIONS = Object.entries(FINDING_SEVERITIES).map(([value, label]) => ({ value, label }));

interface FindingValues {
  description: string;
  severity: string;
  evidence?: SupplierFileDto[];
}

/** 检查详情: the inspection, its findings (登记发现 with evidence uploads), and 发起整改 on a finding. */
export function InspectionDrawer({ id, onClose }: { id: string | null; onClose(): void }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const detail = useInspection(id);
  const [form] = Form.useForm<FindingValues>();
  const [saving, setSaving] = useState(false);
  const [raising, setRaising] = useState<FindingDto | null>(null);
  const i = detail.data;

  async function save(v: FindingValues) {
    if (!id) return;
    setSaving(true);
    try {
      await addFinding({
        inspectionId: id,
        description: v.description,
        severity: v.severity,
        evidence: v.evidence ?? [],
      });
      message.success('检查发现已登记');
      form.resetFields();
      await client.invalidateQueries({ queryKey: inspectionKeys.all });
    } catch (err) {
      message.warning((err as Error).message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Drawer open={!!id} onClose={onClose} title="检查详情" size="large" destroyOnHidden>
      {i ? (
        <>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="检查名称" span={2}>
              {i.title}
            </Descriptions.Item>
            <Descriptions.Item label="检查对象">
              {`${INSPECTION_TARGET_TYPES[i.targetType]}：${i.targetName}`}
            </Descriptions.Item>
            <Descriptions.Item label="状态">{INSPECTION_STATES[i.state]}</Descriptions.Item>
            <Descriptions.Item label="检查人员">{i.inspectorNames.join('、')}</Descriptions.Item>
            <Descriptions.Item label="计划日期">
              {i.plannedStart ? `${i.plannedStart} ~ ${i.plannedEnd ?? ''}` : '-'}
            </Descriptions.Item>
            <Descriptions.Item label="检查范围" span={2}>
              {i.scope ?? '-'}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            检查发现
          </Typography.Title>
          <List<FindingDto>
            dataSource={i.findings ?? []}
            locale={{ emptyText: '暂无检查发现' }}
            renderItem={(f) => (
              <List.Item
                actions={[
                  f.rectificationId ? (
                    <Tag key="raised" color="green">
                      已发起整改
                    </Tag>
                  ) : (
                    <Can key="raise" code={PERMISSIONS.rectification.add}>
                      <Typography.Link onClick={() => setRaising(f)}>发起整改</Typography.Link>
                    </Can>
                  ),
                ]}
              >
                <List.Item.Meta
                  title={
                    <Space>
                      <Tag color={SEVERITY_COLORS[f.severity]}>{FINDING_SEVERITIES[f.severity]}</Tag>
                      {f.description}
                    </Space>
                  }
                  description={f.evidence.map((e) => e.fileName).join('、') || '无证据附件'}
                />
              </List.Item>
            )}
          />
          <Can code={PERMISSIONS.inspection.edit}>
            <Typography.Title level={5}>登记发现</Typography.Title>
            <Form<FindingValues> name="findingForm" form={form} layout="vertical" onFinish={save}>
              <Form.Item
                label="问题描述"
                name="description"
                rules={[{ required: true, whitespace: true, message: '请输入问题描述' }]}
              >
                <Input.TextArea rows={3} maxLength={L.textMax} />
              </Form.Item>
              <Form.Item label="严重程度" name="severity" rules={[{ required: true, message: '请选择严重程度' }]}>
                <Select options={SEVERITY_OPTIONS} placeholder="请选择" style={{ width: 200 }} />
              </Form.Item>
              <Form.Item label="证据" name="evidence">
                <FilesField biz="supervision" buttonText="上传证据" aria-label="上传证据" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={saving}>
                登记发现
              </Button>
            </Form>
          </Can>
          <RectificationFormModal inspection={i} finding={raising} onClose={() => setRaising(null)} />
        </>
      ) : null}
    </Drawer>
  );
}
