import { Button, Result } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { PublicLayout } from '../../../../layouts/PublicLayout.tsx';

/** /user/register-result: shown after a registration (?account=…). */
export default function RegisterResultPage() {
  const [params] = useSearchParams();
  const account = params.get('account');
  return (
    <PublicLayout title="注册结果">
      <Result
        status="success"
        title={account ? `你的账户：${account} 注册成功` : '注册成功'}
        subTitle="注册信息已提交，采购单位审核通过后即可使用该账号登录平台。"
        extra={[
          <Link key="login" to="/user/login">
            <Button type="primary">立即登录</Button>
          </Link>,
          <Link key="home" to="/home">
            <Button>返回首页</Button>
          </Link>,
        ]}
      />
    </PublicLayout>
  );
}
