import { UploadOutlined } from '@ant-design/icons';
import type { SupplierFileDto } from '@aps/shared';
import { App, Button, Upload } from 'antd';
import { uploadFile } from '../../../../shared/upload/api.ts';

/**
 * A form field of uploaded files kept as {fileId, filePath, fileName, fileSize} (certificates, contract attachments,
 * invoices, payment vouchers): the platform's upload API, the id kept because the server checks each file is an
 * upload of the caller's tenant.
 */
export function FilesField({
  value = [],
  onChange,
  biz,
  accept = '.pdf,.png,.jpg,.jpeg',
  buttonText = '上传文件',
  'aria-label': ariaLabel,
}: {
  value?: SupplierFileDto[];
  onChange?: (v: SupplierFileDto[]) => void;
  biz: string;
  accept?: string;
  buttonText?: string;
  'aria-label'?: string;
}) {
  const { message } = App.useApp();
  return (
    <Upload
      accept={accept}
      fileList={value.map((f) => ({ uid: f.fileId, name: f.fileName, status: 'done' as const }))}
      onRemove={(file) => onChange?.(value.filter((f) => f.fileId !== file.uid))}
      customRequest={async ({ file, onSuccess, onError }) => {
        try {
          const r = await uploadFile(file as File, { biz });
          onChange?.([...value, { fileId: r.id, filePath: r.filePath, fileName: r.fileName, fileSize: r.fileSize }]);
          onSuccess?.(r);
        } catch (err) {
          message.error((err as Error).message);
          onError?.(err as Error);
        }
      }}
    >
      <Button icon={<UploadOutlined />} aria-label={ariaLabel}>
        {buttonText}
      </Button>
    </Upload>
  );
}
