import { REALTIME_PATHS, REALTIME_TIMING } from '@aps/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { Modal } from 'antd';
import { useEffect, useState } from 'react';
import { NoticeSocket } from '../../../shared/realtime/notice-socket.ts';
import { socketUrl } from '../../../shared/realtime/socket-url.ts';
import { useRealtimeStore } from '../../../shared/realtime/store.ts';
import { announcementKeys } from '../announcement/api.ts';
import { loginPathFor } from '../auth/session.ts';
import { useSessionStore } from '../auth/store.ts';

/**
 * §4 notice socket /websocket/{userId}, opened once the workspace is shown for a signed-in user (never on the
 * public pages): cmd topic / user reloads the bell; a cmd containing offline shows the forced-offline dialog,
 * counts 30 s down, then logs out and reloads.
 */
export function RealtimeNotice() {
  const queryClient = useQueryClient();
  const userId = useSessionStore((s) => s.userInfo?.id);
  const token = useSessionStore((s) => s.token);
  const logout = useSessionStore((s) => s.logout);
  const setConnected = useRealtimeStore((s) => s.setNoticeConnected);
  const [offline, setOffline] = useState<{ text: string; seconds: number } | null>(null);

  useEffect(() => {
    if (!userId || !token) return;
    const client = new NoticeSocket({
      url: socketUrl(`${REALTIME_PATHS.notice}/${encodeURIComponent(userId)}`),
      token,
      onBell: () => void queryClient.invalidateQueries({ queryKey: announcementKeys.byUser() }),
      onOffline: (message) => {
        // The session is over: no reconnect, and the countdown runs once.
        client.stop();
        setOffline(
          (current) =>
            current ?? {
              text: message.msgTxt || '您已被强制下线',
              seconds: REALTIME_TIMING.offlineCountdownSeconds,
            },
        );
      },
      onStatus: setConnected,
    });
    client.start();
    return () => client.stop();
  }, [userId, token, queryClient, setConnected]);

  const counting = offline !== null;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => {
      setOffline((current) => (current ? { ...current, seconds: Math.max(0, current.seconds - 1) } : current));
    }, 1000);
    return () => clearInterval(timer);
  }, [counting]);

  const done = offline?.seconds === 0;
  useEffect(() => {
    if (!done) return;
    const here = window.location.pathname + window.location.search;
    void logout().finally(() => window.location.assign(loginPathFor(here)));
  }, [done, logout]);

  const leaveNow = () => setOffline((current) => (current ? { ...current, seconds: 0 } : current));

  return (
    <Modal
      title="强制下线"
      open={offline !== null}
      closable={false}
      maskClosable={false}
      keyboard={false}
      okText="重新登录"
      onOk={leaveNow}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={420}
    >
      <p>{offline?.text}</p>
      <p>
        将在{' '}
        <strong className="aps-force-offline-seconds" style={{ color: '#f5222d', fontSize: 18 }}>
          {offline?.seconds}
        </strong>{' '}
        秒后退出登录并刷新页面。
      </p>
    </Modal>
  );
}
