import { Button } from 'antd';
import { Link } from 'react-router';
import { PublicLayout } from '../../../../layouts/PublicLayout.tsx';
import { WizardOverview } from '../WizardOverview.tsx';

/** /register: supplier self-registration. */
export default function RegisterPage() {
  return (
    <PublicLayout title="供应商注册" subtitle="注册成为平台供应商后，即可查看采购公告并参与报名、投标">
      <WizardOverview
        steps={[
          { title: '填写账号信息', content: '设置登录账号与密码' },
          { title: '验证手机号', content: '接收并填写短信验证码' },
          { title: '完善企业信息', content: '企业名称、统一社会信用代码、联系人' },
          { title: '注册完成', content: '等待采购单位审核，审核通过后可登录' },
        ]}
        tip="请准备好营业执照扫描件与联系人手机号。"
        notes={['统一社会信用代码须为 18 位。', '同一企业只能注册一个主账号，子账号由主账号在平台内添加。']}
        actions={
          <Link to="/homeNav">
            <Button type="primary">查看平台导航</Button>
          </Link>
        }
      />
    </PublicLayout>
  );
}
