import type { CategoryTreeNode } from '@aps/shared';
import { isValidUscc, RULES, SUPPLIER_LIMITS, SUPPLIER_MESSAGES } from '@aps/shared/constants';
import { Form, Input, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { toTree } from '../../expert/components/ExpertFormDrawer.tsx';

/** The field names of each part of a supplier's profile (the wizard validates one step at a time). */
export const COMPANY_FIELDS = ['name', 'creditCode', 'legalRepresentative', 'address', 'contactName', 'contactEmail'];
export const BANK_FIELDS = ['bankName', 'bankAccount'];

const required = (label: string) => ({ required: true, whitespace: true, message: `请输入${label}` });

/** 企业信息: name, 统一社会信用代码 (isValidUscc, as the server checks it), legal representative, address, contact. */
export function CompanyFields({ withPhone = false }: { withPhone?: boolean }) {
  return (
    <>
      <Form.Item label="企业名称" name="name" rules={[required('企业名称'), { max: SUPPLIER_LIMITS.nameMax }]}>
        <Input placeholder="与营业执照一致" />
      </Form.Item>
      <Form.Item
        label="统一社会信用代码"
        name="creditCode"
        normalize={(v: string) => v?.toUpperCase()}
        rules={[
          { required: true, message: '请输入统一社会信用代码' },
          {
            validator: (_, v: string) =>
              !v || isValidUscc(v.trim())
                ? Promise.resolve()
                : Promise.reject(new Error(SUPPLIER_MESSAGES.creditCodeInvalid)),
          },
        ]}
      >
        <Input placeholder="18位，营业执照上的代码" maxLength={18} />
      </Form.Item>
      <Form.Item label="法定代表人" name="legalRepresentative" rules={[required('法定代表人'), { max: 50 }]}>
        <Input />
      </Form.Item>
      <Form.Item label="地址" name="address" rules={[{ max: SUPPLIER_LIMITS.addressMax }]}>
        <Input />
      </Form.Item>
      <Form.Item label="联系人" name="contactName" rules={[required('联系人'), { max: 50 }]}>
        <Input />
      </Form.Item>
      {withPhone && (
        <Form.Item
          label="联系电话"
          name="contactPhone"
          rules={[
            { required: true, message: RULES.mobile.required },
            { pattern: RULES.mobile.pattern, message: RULES.mobile.message },
          ]}
        >
          <Input />
        </Form.Item>
      )}
      <Form.Item
        label="电子邮箱"
        name="contactEmail"
        rules={[{ pattern: RULES.email.pattern, message: RULES.email.message }]}
      >
        <Input />
      </Form.Item>
    </>
  );
}

/** 供应品类: codes of the category tree (TreeSelect by code). */
export function CategoryField({ tree, loading }: { tree: CategoryTreeNode[] | undefined; loading?: boolean }) {
  const treeData = useMemo(() => toTree(tree), [tree]);
  return (
    <Form.Item label="供应品类" name="categories" rules={[{ required: true, message: '请选择供应品类' }]}>
      <TreeSelect
        multiple
        treeData={treeData}
        showSearch={{ treeNodeFilterProp: 'title' }}
        placeholder="请选择贵公司供应的品类"
        maxCount={SUPPLIER_LIMITS.maxCategories}
        loading={loading}
        aria-label="供应品类"
      />
    </Form.Item>
  );
}

/** 银行账户: bank and account (§5 请输入正确的银行卡号码). */
export function BankFields() {
  return (
    <>
      <Form.Item label="开户银行" name="bankName" rules={[{ max: 100 }]}>
        <Input placeholder="如 中国银行北京分行" />
      </Form.Item>
      <Form.Item
        label="银行账号"
        name="bankAccount"
        rules={[{ pattern: RULES.bankCard.pattern, message: RULES.bankCard.message }]}
      >
        <Input />
      </Form.Item>
    </>
  );
}
