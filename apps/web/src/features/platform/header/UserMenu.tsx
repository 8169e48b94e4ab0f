import {
  ApartmentOutlined,
  BankOutlined,
  KeyOutlined,
  LogoutOutlined,
  SettingOutlined,
  SyncOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { AccountTenants, CurrentUserDeparts } from '@aps/shared';
import { App, Avatar, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { HttpError, request } from '../../../shared/http.ts';
import { navigateQuietly } from '../../../shared/navigation.ts';
import { useThrottledClick } from '../../../shared/throttle.ts';
import { getTenants } from '../account/api.ts';
import { TenantSelectModal } from '../account/components/TenantSelectModal.tsx';
import { getCurrentUserDeparts } from '../auth/api.ts';
import { LOGIN_PATH } from '../auth/session.ts';
import { useSessionStore } from '../auth/store.ts';
import { ChangePasswordModal, PASSWORD_MESSAGES } from './ChangePasswordModal.tsx';
import { DepartSelectModal, NO_DEPARTS } from './DepartSelectModal.tsx';

export const CACHE_MESSAGES = { done: '刷新缓存完成！', failed: '刷新缓存失败！' } as const;

/** Signs out (§4: completes even when the server call fails, which is reported, §8) and opens the login page. */
export function useLogout(): () => Promise<void> {
  const { message } = App.useApp();
  const logout = useSessionStore((s) => s.logout);
  return async () => {
    await logout(async (serverOk) => {
      if (!serverOk) await message.error('退出登录时服务器未响应，已清除本地登录信息', 1.5);
    });
    // A full load: nothing of this user's session (cached lists, kept-alive pages) survives.
    window.location.assign(LOGIN_PATH);
  };
}

/** §2 user dropdown: change password, switch department, clear cache, logout (with confirmation). */
export function UserMenu({ isMobile }: { isMobile: boolean }) {
  const { message, modal } = App.useApp();
  const userInfo = useSessionStore((s) => s.userInfo);
  const setDictItems = useSessionStore((s) => s.setDictItems);
  const logout = useLogout();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [departs, setDeparts] = useState<CurrentUserDeparts | null>(null);
  const [tenants, setTenants] = useState<AccountTenants | null>(null);
  const multiTenant = (userInfo?.relTenantIds ?? '').split(',').filter(Boolean).length > 1;

  const openPassword = () => {
    if (!userInfo?.username) {
      message.warning(PASSWORD_MESSAGES.noUser);
      return;
    }
    setPasswordOpen(true);
  };

  const openDeparts = async () => {
    try {
      const result = await getCurrentUserDeparts();
      if (result.list.length === 0) message.warning(NO_DEPARTS);
      else setDeparts(result);
    } catch (err) {
      if (err instanceof HttpError && !err.shown) message.warning(err.message);
    }
  };

  const openTenants = async () => {
    try {
      setTenants(await getTenants());
    } catch (err) {
      if (err instanceof HttpError && !err.shown) message.warning(err.message);
    }
  };

  // §7: refleshCache, then queryAllDictItems, kept 7 days.
  const refreshCache = async () => {
    try {
      await request<null>('/sys/dict/refleshCache', { silent: true });
      setDictItems(await request('/sys/dict/queryAllDictItems', { silent: true }));
      message.success(CACHE_MESSAGES.done);
    } catch {
      message.error(CACHE_MESSAGES.failed);
    }
  };

  const confirmLogout = () => {
    modal.confirm({
      title: '提示',
      content: '真的要注销登录吗 ?',
      okText: '确定',
      cancelText: '取消',
      onOk: logout,
    });
  };

  const actions: Record<string, () => void> = {
    password: openPassword,
    depart: () => void openDeparts(),
    tenant: () => void openTenants(),
    center: () => navigateQuietly('/account/center'),
    settings: () => navigateQuietly('/account/settings'),
    cache: () => void refreshCache(),
    logout: confirmLogout,
  };
  const onItem = useThrottledClick((key: string) => actions[key]?.());

  const items: MenuProps['items'] = [
    { key: 'center', icon: <UserOutlined />, label: '个人中心' },
    { key: 'settings', icon: <SettingOutlined />, label: '账户设置' },
    { key: 'password', icon: <KeyOutlined />, label: '修改密码' },
    { key: 'depart', icon: <ApartmentOutlined />, label: '切换部门' },
    ...(multiTenant ? [{ key: 'tenant', icon: <BankOutlined />, label: '切换租户' }] : []),
    { key: 'cache', icon: <SyncOutlined />, label: '刷新缓存' },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
  ];

  return (
    <>
      <Dropdown
        menu={{ items, onClick: ({ key }) => onItem(key) }}
        placement="bottomRight"
        trigger={['hover', 'click']}
      >
        <button type="button" className="aps-header-action aps-header-user" aria-label="用户菜单">
          <Avatar
            size="small"
            src={userInfo?.avatar || undefined}
            icon={<UserOutlined />}
            style={{ backgroundColor: '#278bf7' }}
          />
          {!isMobile && <span className="aps-header-username">{userInfo?.realname ?? userInfo?.username}</span>}
        </button>
      </Dropdown>
      <ChangePasswordModal
        open={passwordOpen}
        username={userInfo?.username ?? ''}
        onClose={() => setPasswordOpen(false)}
      />
      <DepartSelectModal departs={departs} required={false} onClose={() => setDeparts(null)} />
      <TenantSelectModal tenants={tenants} required={false} onClose={() => setTenants(null)} />
    </>
  );
}
