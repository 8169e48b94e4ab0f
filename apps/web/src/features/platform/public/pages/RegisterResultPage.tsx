import { Button, Result } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { PublicLayout } from '../../../../layouts/PublicLayout.tsx';

/** /user/register-result: shown after a registration (?account=…). */
export default function RegisterResultPage() {
  const [params] = useSearchParams();
  const account = params.get('account');
  const person = params.get('type') === 'person';
  return (
    <PublicLayout title="注册结果">
      <Result
        status="success"
        title={account ? `你的账户：${account} 注册成功` : '注册成功'}
        subTitle={
          person
            ? '账号已创建，现在即可使用用户名和密码（或手机验证码）登录。'
            : '注册信息已提交，等待采购单位准入审核。登录后可查看审核进度；准入审核通过后方可报名、投标。'
        }
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
