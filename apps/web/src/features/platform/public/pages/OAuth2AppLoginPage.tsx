import { Button, Result, Spin } from 'antd';
import { Link } from 'react-router';
import { isOAuth2AppEnv } from '../../../../app/guard.ts';
import { PublicLayout } from '../../../../layouts/PublicLayout.tsx';

/** /oauth2-app/login: sign-in inside WeCom or DingTalk (§6: their user agents contain wxwork / dingtalk). */
export default function OAuth2AppLoginPage() {
  const inApp = isOAuth2AppEnv();
  const appName = /dingtalk/i.test(navigator.userAgent) ? '钉钉' : '企业微信';
  return (
    <PublicLayout title="移动办公登录" width={460}>
      {inApp ? (
        <Result
          icon={<Spin size="large" />}
          title={`正在通过${appName}授权登录…`}
          subTitle="授权完成后将自动进入平台"
        />
      ) : (
        <Result
          status="info"
          title="请在企业微信或钉钉中打开"
          subTitle="当前浏览器不是企业微信或钉钉客户端，无法自动授权登录。"
          extra={
            <Link to="/user/login">
              <Button type="primary">使用账号密码登录</Button>
            </Link>
          }
        />
      )}
    </PublicLayout>
  );
}
