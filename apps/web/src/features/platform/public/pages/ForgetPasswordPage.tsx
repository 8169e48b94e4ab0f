import { PublicLayout } from '../../../../layouts/PublicLayout.tsx';
import { WizardOverview } from '../WizardOverview.tsx';

/** /user/forget: the password-recovery wizard. */
export default function ForgetPasswordPage() {
  return (
    <PublicLayout title="找回密码" subtitle="通过绑定的手机号验证身份后重新设置登录密码">
      <WizardOverview
        steps={[
          { title: '确认账号', content: '输入需要找回密码的登录账号' },
          { title: '安全验证', content: '向账号绑定的手机号发送短信验证码' },
          { title: '重置密码', content: '设置新的登录密码并再次确认' },
          { title: '完成', content: '使用新密码重新登录' },
        ]}
        tip="新密码须为 8 位以上，同时包含字母、数字和特殊字符。"
        notes={[
          '验证码 5 分钟内有效，同一手机号 60 秒内只能获取一次。',
          '账号未绑定手机号时，请联系本单位系统管理员重置密码。',
        ]}
      />
    </PublicLayout>
  );
}
