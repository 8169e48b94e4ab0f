import { oauth2AppType, thirdLoginProviderName } from '@aps/shared/constants';
import { Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PublicLayout } from '../../../../layouts/PublicLayout.tsx';
import { thirdLoginProviders, thirdLoginUrl } from '../../auth/api.ts';
import { safeRedirect } from '../../auth/session.ts';

/**
 * /oauth2-app/login: sign-in inside WeCom or DingTalk (§6: their user agents contain wxwork / dingtalk). When the
 * server has that app's provider, the browser goes straight to it (render → the app's authorisation → callback →
 * the login page with the token, which signs in and returns to `redirect`).
 */
export default function OAuth2AppLoginPage() {
  const [searchParams] = useSearchParams();
  const type = oauth2AppType(navigator.userAgent);
  const [missing, setMissing] = useState(false);
  const redirect = searchParams.get('redirect');
  const target = redirect && safeRedirect(redirect) === redirect ? redirect : null;

  useEffect(() => {
    if (!type) return;
    let live = true;
    thirdLoginProviders().then(
      (list) => {
        if (!live) return;
        if (list.some((p) => p.type === type)) window.location.replace(thirdLoginUrl(type, target));
        else setMissing(true);
      },
      () => live && setMissing(true),
    );
    return () => {
      live = false;
    };
  }, [type, target]);

  const toPasswordLogin = (
    <Link to={target ? `/user/login?${new URLSearchParams({ redirect: target })}` : '/user/login'}>
      <Button type="primary">使用账号密码登录</Button>
    </Link>
  );
  const appName = type ? thirdLoginProviderName(type) : '';
  return (
    <PublicLayout title="移动办公登录" width={460}>
      {!type ? (
        <Result
          status="info"
          title="请在企业微信或钉钉中打开"
          subTitle="当前浏览器不是企业微信或钉钉客户端，无法自动授权登录。"
          extra={toPasswordLogin}
        />
      ) : missing ? (
        <Result
          status="warning"
          title={`未配置${appName}登录`}
          subTitle={`平台尚未接入${appName}授权，请使用账号密码登录。`}
          extra={toPasswordLogin}
        />
      ) : (
        <Result
          icon={<Spin size="large" />}
          title={`正在通过${appName}授权登录…`}
          subTitle="授权完成后将自动进入平台"
        />
      )}
    </PublicLayout>
  );
}
