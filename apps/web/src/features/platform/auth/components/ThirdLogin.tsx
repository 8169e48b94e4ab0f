import { type ThirdLoginProviderDto, thirdLoginProviderName } from '@aps/shared/constants';
import { useEffect, useState } from 'react';
import { PlainIcon, type PlainIconName } from '../../../../shared/ui/PlainIcon.tsx';
import { thirdLoginProviders, thirdLoginUrl } from '../api.ts';

// Third-party sign-in on the login page (issue 18 §2), drawn without antd like the rest of the page.

const ICON_OF: Record<string, PlainIconName> = { wechat_enterprise: 'wechat-work', dingtalk: 'dingding' };

/**
 * 其他登录方式: one button per provider the server reports as configured (fetched after the page is up, so the
 * pre-rendered page has none). A button is a link: the browser goes to the server's render URL, the provider, and
 * back to this page with `thirdToken` or `thirdBind`.
 */
export function ThirdLoginLinks({ redirect }: { redirect: string | null }) {
  const [providers, setProviders] = useState<ThirdLoginProviderDto[]>([]);
  useEffect(() => {
    let live = true;
    thirdLoginProviders().then(
      (list) => {
        if (live) setProviders(list);
      },
      // Without the list the page simply offers no third-party sign-in.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (providers.length === 0) return null;
  return (
    <nav className="aps-login-other" aria-label="其他登录方式">
      <span>其他登录方式</span>
      {providers.map((provider) => (
        <a
          key={provider.type}
          className="aps-login-other-item"
          href={thirdLoginUrl(provider.type, redirect)}
          title={provider.name}
          aria-label={`${provider.name}登录`}
        >
          <PlainIcon name={ICON_OF[provider.type] ?? 'api'} />
        </a>
      ))}
    </nav>
  );
}

/**
 * Back from a provider whose account is bound to nobody here (`thirdBind`): signing in with an existing account
 * binds it; without an account there is nothing to bind to.
 */
export function ThirdBindNotice({ thirdType, onCancel }: { thirdType: string; onCancel: () => void }) {
  const name = thirdLoginProviderName(thirdType);
  return (
    <section className="aps-login-notice" aria-label="绑定第三方账号">
      <strong>绑定{name}账号</strong>
      <p>
        该{name}账号尚未绑定平台账号。请登录已有的平台账号，登录后自动完成绑定，下次即可直接使用{name}登录；
        没有平台账号请联系管理员开通。
      </p>
      <button type="button" className="aps-link-button" onClick={onCancel}>
        不绑定，返回登录
      </button>
    </section>
  );
}
