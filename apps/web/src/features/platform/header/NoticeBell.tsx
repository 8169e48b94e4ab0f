import { BellOutlined } from '@ant-design/icons';
import type { AnnouncementDto } from '@aps/shared';
import { Badge, Button, Empty, List, Popover, Spin, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { navigateQuietly } from '../../../shared/navigation.ts';
import { useNotices } from '../announcement/api.ts';
import { PriorityTag } from '../announcement/components/PriorityTag.tsx';
import { useAnnouncementViewer } from '../announcement/components/useAnnouncementViewer.tsx';

/** §2 constant: the user's announcement list. */
export const USER_ANNOUNCEMENT_PATH = '/isps/userAnnouncement';

function NoticeList({ items, onOpen }: { items: AnnouncementDto[]; onOpen: (a: AnnouncementDto) => void }) {
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无消息" />;
  return (
    <List<AnnouncementDto>
      size="small"
      dataSource={items}
      style={{ maxHeight: 320, overflowY: 'auto' }}
      renderItem={(item) => (
        <List.Item className="aps-notice-item" onClick={() => onOpen(item)} style={{ cursor: 'pointer' }}>
          <List.Item.Meta
            avatar={<PriorityTag priority={item.priority} />}
            title={<Typography.Text ellipsis>{item.titile}</Typography.Text>}
            description={`${item.sender ?? ''}${item.sender ? ' · ' : ''}${item.sendTime ?? item.createTime}`}
          />
        </List.Item>
      )}
    />
  );
}

/**
 * §2 notice bell: polls listByUser (§9 6 s, stops on error), shows the unread count; hovering opens two tabs,
 * 通知 and 系统消息, with priority colours; a click opens the detail and marks it read; 查看更多 goes to the list.
 */
export function NoticeBell({ isMobile }: { isMobile: boolean }) {
  const [open, setOpen] = useState(false);
  const notices = useNotices();
  const viewer = useAnnouncementViewer(isMobile);
  const data = notices.data;
  const noticeCount = data?.anntMsgTotal ?? 0;
  const systemCount = data?.sysMsgTotal ?? 0;

  const openItem = (item: AnnouncementDto) => {
    setOpen(false);
    viewer.open(item);
  };

  const content = (
    <div className="aps-notice-panel" style={{ width: isMobile ? 300 : 336 }}>
      <Spin spinning={notices.isPending}>
        <Tabs
          centered
          size="small"
          items={[
            {
              key: 'notice',
              label: `通知(${noticeCount})`,
              children: <NoticeList items={data?.anntMsgList ?? []} onOpen={openItem} />,
            },
            {
              key: 'system',
              label: `系统消息(${systemCount})`,
              children: <NoticeList items={data?.sysMsgList ?? []} onOpen={openItem} />,
            },
          ]}
        />
      </Spin>
      <div style={{ textAlign: 'center', borderTop: '1px solid rgba(5,5,5,0.06)', paddingTop: 8 }}>
        <Button
          type="link"
          onClick={() => {
            setOpen(false);
            navigateQuietly(USER_ANNOUNCEMENT_PATH);
          }}
        >
          查看更多
        </Button>
      </div>
    </div>
  );

  return (
    <>
      <Popover
        content={content}
        trigger={['hover', 'click']}
        placement="bottomRight"
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          // Polling stopped on an error: opening the bell tries again.
          if (next && notices.isError) void notices.refetch();
        }}
        arrow={false}
        styles={{ container: { padding: '4px 12px 8px' } }}
      >
        <button
          type="button"
          className="aps-header-action"
          aria-label={`消息通知，${noticeCount + systemCount} 条未读`}
        >
          <Badge count={noticeCount + systemCount} size="small" offset={[4, -2]} overflowCount={99}>
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        </button>
      </Popover>
      {viewer.modal}
    </>
  );
}
