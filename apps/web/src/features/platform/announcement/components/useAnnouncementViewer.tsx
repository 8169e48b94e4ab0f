import type { AnnouncementDto } from '@aps/shared';
import { type ReactNode, useState } from 'react';
import { useMarkRead } from '../api.ts';
import { AnnouncementDetailModal } from './AnnouncementDetailModal.tsx';

/** Opens an announcement in the detail modal and marks it read (§7 editByAnntIdAndUserId). */
export function useAnnouncementViewer(isMobile = false): { open: (a: AnnouncementDto) => void; modal: ReactNode } {
  const [current, setCurrent] = useState<AnnouncementDto | null>(null);
  const markRead = useMarkRead();
  const open = (announcement: AnnouncementDto) => {
    setCurrent(announcement);
    if (!announcement.readFlag) markRead.mutate(announcement.id);
  };
  return {
    open,
    modal: <AnnouncementDetailModal announcement={current} isMobile={isMobile} onClose={() => setCurrent(null)} />,
  };
}
