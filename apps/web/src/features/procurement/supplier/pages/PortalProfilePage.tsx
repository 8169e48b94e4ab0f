import type { SupplierChangeDto, SupplierDto } from '@aps/shared';
import {
  PERMISSIONS,
  SUPPLIER_CHANGE_STATES,
  SUPPLIER_KEY_FIELDS,
  SUPPLIER_STATUS_LABELS,
} from '@aps/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Form, Input, Space, Table, Tag, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { usePermissionCheck } from '../../../../shared/auth/Can.tsx';
import { ModalForm } from '../../../../shared/list/ModalForm.tsx';
import { useCategoryTree } from '../../expert/api.ts';
import { toTree } from '../../expert/components/ExpertFormDrawer.tsx';
import { RegistrationCard } from '../components/RegistrationCard.tsx';
import { standingKeys, submitChange, useMyChanges, useMyProfile } from '../standing-api.ts';

const LABELS: Record<string, string> = {
  name: '企业名称',
  creditCode: '统一社会信用代码',
  legalRepresentative: '法定代表人',
  address: '地址',
  contactName: '联系人',
  contactPhone: '联系电话',
  contactEmail: '电子邮箱',
  categories: '供应品类',
  bankName: '开户银行',
  bankAccount: '银行账号',
};
const KEY: readonly string[] = SUPPLIER_KEY_FIELDS;
const show = (v: unknown) =>
  Array.isArray(v) ? v.join('、') : v === null || v === undefined || v === '' ? '-' : String(v);

/** 企业信息 (supplier/PortalProfile, issue 16 §3): my company, a change request (key data → admission approval). */
export default function PortalProfilePage() {
  const { message } = App.useApp();
  const can = usePermissionCheck();
  const queryClient = useQueryClient();
  const profile = useMyProfile();
  const changes = useMyChanges();
  const categories = useCategoryTree();
  const treeData = useMemo(() => toTree(categories.data), [categories.data]);
  const [form] = Form.useForm<Partial<SupplierDto> & { reason?: string }>();
  const [open, setOpen] = useState(false);
  const p = profile.data;

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <RegistrationCard />
      <Card
        variant="borderless"
        title="企业信息"
        loading={profile.isLoading}
        extra={
          can(PERMISSIONS.supplierPortal.change) ? (
            <Button type="primary" onClick={() => setOpen(true)}>
              信息变更
            </Button>
          ) : null
        }
      >
        {p?.status === '4' ? <Alert type="warning" showIcon message={`已暂停：${p.suspendedReason ?? ''}`} /> : null}
        {p ? (
          <Descriptions column={{ xs: 1, md: 2 }} bordered size="small" style={{ marginTop: 12 }}>
            {Object.entries(LABELS).map(([k, label]) => (
              <Descriptions.Item key={k} label={KEY.includes(k) ? `${label}（关键）` : label}>
                {show(p[k as keyof SupplierDto])}
              </Descriptions.Item>
            ))}
            <Descriptions.Item label="状态">
              <Tag>{SUPPLIER_STATUS_LABELS[p.status]}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="履约评分">{p.score ?? '-'}</Descriptions.Item>
          </Descriptions>
        ) : null}
      </Card>
      <Card variant="borderless" title="变更记录">
        <Table<SupplierChangeDto>
          rowKey="id"
          size="small"
          loading={changes.isLoading}
          dataSource={changes.data?.records ?? []}
          pagination={false}
          columns={[
            {
              title: '变更内容',
              key: 'diff',
              render: (_, r) =>
                Object.keys(r.newValues)
                  .map((k) => `${LABELS[k] ?? k}：${show(r.oldValues[k])} → ${show(r.newValues[k])}`)
                  .join('；'),
            },
            { title: '关键信息', dataIndex: 'keyData', width: 90, render: (v: boolean) => (v ? '是' : '否') },
            {
              title: '状态',
              dataIndex: 'state',
              width: 90,
              render: (v: SupplierChangeDto['state']) => <Tag>{SUPPLIER_CHANGE_STATES[v]}</Tag>,
            },
            { title: '提交时间', dataIndex: 'createTime', width: 170 },
          ]}
        />
      </Card>
      <ModalForm
        name="supplierChange"
        open={open}
        title="信息变更（关键信息变更需重新准入审批）"
        form={form}
        drawer
        initialValues={p ?? {}}
        okText="提交"
        onClose={() => setOpen(false)}
        onSubmit={async (v) => {
          const c = await submitChange(v);
          message.success(c.keyData ? '关键信息变更已提交审批' : '变更已生效');
          await queryClient.invalidateQueries({ queryKey: standingKeys.profile });
          await queryClient.invalidateQueries({ queryKey: standingKeys.changes });
        }}
      >
        {Object.entries(LABELS).map(([k, label]) => (
          <Form.Item key={k} label={label} name={k} extra={KEY.includes(k) ? '关键信息' : undefined}>
            {k === 'categories' ? <TreeSelect treeData={treeData} multiple treeCheckable /> : <Input />}
          </Form.Item>
        ))}
        <Form.Item label="变更说明" name="reason">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </ModalForm>
    </Space>
  );
}
