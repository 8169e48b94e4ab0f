import { NOTICE_STATUS, NOTICE_STATUS_NAMES, NOTICE_TYPES, type NoticeDto, type NoticeType } from '@aps/shared';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Skeleton, Space, Spin, Tag, Typography } from 'antd';
import DOMPurify from 'dompurify';
import { lazy, Suspense, useEffect, useState } from 'react';
import { warnFailure } from '../../../../shared/list/index.ts';
import { FileUpload } from '../../../../shared/upload/index.ts';
import { procurementKeys } from '../../plan/api.ts';
import { type PackageDetail, packageApi, usePackageMutation } from '../api.ts';

// The editor is the larger part of the form: it loads when the notice editor opens.
const RichTextEditor = lazy(() => import('../../../platform/announcement/components/RichTextEditor.tsx'));

interface NoticeForm {
  title: string;
  content: string;
  attachments?: string;
}

/**
 * 采购公告 of a package: write it (title, rich-text body, attachments), save it as a draft and 发布 it — publishing
 * moves the package 待发布 → 公告中 on the server. A published notice shows read-only.
 */
export function NoticeEditorModal({
  pkg,
  noticeType = 'purchase',
  onClose,
}: {
  pkg: PackageDetail | null;
  noticeType?: NoticeType;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<NoticeForm>();
  const notices = useQuery({
    queryKey: procurementKeys.notices(pkg?.id ?? ''),
    queryFn: () => packageApi.notices(pkg?.id ?? ''),
    enabled: !!pkg,
  });
  const current: NoticeDto | undefined = notices.data?.records.find(
    (n) => n.noticeType === noticeType && n.status !== NOTICE_STATUS.revoked,
  );
  const [saving, setSaving] = useState(false);
  const save = usePackageMutation(async (v: NoticeForm & { id?: string }) => {
    const body = {
      packageId: pkg?.id ?? '',
      noticeType,
      title: v.title,
      content: v.content,
      attachments: (v.attachments ?? '').split(',').filter(Boolean),
    };
    return v.id ? packageApi.editNotice({ ...body, id: v.id }) : packageApi.addNotice(body);
  });
  const publish = usePackageMutation(packageApi.publishNotice);
  const readOnly = current?.status === NOTICE_STATUS.published;

  useEffect(() => {
    if (!pkg || notices.isLoading) return;
    form.setFieldsValue(
      current
        ? {
            title: current.title,
            content: current.content,
            attachments: current.attachments.map((a) => a.filePath).join(','),
          }
        : {
            title: `${pkg.purchaseName} ${pkg.packageNo}标包${NOTICE_TYPES[noticeType]}`,
            content: '',
            attachments: '',
          },
    );
  }, [pkg, current, notices.isLoading, form, noticeType]);

  const submit = async (andPublish: boolean) => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const saved = await save.mutateAsync({ ...values, id: current?.id });
      if (andPublish) {
        await publish.mutateAsync(saved.id);
        message.success('发布成功!');
        onClose();
      } else {
        message.success('保存成功!');
      }
    } catch (err) {
      warnFailure(message, err, '保存失败');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!pkg}
      title={`${NOTICE_TYPES[noticeType]}：${pkg?.packageName ?? ''}`}
      width={1000}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      footer={
        readOnly ? (
          <Button onClick={onClose}>关闭</Button>
        ) : (
          <Space>
            <Button onClick={onClose}>关闭</Button>
            <Button loading={saving} onClick={() => submit(false)}>
              保存草稿
            </Button>
            <Button type="primary" loading={saving} onClick={() => submit(true)}>
              发布
            </Button>
          </Space>
        )
      }
    >
      {notices.isLoading ? (
        <Skeleton active />
      ) : readOnly && current ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {current.title}
            </Typography.Title>
            <Tag color="green">{NOTICE_STATUS_NAMES[current.status]}</Tag>
            <Typography.Text type="secondary">{current.publishTime}</Typography.Text>
          </Space>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised here and on the server */}
          <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(current.content) }} />
          {current.attachments.map((a) => (
            <div key={a.fileId}>附件：{a.fileName}</div>
          ))}
        </Space>
      ) : (
        <Form form={form} layout="vertical" name="noticeForm">
          {current && <Tag>{NOTICE_STATUS_NAMES[current.status]}</Tag>}
          <Form.Item label="公告标题" name="title" rules={[{ required: true, message: '请输入公告标题' }]}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item label="公告内容" name="content" rules={[{ required: true, message: '请输入公告内容' }]}>
            <NoticeBody />
          </Form.Item>
          <Form.Item label="附件" name="attachments">
            <FileUpload />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

function NoticeBody(props: { id?: string; value?: string; onChange?: (html: string) => void }) {
  return (
    <Suspense fallback={<Spin size="small" />}>
      <RichTextEditor {...props} ariaLabel="公告内容" placeholder="请输入公告内容" />
    </Suspense>
  );
}
