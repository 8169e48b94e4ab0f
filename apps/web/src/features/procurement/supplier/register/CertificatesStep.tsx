import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { SupplierFileDto } from '@aps/shared';
import { SUPPLIER_LIMITS } from '@aps/shared/constants';
import { App, Button, Card, Form, Input, Space, Upload } from 'antd';
import { useState } from 'react';
import { uploadRegisterFile } from '../api.ts';

/** The files of one certificate: PDF or images, uploaded at once under the registration's token. */
function CertificateFiles({
  token,
  value = [],
  onChange,
}: {
  token: string;
  value?: SupplierFileDto[];
  onChange?: (files: SupplierFileDto[]) => void;
}) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Upload
        accept=".pdf,.jpg,.jpeg,.png"
        showUploadList={false}
        disabled={value.length >= SUPPLIER_LIMITS.maxCertificateFiles}
        customRequest={async ({ file }) => {
          setBusy(true);
          try {
            const saved = await uploadRegisterFile(token, file as File);
            onChange?.([
              ...value,
              { fileId: saved.id, filePath: saved.filePath, fileName: saved.fileName, fileSize: saved.fileSize },
            ]);
            message.success(`${saved.fileName} 上传成功!`);
          } catch (err) {
            message.error(`上传出错：${(err as Error).message}`);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          上传证书文件（PDF/图片）
        </Button>
      </Upload>
      {value.map((f) => (
        <Space key={f.fileId}>
          <span>{f.fileName}</span>
          <Button
            type="link"
            size="small"
            icon={<DeleteOutlined />}
            aria-label={`移除${f.fileName}`}
            onClick={() => onChange?.(value.filter((x) => x.fileId !== f.fileId))}
          />
        </Space>
      ))}
    </Space>
  );
}

const req = (label: string) => [{ required: true, whitespace: true, message: `请输入${label}` }];

/** 资质证书: any number of certificates (kind, number, issuer, dates, files). */
export function CertificatesStep({ token }: { token: string }) {
  return (
    <Form.List name="certificates">
      {(fields, { add, remove }) => (
        <Space direction="vertical" style={{ width: '100%' }}>
          {fields.map((field, i) => (
            <Card
              key={field.key}
              size="small"
              title={`资质证书 ${i + 1}`}
              extra={
                <Button type="link" danger onClick={() => remove(field.name)}>
                  删除
                </Button>
              }
            >
              <Form.Item label="证书类型" name={[field.name, 'kind']} rules={req('证书类型')}>
                <Input placeholder="如 营业执照、安全生产许可证" />
              </Form.Item>
              <Form.Item label="证书名称" name={[field.name, 'name']} rules={req('证书名称')}>
                <Input />
              </Form.Item>
              <Form.Item label="证书编号" name={[field.name, 'number']} rules={req('证书编号')}>
                <Input />
              </Form.Item>
              <Form.Item label="发证机关" name={[field.name, 'issuer']}>
                <Input />
              </Form.Item>
              <Form.Item label="有效期起" name={[field.name, 'validFrom']}>
                <Input type="date" />
              </Form.Item>
              <Form.Item
                label="有效期止"
                name={[field.name, 'expiresOn']}
                rules={[{ required: true, message: '请选择有效期止' }]}
              >
                <Input type="date" />
              </Form.Item>
              <Form.Item label="证书文件" name={[field.name, 'files']} initialValue={[]}>
                <CertificateFiles token={token} />
              </Form.Item>
            </Card>
          ))}
          <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ files: [] })}>
            添加资质证书
          </Button>
        </Space>
      )}
    </Form.List>
  );
}
