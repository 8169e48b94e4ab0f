import type { SupplierDto } from '@aps/shared';
import {
  APPROVAL_STATUS,
  APPROVAL_STATUS_LABELS,
  type ApprovalStatus,
  SUPPLIER_API,
  SUPPLIER_STATUS,
  SUPPLIER_STATUS_LABELS,
} from '@aps/shared/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form } from 'antd';
import { useState } from 'react';
import { http } from '../../../../shared/http.ts';
import { ModalForm } from '../../../../shared/list/ModalForm.tsx';
import { useCategoryTree } from '../../expert/api.ts';
import { standingKeys } from '../standing-api.ts';
import { BankFields, CategoryField, CompanyFields } from './ProfileFields.tsx';

interface RegisterStatus {
  supplier: SupplierDto;
  rejectReason: string | null;
}
const statusKey = ['supplier', 'register', 'status'] as const;

/**
 * 注册与准入 on 企业信息 (issue 16): the company's admission state; after a rejection the reason and a form to correct
 * the registration and resubmit it to the same supplier_admission process. Nothing is shown once admitted.
 */
export function RegistrationCard() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) => http.get<RegisterStatus>(SUPPLIER_API.registerStatus, undefined, signal),
  });
  const categories = useCategoryTree();
  const [form] = Form.useForm<Partial<SupplierDto>>();
  const [open, setOpen] = useState(false);
  const s = status.data?.supplier;
  if (!s || s.status !== SUPPLIER_STATUS.pending) return null;
  const approval = APPROVAL_STATUS_LABELS[Number(s.approvalStatus) as ApprovalStatus] ?? s.approvalStatus;
  const rejected = s.approvalStatus === String(APPROVAL_STATUS.rejected);
  return (
    <Card variant="borderless" title="注册与准入">
      <Alert
        type={rejected ? 'error' : 'info'}
        showIcon
        message={`准入状态：${SUPPLIER_STATUS_LABELS[s.status]}（${approval}）`}
        description={rejected ? `驳回原因：${status.data?.rejectReason ?? '-'}` : '准入审核通过后即可参与报名和投标'}
        action={
          rejected ? (
            <Button type="primary" onClick={() => setOpen(true)}>
              修改并重新提交
            </Button>
          ) : null
        }
      />
      <ModalForm<Partial<SupplierDto>>
        name="supplierResubmit"
        open={open}
        title="修改注册信息并重新提交准入"
        form={form}
        drawer
        initialValues={s}
        okText="重新提交"
        onClose={() => setOpen(false)}
        onSubmit={async (v) => {
          await http.post(SUPPLIER_API.registerResubmit, v);
          message.success('已重新提交准入审核');
          await queryClient.invalidateQueries({ queryKey: statusKey });
          await queryClient.invalidateQueries({ queryKey: standingKeys.profile });
        }}
      >
        <CompanyFields withPhone />
        <CategoryField tree={categories.data} loading={categories.isFetching} />
        <BankFields />
      </ModalForm>
    </Card>
  );
}
