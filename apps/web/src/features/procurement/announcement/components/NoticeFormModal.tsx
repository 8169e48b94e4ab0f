import type { NoticeDto } from '@aps/shared';
import { NOTICE_TYPES } from '@aps/shared/constants';
import { Form, Input, Select, Spin } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { ModalForm } from '../../../../shared/list/ModalForm.tsx';
import { FileUpload } from '../../../../shared/upload/index.ts';
import { bodyHtml } from '../../../platform/announcement/richText.ts';
import { type NoticeInput, useNoticeMutations, usePackageOptions } from '../api.ts';

// The editor is most of the form's code: it loads when the form first opens.
const RichTextEditor = lazy(() => import('../../../platform/announcement/components/RichTextEditor.tsx'));

function ContentEditor(props: { id?: string; value?: string; onChange?: (html: string) => void }) {
  return (
    <Suspense fallback={<Spin size="small" />}>
      <RichTextEditor {...props} ariaLabel="公告内容" placeholder="请输入公告内容" />
    </Suspense>
  );
}

interface Values {
  packageId: string;
  noticeType: string;
  title: string;
  content: string;
  attachments: string;
}

/** The package picker: packages of the user's data scope, searched by package or purchase name. */
function PackageSelect(props: {
  id?: string;
  value?: string;
  onChange?: (v: string) => void;
  current?: NoticeDto | null;
}) {
  const [keyword, setKeyword] = useState('');
  const options = usePackageOptions(keyword, true);
  const list = (options.data?.records ?? []).map((p) => ({
    value: p.id,
    label: `${p.purchaseName} / ${p.packageName}`,
  }));
  const { current, ...rest } = props;
  if (current && !list.some((o) => o.value === current.packageId)) {
    list.unshift({ value: current.packageId, label: `${current.purchaseName} / ${current.packageName}` });
  }
  return (
    <Select
      {...rest}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      options={list}
      loading={options.isFetching}
      placeholder="请选择标包（可按名称搜索）"
      aria-label="标包"
    />
  );
}

/**
 * 新增 / 编辑 a notice (草稿): package, type, title, the rich-text content (sanitised on the server and when shown)
 * and attachments. Publishing is a separate action of the list (a 采购公告 moves the package 待发布→公告中).
 */
export function NoticeFormModal({
  open,
  record,
  defaultType,
  onClose,
}: {
  open: boolean;
  record: NoticeDto | null;
  defaultType: string;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { save } = useNoticeMutations();
  const initialValues = useMemo<Partial<Values>>(
    () =>
      record
        ? {
            packageId: record.packageId,
            noticeType: record.noticeType,
            title: record.title,
            content: bodyHtml(record.content),
            attachments: record.attachments.map((a) => a.filePath).join(','),
          }
        : { noticeType: defaultType, attachments: '' },
    [record, defaultType],
  );
  return (
    <ModalForm<Values>
      name="notice"
      open={open}
      title={record ? '编辑公告' : '新增公告'}
      form={form}
      width={900}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={(v) => {
        const input: NoticeInput = {
          ...(record ? { id: record.id } : {}),
          packageId: v.packageId,
          noticeType: v.noticeType,
          title: v.title.trim(),
          content: v.content,
          attachments: (v.attachments ?? '').split(',').filter(Boolean),
        };
        return save.mutateAsync(input);
      }}
    >
      <Form.Item label="标包" name="packageId" rules={[{ required: true, message: '请选择标包' }]}>
        <PackageSelect current={record} />
      </Form.Item>
      <Form.Item label="公告类型" name="noticeType" rules={[{ required: true, message: '请选择公告类型' }]}>
        <Select options={Object.entries(NOTICE_TYPES).map(([value, label]) => ({ value, label }))} />
      </Form.Item>
      <Form.Item
        label="公告标题"
        name="title"
        rules={[{ required: true, whitespace: true, message: '请输入公告标题' }]}
      >
        <Input maxLength={200} placeholder="请输入公告标题" />
      </Form.Item>
      <Form.Item label="公告内容" name="content" rules={[{ required: true, message: '请输入公告内容' }]}>
        <ContentEditor />
      </Form.Item>
      <Form.Item label="附件" name="attachments">
        <FileUpload aria-label="公告附件" max={20} hint="招标文件、图纸等，单个文件不超过 10MB" />
      </Form.Item>
    </ModalForm>
  );
}
