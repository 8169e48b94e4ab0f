import type { AnnouncementDto } from '@aps/shared';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMarkRead } from '../api.ts';
import { AnnouncementDetailModal } from './AnnouncementDetailModal.tsx';

/** A message that opens a page of the workspace itself (a workflow task: /workflow/todo?taskId=…). */
export function componentPath(a: Pick<AnnouncementDto, 'openType' | 'openPage'>): string | null {
  return a.openType === 'component' && a.openPage?.startsWith('/') ? a.openPage : null;
}

/**
 * Opens an announcement and marks it read (§7 editByAnntIdAndUserId): a component-type message goes straight to
 * its page (a new task opens in 我的待办), any other shows the detail modal.
 */
export function useAnnouncementViewer(isMobile = false): { open: (a: AnnouncementDto) => void; modal: ReactNode } {
  const [current, setCurrent] = useState<AnnouncementDto | null>(null);
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const open = (announcement: AnnouncementDto) => {
    if (!announcement.readFlag) markRead.mutate(announcement.id);
    const path = componentPath(announcement);
    if (path) navigate(path);
    else setCurrent(announcement);
  };
  return {
    open,
    modal: <AnnouncementDetailModal announcement={current} isMobile={isMobile} onClose={() => setCurrent(null)} />,
  };
}
