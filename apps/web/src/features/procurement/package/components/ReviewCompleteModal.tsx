import type { PackageDto } from '@aps/shared';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Modal, Radio, Select } from 'antd';
import { warnFailure } from '../../../../shared/list/index.ts';
import { procurementKeys } from '../../plan/api.ts';
import { packageApi, usePackageMutation } from '../api.ts';

interface CompleteForm {
  electionStatus: '0' | '1';
  validBidderIds: string[];
  rankedCandidates: string[];
}

/**
 * 完成评审 (the review seam until the review module takes it over): the valid bidders, the ranked candidates (in
 * the order picked) and 正常 or 流标; the package moves to 评审结束.
 */
export function ReviewCompleteModal({ pkg, onClose }: { pkg: PackageDto | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<CompleteForm>();
  const bids = useQuery({
    queryKey: [...procurementKeys.bids(pkg?.id ?? ''), 'bids'],
    queryFn: () => packageApi.bids(pkg?.id ?? ''),
    enabled: !!pkg,
  });
  const complete = usePackageMutation(packageApi.reviewComplete);
  const options = (bids.data ?? [])
    .filter((b) => b.status === '1')
    .map((b) => ({ value: b.supplierId, label: b.supplierName }));
  const valid = Form.useWatch('validBidderIds', form) ?? [];
  return (
    <Modal
      open={!!pkg}
      title={`完成评审：${pkg?.packageName ?? ''}`}
      onCancel={onClose}
      destroyOnHidden
      confirmLoading={complete.isPending}
      onOk={async () => {
        if (!pkg) return;
        const v = await form.validateFields();
        try {
          await complete.mutateAsync({
            packageId: pkg.id,
            electionStatus: v.electionStatus,
            validBidderIds: v.validBidderIds ?? [],
            rankedCandidates: v.electionStatus === '0' ? [] : (v.rankedCandidates ?? []),
          });
          message.success('操作成功!');
          onClose();
        } catch (err) {
          warnFailure(message, err, '操作失败');
        }
      }}
    >
      <Form form={form} layout="vertical" name="reviewComplete" initialValues={{ electionStatus: '1' }}>
        <Form.Item label="选商结果" name="electionStatus">
          <Radio.Group
            options={[
              { value: '1', label: '正常' },
              { value: '0', label: '流标' },
            ]}
          />
        </Form.Item>
        <Form.Item label="有效投标人" name="validBidderIds">
          <Select mode="multiple" options={options} loading={bids.isLoading} />
        </Form.Item>
        <Form.Item label="推荐候选人（按排名）" name="rankedCandidates">
          <Select
            mode="multiple"
            options={options.filter((o) => valid.includes(o.value))}
            maxCount={pkg?.purchaseCandidateCount ?? 3}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
