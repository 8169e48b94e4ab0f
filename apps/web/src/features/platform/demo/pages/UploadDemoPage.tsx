import { CloudUploadOutlined, EyeOutlined, PictureOutlined } from '@ant-design/icons';
import { splitValue, UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@aps/shared/constants';
import { Alert, Button, Card, Col, Empty, List, Row, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  FilePreviewModal,
  FileUpload,
  formatBytes,
  ImageUpload,
  type PreviewFile,
  type UploadItem,
  UploadModal,
} from '../../../../shared/upload/index.ts';

/** The stored value of a field, as a form would submit it (§3: comma-separated paths). */
function ValueLine({ value }: { value: string }) {
  const paths = splitValue(value);
  return (
    <div style={{ marginTop: 16 }}>
      <Typography.Text type="secondary">表单值（{paths.length} 个文件）：</Typography.Text>
      <Typography.Paragraph
        code
        copyable={paths.length > 0 ? { text: value } : false}
        ellipsis={{ rows: 2, tooltip: value }}
        style={{ margin: '4px 0 0' }}
        data-testid="upload-value"
      >
        {value || '（空）'}
      </Typography.Paragraph>
    </div>
  );
}

const cardStyles = { body: { minHeight: 220 } };

/**
 * Demo page of the upload components (§1 Demo pages): the generic upload limited to the last 3 files, the image
 * upload (jpeg/jpg/png, 10 MB, reorder), the PDF-only upload, and the upload popup with its file list and preview.
 */
export default function UploadDemoPage() {
  const [files, setFiles] = useState('');
  const [images, setImages] = useState('');
  const [pdf, setPdf] = useState('');
  const [popup, setPopup] = useState<'image' | 'file' | null>(null);
  const [popupFiles, setPopupFiles] = useState<UploadItem[]>([]);
  const [preview, setPreview] = useState<PreviewFile | null>(null);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        title="上传组件演示"
        description={`文件按内容校验（可执行文件、网页与脚本一律拒绝），图片仅支持 jpeg、jpg、png 且不超过 ${formatBytes(UPLOAD_LIMITS.imageMaxBytes)}；上传前提示：${UPLOAD_MESSAGES.secretWarning}`}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title="文件上传" extra={<Tag color="blue">最多保留最近 3 个</Tag>} styles={cardStyles}>
            <FileUpload
              aria-label="文件上传"
              max={3}
              value={files}
              onChange={setFiles}
              hint="支持任意文档、表格、压缩包等，单个文件不超过 10MB；超过 3 个时保留最近上传的 3 个。"
            />
            <ValueLine value={files} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title="图片上传" extra={<Tag color="green">jpeg / jpg / png · 10MB</Tag>} styles={cardStyles}>
            <ImageUpload aria-label="图片上传" max={6} value={images} onChange={setImages} />
            <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0', fontSize: 12 }}>
              将鼠标移到图片上可预览、前移、后移或删除。
            </Typography.Paragraph>
            <ValueLine value={images} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title="PDF 上传" extra={<Tag color="red">仅 PDF</Tag>} styles={cardStyles}>
            <FileUpload
              aria-label="PDF上传"
              mode="pdf"
              max={1}
              value={pdf}
              onChange={setPdf}
              buttonText="上传PDF"
              hint="仅支持 PDF 文件，再次上传将替换当前文件；点击预览查看内容。"
            />
            <ValueLine value={pdf} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card
            title="上传弹窗"
            extra={
              <Space>
                <Button icon={<PictureOutlined />} onClick={() => setPopup('image')}>
                  图片上传
                </Button>
                <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setPopup('file')}>
                  文件上传
                </Button>
              </Space>
            }
            styles={cardStyles}
          >
            {popupFiles.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="弹窗中上传并确定后，文件显示在这里" />
            ) : (
              <List
                size="small"
                dataSource={popupFiles}
                renderItem={(item) => (
                  <List.Item
                    actions={[
                      <Button
                        key="preview"
                        type="link"
                        size="small"
                        icon={<EyeOutlined />}
                        onClick={() =>
                          item.path &&
                          setPreview({ path: item.path, name: item.name, ...(item.mime ? { mime: item.mime } : {}) })
                        }
                      >
                        预览
                      </Button>,
                    ]}
                  >
                    <List.Item.Meta
                      title={item.name}
                      description={item.size === undefined ? item.path : `${formatBytes(item.size)} · ${item.path}`}
                    />
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Col>
      </Row>
      <UploadModal
        open={popup !== null}
        mode={popup ?? 'file'}
        max={popup === 'image' ? 6 : 3}
        onOk={(done) => {
          setPopupFiles(done);
          setPopup(null);
        }}
        onCancel={() => setPopup(null)}
      />
      <FilePreviewModal file={preview} onClose={() => setPreview(null)} />
    </Space>
  );
}
