import { Alert, Button, Descriptions, Form, Space, Steps } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PublicLayout } from '../../../../layouts/PublicLayout.tsx';
import { submitRegistration, useRegisterCategories } from '../../../procurement/supplier/api.ts';
import {
  BANK_FIELDS,
  BankFields,
  CategoryField,
  COMPANY_FIELDS,
  CompanyFields,
} from '../../../procurement/supplier/components/ProfileFields.tsx';
import { CertificatesStep } from '../../../procurement/supplier/register/CertificatesStep.tsx';
import { AccountStep, accountFields } from '../register/AccountStep.tsx';
import { PersonRegister } from '../register/PersonRegister.tsx';

const PHONE = 'contactPhone';

/** A fresh secret per wizard: the uploads of this registration are bound to it. */
const newToken = () => `${crypto.randomUUID()}${crypto.randomUUID()}`.replaceAll('-', '');

/**
 * /register: supplier self-registration by default; `?type=person` is the 个人用户注册 wizard (issue 18 §1), which
 * shares the 账号 step.
 */
export default function RegisterPage() {
  const [params] = useSearchParams();
  if (params.get('type') === 'person') {
    return (
      <PublicLayout title="个人用户注册" subtitle="注册后即可登录平台，查看公告与个人中心">
        <PersonRegister />
        <div style={{ marginTop: 12 }}>
          <Link to="/register">供应商注册</Link>
        </div>
      </PublicLayout>
    );
  }
  return <SupplierRegister />;
}

/**
 * Supplier self-registration (issue 16), 账号 → 企业信息 → 供应品类 → 资质证书 → 银行账户 → 提交. One form
 * over all steps (hidden steps keep their values); 下一步 validates the current step's fields only.
 */
function SupplierRegister() {
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [token] = useState(newToken);
  const [submitting, setSubmitting] = useState(false);
  const categories = useRegisterCategories();

  const steps = [
    { title: '账号', fields: accountFields(PHONE), body: <AccountStep phoneField={PHONE} /> },
    { title: '企业信息', fields: COMPANY_FIELDS, body: <CompanyFields /> },
    {
      title: '供应品类',
      fields: ['categories'],
      body: <CategoryField tree={categories.data} loading={categories.isFetching} />,
    },
    { title: '资质证书', fields: ['certificates'], body: <CertificatesStep token={token} /> },
    { title: '银行账户', fields: BANK_FIELDS, body: <BankFields /> },
    { title: '提交', fields: [], body: <Summary values={form.getFieldsValue(true)} /> },
  ];
  const last = steps.length - 1;

  const next = async () => {
    const current = steps[step];
    if (!current) return;
    // Certificates validate as a list: every field under it.
    try {
      await form.validateFields(current.title === '资质证书' ? undefined : current.fields, { recursive: true });
    } catch {
      return; // the fields show their messages
    }
    setStep((s) => s + 1);
  };
  const submit = async () => {
    setSubmitting(true);
    try {
      const v = form.getFieldsValue(true);
      const result = await submitRegistration({ ...v, registerToken: token, certificates: v.certificates ?? [] });
      navigate(`/user/register-result?account=${encodeURIComponent(result.username)}`);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <PublicLayout title="供应商注册" subtitle="注册并通过准入审核后，即可参与采购项目的报名与投标">
      <Steps
        size="small"
        titlePlacement="vertical"
        current={step}
        items={steps.map((s) => ({ title: s.title }))}
        style={{ marginBottom: 24 }}
      />
      <Form form={form} name="supplierRegister" layout="vertical" initialValues={{ categories: [], certificates: [] }}>
        {steps.map((s, i) => (
          <div key={s.title} style={{ display: i === step ? undefined : 'none' }}>
            {i === step || s.title !== '提交' ? s.body : null}
          </div>
        ))}
      </Form>
      <Space wrap style={{ marginTop: 8 }}>
        {step > 0 && <Button onClick={() => setStep((s) => s - 1)}>上一步</Button>}
        {step < last && (
          <Button type="primary" onClick={next}>
            下一步
          </Button>
        )}
        {step === last && (
          <Button type="primary" loading={submitting} onClick={submit}>
            提交注册
          </Button>
        )}
        <Link to="/user/login">
          <Button type="link">已有账号，去登录</Button>
        </Link>
        <Link to="/register?type=person">
          <Button type="link">个人用户注册</Button>
        </Link>
      </Space>
    </PublicLayout>
  );
}

function Summary({ values }: { values: Record<string, unknown> }) {
  const text = (k: string) => (values[k] ? String(values[k]) : '-');
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="提交后由采购单位进行准入审核，审核结果将通过站内消息通知；审核通过前不能报名或投标。"
      />
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="用户名">{text('username')}</Descriptions.Item>
        <Descriptions.Item label="手机号">{text(PHONE)}</Descriptions.Item>
        <Descriptions.Item label="企业名称">{text('name')}</Descriptions.Item>
        <Descriptions.Item label="统一社会信用代码">{text('creditCode')}</Descriptions.Item>
        <Descriptions.Item label="供应品类">
          {((values.categories as string[]) ?? []).join('、') || '-'}
        </Descriptions.Item>
        <Descriptions.Item label="资质证书">{((values.certificates as unknown[]) ?? []).length} 个</Descriptions.Item>
        <Descriptions.Item label="开户银行">{text('bankName')}</Descriptions.Item>
        <Descriptions.Item label="银行账号">{text('bankAccount')}</Descriptions.Item>
      </Descriptions>
    </>
  );
}
