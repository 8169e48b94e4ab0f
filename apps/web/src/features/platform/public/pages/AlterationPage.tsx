import { PublicLayout } from '../../../../layouts/PublicLayout.tsx';
import { WizardOverview } from '../WizardOverview.tsx';

/** /user/alteration: change the phone number or e-mail bound to an account. */
export default function AlterationPage() {
  return (
    <PublicLayout title="变更手机号或邮箱" subtitle="验证原绑定信息后，修改账号绑定的手机号或电子邮箱">
      <WizardOverview
        steps={[
          { title: '验证身份', content: '输入登录账号与密码' },
          { title: '选择变更项', content: '选择变更手机号或电子邮箱' },
          { title: '验证新信息', content: '向新手机号或邮箱发送验证码' },
          { title: '完成', content: '变更成功后请使用新信息登录' },
        ]}
        tip="变更完成后，原手机号将无法再用于短信登录。"
        notes={['原手机号已停用时，请携带单位证明联系系统管理员办理。', '一个手机号或邮箱只能绑定一个账号。']}
      />
    </PublicLayout>
  );
}
