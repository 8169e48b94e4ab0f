import type { AnnouncementDto } from '@aps/shared';
import { Button, Descriptions, Modal, Typography } from 'antd';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { PriorityTag } from './PriorityTag.tsx';
import '../announcement.css';

/**
 * The body's HTML, sanitised: announcements are written by people, shown to everyone. A link's target stays, so
 * the editor's links open in a new tab (the server adds rel="noopener noreferrer" to them).
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input'],
    ADD_ATTR: ['target'],
  });
}

/** The to-do pages (§2): on mobile the management page is replaced by the message page. */
const MOBILE_PAGE: Record<string, string> = { '/isps/todoManage': '/isps/todoMessage' };

interface Props {
  announcement: AnnouncementDto | null;
  isMobile?: boolean;
  onClose: () => void;
}

/**
 * §2 announcement detail modal: title 通知消息, 60 % wide, body 60 % of the window high; title, sender, send time
 * and the HTML body; 去处理 when openType is url and an open page exists.
 */
export function AnnouncementDetailModal({ announcement, isMobile = false, onClose }: Props) {
  const navigate = useNavigate();
  const html = useMemo(() => sanitizeHtml(announcement?.msgContent ?? ''), [announcement]);
  const openPage = announcement?.openType === 'url' && announcement.openPage ? announcement.openPage : null;

  const handle = () => {
    if (!openPage) return;
    onClose();
    navigate((isMobile && MOBILE_PAGE[openPage]) || openPage);
  };

  return (
    <Modal
      open={announcement !== null}
      title="通知消息"
      width="60%"
      onCancel={onClose}
      destroyOnHidden
      styles={{ body: { height: '60vh', overflowY: 'auto' } }}
      footer={[
        openPage && (
          <Button key="handle" type="primary" onClick={handle}>
            去处理
          </Button>
        ),
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
      ]}
    >
      {announcement && (
        <article aria-label={announcement.titile}>
          <Typography.Title level={4} style={{ textAlign: 'center', marginTop: 8 }}>
            {announcement.titile}
          </Typography.Title>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 3 }}
            style={{ marginBottom: 16 }}
            items={[
              { key: 'sender', label: '发布人', children: announcement.sender ?? '—' },
              { key: 'time', label: '发布时间', children: announcement.sendTime ?? announcement.createTime },
              { key: 'priority', label: '优先级', children: <PriorityTag priority={announcement.priority} /> },
            ]}
          />
          <div
            className="aps-announcement-body"
            style={{ borderTop: '1px solid rgba(5,5,5,0.06)', paddingTop: 16, lineHeight: 1.8 }}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify above.
            dangerouslySetInnerHTML={{ __html: html }}
          />
        </article>
      )}
    </Modal>
  );
}
