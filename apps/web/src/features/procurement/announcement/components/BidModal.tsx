import type { BidDto, SupplierNoticeDto } from '@aps/shared';
import { checkQuote } from '@aps/shared/constants';
import { Alert, Form, Input } from 'antd';
import { useMemo } from 'react';
import { ModalForm } from '../../../../shared/list/ModalForm.tsx';
import { FileUpload } from '../../../../shared/upload/index.ts';
import { useNoticeMutations } from '../api.ts';

interface Values {
  price?: string;
  rate?: string;
  files: string;
}

/** Whether a package is quoted by 下浮率 (labour packages with lowerCoefficientType 1) rather than a price. */
export const quotedByRate = (pkg: { lowerCoefficientType: number | null }) => pkg.lowerCoefficientType === 1;

/**
 * 投标 (submit or revise until the deadline): the response files as PDF uploads and the quotation — a price not
 * above the package's 最高限价, or a 下浮率 for labour packages priced by rate. The same quote rules as the server
 * (checkQuote) check the field; the server's refusal (after the deadline, above fixedPrice, not eligible) shows as
 * its message and keeps the dialog open.
 */
export function BidModal({
  notice,
  current,
  open,
  onClose,
}: {
  notice: SupplierNoticeDto;
  current: BidDto | null;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { submitBid } = useNoticeMutations();
  const byRate = quotedByRate(notice);
  const initialValues = useMemo<Partial<Values>>(
    () =>
      current && current.status === '1'
        ? {
            price: current.price ?? undefined,
            rate: current.rate ?? undefined,
            files: current.files.map((f) => f.filePath).join(','),
          }
        : { files: '' },
    [current],
  );
  const revising = current?.status === '1';

  return (
    <ModalForm<Values>
      name="bid"
      open={open}
      title={revising ? '修改投标' : '投标'}
      form={form}
      width={720}
      labelWidth={110}
      initialValues={initialValues}
      okText="提交投标"
      onClose={onClose}
      onSubmit={(v) =>
        submitBid.mutateAsync({
          packageId: notice.packageId,
          ...(byRate ? { rate: v.rate?.trim() } : { price: v.price?.trim() }),
          fileIds: (v.files ?? '').split(',').filter(Boolean),
        })
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={`投标截止时间：${notice.bidDeadline ?? '—'}；截止前可修改或撤回，报价在开标前密封保存。`}
      />
      <Form.Item label="标包">{`${notice.purchaseName} / ${notice.packageName}`}</Form.Item>
      {notice.fixedPrice && <Form.Item label="最高限价（元）">{notice.fixedPrice}</Form.Item>}
      {byRate ? (
        <Form.Item
          label="下浮率"
          name="rate"
          extra="0 到 1 之间的小数，最多四位，例如 0.0850 表示下浮 8.5%"
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const r = checkQuote(notice, { rate: value ?? null });
                if (!r.ok) throw new Error(r.message);
              },
            },
          ]}
        >
          <Input placeholder="请输入下浮率" />
        </Form.Item>
      ) : (
        <Form.Item
          label="报价（元）"
          name="price"
          rules={[
            { required: true, message: '请填写报价' },
            { pattern: /^\d+(\.\d{1,2})?$/, message: '报价须为数字，最多两位小数' },
          ]}
        >
          <Input placeholder="请输入报价" />
        </Form.Item>
      )}
      <Form.Item label="响应文件" name="files" rules={[{ required: true, message: '请上传响应文件（PDF）' }]}>
        <FileUpload
          aria-label="响应文件"
          mode="pdf"
          max={5}
          biz="bid"
          buttonText="上传PDF"
          hint="仅支持 PDF 文件，最多 5 个"
        />
      </Form.Item>
    </ModalForm>
  );
}
