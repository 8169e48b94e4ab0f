import {
  NOTICE_STATUS,
  NOTICE_STATUS_NAMES,
  NOTICE_TYPES,
  type NoticeDto,
  type NoticeType,
  TIMETABLE_FIELD_KEYS,
  TIMETABLE_FIELDS,
  type TimetableField,
} from '@aps/shared';
import { useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, Modal, Skeleton, Space, Spin, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import DOMPurify from 'dompurify';
import { lazy, Suspense, useEffect, useState } from 'react';
import { warnFailure } from '../../../../shared/list/index.ts';
import { FileUpload } from '../../../../shared/upload/index.ts';
import { procurementKeys } from '../../plan/api.ts';
import { type PackageDetail, packageApi, usePackageMutation } from '../api.ts';
import { TimetableChangeTable } from './TimetableChangeTable.tsx';

// The editor is the larger part of the form: it loads when the notice editor opens.
const RichTextEditor = lazy(() => import('../../../platform/announcement/components/RichTextEditor.tsx'));

interface NoticeForm {
  title: string;
  content: string;
  attachments?: string;
  /** 变更公告: the new timetable (pre-filled with the package's current one). */
  timetable?: Partial<Record<TimetableField, Dayjs>>;
}

const FMT = 'YYYY-MM-DD HH:mm:ss';
const PACKAGE_TIME: Record<TimetableField, keyof PackageDetail> = {
  signUpStartTime: 'signUpStartTime',
  signUpEndTime: 'signUpEndTime',
  bidDeadline: 'bidDeadline',
  openingTime: 'openingStartTime',
};

/** The timetable a 变更公告 form starts from: the package's, with a draft's proposed values over it. */
function startingTimetable(pkg: PackageDetail, draft: NoticeDto | undefined): NoticeForm['timetable'] {
  const values: NoticeForm['timetable'] = {};
  for (const f of TIMETABLE_FIELD_KEYS) {
    const proposed = draft?.timetableChange?.find((c) => c.field === f)?.after;
    const v = proposed ?? (pkg[PACKAGE_TIME[f]] as string | null);
    if (v) values[f] = dayjs(v);
  }
  return values;
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
  // A package has one notice of each kind, except 变更公告: as many as needed, so its editor opens the draft or a new one.
  const isChange = noticeType === 'change';
  const current: NoticeDto | undefined = notices.data?.records.find(
    (n) =>
      n.noticeType === noticeType && (isChange ? n.status === NOTICE_STATUS.draft : n.status !== NOTICE_STATUS.revoked),
  );
  const [saving, setSaving] = useState(false);
  const save = usePackageMutation(async (v: NoticeForm & { id?: string }) => {
    const body = {
      packageId: pkg?.id ?? '',
      noticeType,
      title: v.title,
      content: v.content,
      attachments: (v.attachments ?? '').split(',').filter(Boolean),
      timetable: isChange && v.timetable ? timetableOf(v.timetable) : null,
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
            timetable: isChange ? startingTimetable(pkg, current) : undefined,
          }
        : {
            title: `${pkg.purchaseName} ${pkg.packageNo}标包${NOTICE_TYPES[noticeType]}`,
            content: '',
            attachments: '',
            timetable: isChange ? startingTimetable(pkg, undefined) : undefined,
          },
    );
  }, [pkg, current, notices.isLoading, form, noticeType, isChange]);

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
          <TimetableChangeTable change={current.timetableChange} />
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
          {isChange && (
            <>
              <Typography.Paragraph type="secondary">
                时间安排（已过的时间不能变更；发布后生效，并通知已报名的供应商）
              </Typography.Paragraph>
              <Space wrap>
                {TIMETABLE_FIELD_KEYS.map((f) => (
                  <Form.Item
                    key={f}
                    label={TIMETABLE_FIELDS[f]}
                    name={['timetable', f]}
                    rules={[{ required: true, message: `请选择${TIMETABLE_FIELDS[f]}` }]}
                  >
                    <DatePicker showTime format={FMT} aria-label={TIMETABLE_FIELDS[f]} />
                  </Form.Item>
                ))}
              </Space>
              <TimetableChangeTable change={current?.timetableChange ?? null} />
            </>
          )}
        </Form>
      )}
    </Modal>
  );
}

const timetableOf = (t: NonNullable<NoticeForm['timetable']>): Record<TimetableField, string> =>
  Object.fromEntries(TIMETABLE_FIELD_KEYS.map((f) => [f, t[f]?.format(FMT) ?? ''])) as Record<TimetableField, string>;

function NoticeBody(props: { id?: string; value?: string; onChange?: (html: string) => void }) {
  return (
    <Suspense fallback={<Spin size="small" />}>
      <RichTextEditor {...props} ariaLabel="公告内容" placeholder="请输入公告内容" />
    </Suspense>
  );
}
