import type { MenuNode } from '@aps/shared';
import { App } from 'antd';
import { useEffect } from 'react';
import { ERROR_TITLE, setHttpToasts } from '../../../shared/http.ts';
import { TenantGate } from '../account/components/TenantGate.tsx';
import { DepartGate } from './DepartGate.tsx';
import { FeedbackDrawer } from './FeedbackDrawer.tsx';
import { IntegrityHover } from './IntegrityHover.tsx';
import { MenuSearch } from './MenuSearch.tsx';
import { NoticeBell } from './NoticeBell.tsx';
import { OfflineNotice } from './OfflineNotice.tsx';
import { RealtimeNotice } from './RealtimeNotice.tsx';
import { ReportEntry } from './ReportEntry.tsx';
import { UserMenu } from './UserMenu.tsx';
import './header.css';

export interface HeaderActionsProps {
  /** The user's menu tree, for the menu search. */
  menus: MenuNode[];
  /** Below 768 px (§2 "Device"): menu search opens as a modal. */
  isMobile: boolean;
}

/** While the workspace is shown, the HTTP client's messages use its themed antd instances. */
function useWorkspaceToasts() {
  const { message, notification, modal } = App.useApp();
  useEffect(() => {
    setHttpToasts({
      error: (text) => notification.error({ key: text, title: ERROR_TITLE, description: text, duration: 4 }),
      warning: (text) => void message.warning({ key: text, content: text }),
      alert: (title, content, okText, onOk) => void modal.error({ title, content, okText, onOk }),
    });
    return () => setHttpToasts(null);
  }, [message, notification, modal]);
}

/** The header's right side (§2 "Header and menu"): search, report entry (userEnd 1), feedback, integrity, bell,
 * user dropdown. */
export function HeaderActions({ menus, isMobile }: HeaderActionsProps) {
  useWorkspaceToasts();
  return (
    <div className="aps-header-actions" role="toolbar" aria-label="顶部工具栏">
      <MenuSearch menus={menus} isMobile={isMobile} />
      <ReportEntry />
      <FeedbackDrawer isMobile={isMobile} />
      {!isMobile && <IntegrityHover />}
      <NoticeBell isMobile={isMobile} />
      <UserMenu isMobile={isMobile} />
      <OfflineNotice />
      <RealtimeNotice />
      <DepartGate />
      <TenantGate />
    </div>
  );
}
