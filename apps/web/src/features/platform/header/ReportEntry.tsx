import { BarChartOutlined } from '@ant-design/icons';
import { REPORT_MESSAGES, REPORT_SSO } from '@aps/shared/constants';
import { App, Tooltip } from 'antd';
import { useState } from 'react';
import { request } from '../../../shared/http.ts';
import { navigateQuietly } from '../../../shared/navigation.ts';
import { useSessionStore } from '../auth/store.ts';

/**
 * The report entry (§1: shown to a userEnd containing 1): GET /sys/reportSso answers where to go (§7). A report
 * system elsewhere opens in a new tab, signed in by the ticket in its URL; the platform's own report page opens as
 * a tab of the workspace. Any failure says 系统错误！ (§8).
 */
export function ReportEntry() {
  const { message } = App.useApp();
  const allowed = useSessionStore((s) => s.userInfo?.userEnd?.includes(REPORT_SSO.userEnd) ?? false);
  const [pending, setPending] = useState(false);
  if (!allowed) return null;

  const open = async () => {
    if (pending) return;
    setPending(true);
    try {
      const url = await request<string>(REPORT_SSO.api, { silent: true });
      // Still within the click's activation (a quick call), so the browser lets the new tab open.
      if (/^https?:\/\//i.test(url)) window.open(url, '_blank', 'noopener');
      else navigateQuietly(url);
    } catch {
      message.error(REPORT_MESSAGES.ssoFailed);
    } finally {
      setPending(false);
    }
  };

  return (
    <Tooltip title="报表">
      <button type="button" className="aps-header-action" aria-label="报表" aria-busy={pending} onClick={open}>
        <BarChartOutlined />
      </button>
    </Tooltip>
  );
}
