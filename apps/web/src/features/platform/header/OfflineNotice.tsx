import { App, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { request } from '../../../shared/http.ts';
import { STORAGE_KEYS, storage } from '../../../shared/storage.ts';
import { loginPathFor } from '../auth/session.ts';
import { useSessionStore } from '../auth/store.ts';

/** The countdown starts this many seconds before the authorization expires. */
export const OFFLINE_WARN_SECONDS = 60;
/** The server records activity at most once a minute: the expiry is reckoned from a minute earlier. */
const SERVER_TOUCH_SLACK_MS = 60_000;

/** Milliseconds until the token expires for inactivity, from the last request any tab made; null when unknown. */
export function remainingMs(now = Date.now()): number | null {
  const idleSeconds = storage.get<number>(STORAGE_KEYS.tokenIdleSeconds);
  const lastActive = storage.get<number>(STORAGE_KEYS.lastActive);
  if (!idleSeconds || !lastActive) return null;
  return lastActive + idleSeconds * 1000 - SERVER_TOUCH_SLACK_MS - now;
}

/**
 * §2 offline-login notice: before the authorization expires for inactivity, a modal counts the seconds down; the
 * user may stay signed in (one request renews it) or sign out. At zero the session ends and login opens.
 */
export function OfflineNotice() {
  const { message } = App.useApp();
  const logout = useSessionStore((s) => s.logout);
  const [seconds, setSeconds] = useState<number | null>(null);
  const [renewing, setRenewing] = useState(false);

  useEffect(() => {
    let ended = false;
    const tick = () => {
      const left = remainingMs();
      if (left === null || left > OFFLINE_WARN_SECONDS * 1000) {
        setSeconds(null);
        return;
      }
      if (left <= 0) {
        if (ended) return;
        ended = true;
        const here = window.location.pathname + window.location.search;
        void logout().finally(() => window.location.assign(loginPathFor(here)));
        return;
      }
      setSeconds(Math.ceil(left / 1000));
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [logout]);

  const renew = async () => {
    setRenewing(true);
    try {
      await request('/sys/user/getUserInfo');
      setSeconds(null);
      message.success('已延长登录授权');
    } catch {
      // The client has shown why (e.g. 未授权，请重新登录) and ends the session itself.
    } finally {
      setRenewing(false);
    }
  };

  const signOut = () => {
    const here = window.location.pathname + window.location.search;
    void logout().finally(() => window.location.assign(loginPathFor(here)));
  };

  return (
    <Modal
      title="登录授权即将过期"
      open={seconds !== null}
      closable={false}
      maskClosable={false}
      keyboard={false}
      okText="继续使用"
      cancelText="退出登录"
      onOk={renew}
      confirmLoading={renewing}
      onCancel={signOut}
      width={420}
    >
      <p>
        您已较长时间未操作，登录授权将在{' '}
        <strong className="aps-offline-seconds" style={{ color: '#f5222d', fontSize: 18 }}>
          {seconds}
        </strong>{' '}
        秒后过期，过期后需要重新登录。
      </p>
    </Modal>
  );
}
