import type { AnnouncementAdminDto } from '@aps/shared';
import {
  ANNOUNCEMENT_CATEGORY_LABELS,
  ANNOUNCEMENT_MESSAGES,
  ANNOUNCEMENT_MSG_TYPE_LABELS,
  PRIORITY_LABELS,
} from '@aps/shared/constants';
import { App, Col, DatePicker, Form, Input, Radio, Row, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useMemo } from 'react';
import { ModalForm } from '../../../../shared/list/ModalForm.tsx';
import { type AnnouncementFormValues, announcementAdminApi, useAnnouncementMutation } from '../admin.api.ts';
import { bodyHtml } from '../richText.ts';
import { UserSelect } from './UserSelect.tsx';

interface FormShape {
  titile: string;
  msgCategory: '1' | '2';
  priority: 'L' | 'M' | 'H';
  msgType: 'ALL' | 'USER';
  userIds?: string[];
  startTime?: Dayjs | null;
  endTime?: Dayjs | null;
  openPage?: string | null;
  msgAbstract?: string | null;
  msgContent: string;
}

const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';
const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
const PRIORITY_OPTIONS = (['L', 'M', 'H'] as const).map((value) => ({ value, label: PRIORITY_LABELS[value] }));

// The editor is most of the form's code: it loads when the form first opens, not with the list page.
const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));

const LOADING_STYLE = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: 248,
  border: '1px solid #d9d9d9',
  borderRadius: 6,
  color: 'rgba(0,0,0,0.45)',
} as const;

/** 正文: the rich-text editor (its value is HTML, '' when it has no text), a placeholder while it loads. */
function BodyEditor(props: { id?: string; value?: string; onChange?: (html: string) => void }) {
  return (
    <Suspense
      fallback={
        <div style={LOADING_STYLE}>
          <Spin size="small" />
          <span style={{ marginInlineStart: 8 }}>编辑器加载中…</span>
        </div>
      }
    >
      <RichTextEditor {...props} ariaLabel="正文" placeholder="请输入通告内容" />
    </Suspense>
  );
}

/**
 * Add or edit an announcement (a draft or a revoked one; a published one is read-only until revoked): title,
 * category, priority, recipients (everyone or chosen users), validity window, the page 去处理 opens, and the body.
 */
export function AnnouncementFormModal({
  open,
  announcement,
  onClose,
}: {
  open: boolean;
  announcement: AnnouncementAdminDto | null;
  onClose(): void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormShape>();
  const save = useAnnouncementMutation(announcementAdminApi.save);
  const msgType = Form.useWatch('msgType', form);
  const isEdit = Boolean(announcement);

  const initialValues = useMemo<Partial<FormShape>>(
    () =>
      announcement
        ? {
            titile: announcement.titile,
            msgCategory: announcement.msgCategory as FormShape['msgCategory'],
            priority: announcement.priority,
            msgType: announcement.msgType as FormShape['msgType'],
            userIds: announcement.userIds,
            startTime: announcement.startTime ? dayjs(announcement.startTime) : null,
            endTime: announcement.endTime ? dayjs(announcement.endTime) : null,
            openPage: announcement.openPage,
            msgAbstract: announcement.msgAbstract,
            msgContent: announcement.msgContent,
          }
        : { msgCategory: '1', priority: 'L', msgType: 'ALL', userIds: [] },
    [announcement],
  );

  async function submit(v: FormShape) {
    const openPage = v.openPage?.trim() || null;
    const values: AnnouncementFormValues = {
      id: announcement?.id,
      titile: v.titile.trim(),
      msgContent: bodyHtml(v.msgContent),
      msgAbstract: v.msgAbstract?.trim() || null,
      priority: v.priority,
      msgCategory: v.msgCategory,
      msgType: v.msgType,
      userIds: v.msgType === 'USER' ? (v.userIds ?? []) : undefined,
      startTime: v.startTime ? v.startTime.format(DATE_TIME) : null,
      endTime: v.endTime ? v.endTime.format(DATE_TIME) : null,
      // A page given here opens with 去处理 (a route unless the record already named a component).
      openType: openPage ? (announcement?.openType === 'component' ? 'component' : 'url') : null,
      openPage,
      busType: announcement?.busType ?? null,
      busId: announcement?.busId ?? null,
    };
    await save.mutateAsync(values);
    message.success(isEdit ? '编辑成功!' : '添加成功！');
  }

  return (
    <ModalForm<FormShape>
      name="announcementForm"
      open={open}
      title={isEdit ? '编辑通告' : '新增通告'}
      form={form}
      width={880}
      labelWidth={90}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={submit}
    >
      <Form.Item
        label="标题"
        name="titile"
        rules={[
          { required: true, whitespace: true, message: ANNOUNCEMENT_MESSAGES.titleRequired },
          { max: 100, message: '长度不能超过100个字符' },
        ]}
      >
        <Input placeholder="请输入标题" maxLength={100} showCount />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item label="消息类型" name="msgCategory" rules={[{ required: true, message: '请选择消息类型' }]}>
            <Radio.Group optionType="button" options={options(ANNOUNCEMENT_CATEGORY_LABELS)} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="优先级" name="priority" rules={[{ required: true, message: '请选择优先级' }]}>
            <Radio.Group optionType="button" options={PRIORITY_OPTIONS} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="通告对象" name="msgType" rules={[{ required: true, message: '请选择通告对象' }]}>
        <Radio.Group options={options(ANNOUNCEMENT_MSG_TYPE_LABELS)} />
      </Form.Item>
      {msgType === 'USER' && (
        <Form.Item
          label="接收用户"
          name="userIds"
          rules={[{ required: true, type: 'array', min: 1, message: ANNOUNCEMENT_MESSAGES.usersRequired }]}
        >
          <UserSelect />
        </Form.Item>
      )}
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item label="开始时间" name="startTime" tooltip="不填则发布后立即可见">
            <DatePicker showTime format={DATE_TIME} style={{ width: '100%' }} placeholder="请选择开始时间" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label="结束时间"
            name="endTime"
            tooltip="到期后不再向用户显示"
            dependencies={['startTime']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_r, value: Dayjs | null | undefined) => {
                  const start = getFieldValue('startTime') as Dayjs | null | undefined;
                  if (value && start && value.isBefore(start)) throw new Error(ANNOUNCEMENT_MESSAGES.endBeforeStart);
                },
              }),
            ]}
          >
            <DatePicker showTime format={DATE_TIME} style={{ width: '100%' }} placeholder="请选择结束时间" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="处理页面" name="openPage" tooltip="填写后，通知详情中显示「去处理」按钮，打开该页面">
        <Input placeholder="如 /purchase/record，可不填" maxLength={255} />
      </Form.Item>
      <Form.Item label="摘要" name="msgAbstract">
        <Input.TextArea rows={2} placeholder="请输入摘要" maxLength={500} showCount />
      </Form.Item>
      <Form.Item
        label="正文"
        name="msgContent"
        rules={[{ required: true, whitespace: true, message: ANNOUNCEMENT_MESSAGES.contentRequired }]}
        extra="保存时将过滤脚本等不安全内容；链接仅支持 http、https 与邮箱地址"
      >
        <BodyEditor />
      </Form.Item>
    </ModalForm>
  );
}
