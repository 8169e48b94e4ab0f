import type { UserListRow } from '@aps/shared';
import { DICT, PASSWORD_POLICY, RULES, USER_MESSAGES_ADMIN } from '@aps/shared/constants';
import { App, Checkbox, Col, DatePicker, Form, Input, Row, Select, TreeSelect } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { ModalForm } from '../../../../shared/list/ModalForm.tsx';
import { useCrudMutation } from '../../../../shared/list/useCrudList.ts';
import { type UserFormValues, useAllRoles, useDepartTree, userApi } from '../api.ts';
import { SEX_OPTIONS, USER_END_OPTIONS, useDict } from '../dict.ts';

type FormShape = Omit<UserFormValues, 'birthday' | 'sex'> & { birthday?: Dayjs | null; sex?: number | null };

/** §5 duplicate check: empty values are skipped, a taken value shows the server's message as the field error. */
function uniqueRule(field: 'username' | 'phone' | 'email', id?: string): Rule {
  return {
    validateTrigger: 'onBlur',
    validator: async (_rule, value: string | undefined) => {
      if (!value?.trim()) return;
      await userApi.checkOnly(field, value.trim(), id).catch((err: Error) => {
        throw new Error(err.message);
      });
    },
  };
}

const USERNAME_RULES: Rule[] = [
  { required: true, whitespace: true, message: RULES.username.required },
  { pattern: RULES.username.pattern, message: RULES.username.message },
  { min: RULES.username.min, max: RULES.username.max, message: RULES.username.lengthMessage },
];

/** Add (with password) or edit a user: account, name, phone, e-mail, sex, roles, departments, user ends. */
export function UserFormModal({ open, user, onClose }: { open: boolean; user: UserListRow | null; onClose(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormShape>();
  const roles = useAllRoles(open);
  const departs = useDepartTree();
  const sexes = useDict(DICT.sex, SEX_OPTIONS);
  const ends = useDict(DICT.userEnd, USER_END_OPTIONS);
  const save = useCrudMutation(userApi, userApi.save);
  const isEdit = Boolean(user);

  const initialValues = useMemo<Partial<FormShape>>(
    () =>
      user
        ? {
            username: user.username,
            realname: user.realname,
            phone: user.phone ?? '',
            email: user.email,
            sex: user.sex,
            birthday: user.birthday ? dayjs(user.birthday) : null,
            post: user.post,
            roleIds: user.roleIds,
            departIds: user.departIds,
            userEnd: user.userEnd,
          }
        : { roleIds: [], departIds: [], userEnd: ['1'] },
    [user],
  );

  return (
    <ModalForm<FormShape>
      name="userForm"
      open={open}
      title={isEdit ? '编辑' : '新增'}
      form={form}
      width={800}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={async (v) => {
        const values: UserFormValues = {
          ...v,
          id: user?.id,
          sex: (v.sex as 1 | 2 | null | undefined) ?? null,
          birthday: v.birthday ? v.birthday.format('YYYY-MM-DD') : null,
        };
        if (isEdit) {
          delete values.password;
          delete values.confirmpassword;
        }
        await save.mutateAsync(values);
        message.success(isEdit ? '编辑成功！' : '添加成功！');
      }}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            label="用户账号"
            name="username"
            validateTrigger={['onChange', 'onBlur']}
            rules={isEdit ? [] : [...USERNAME_RULES, uniqueRule('username')]}
            validateFirst
          >
            <Input placeholder="请输入用户账号" disabled={isEdit} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label="用户姓名"
            name="realname"
            rules={[{ required: true, whitespace: true, message: USER_MESSAGES_ADMIN.realnameRequired }]}
          >
            <Input placeholder="请输入用户姓名" maxLength={50} />
          </Form.Item>
        </Col>
        {!isEdit && (
          <>
            <Col span={12}>
              <Form.Item
                label="登录密码"
                name="password"
                validateFirst
                rules={[
                  { required: true, message: USER_MESSAGES_ADMIN.passwordRequired },
                  { pattern: PASSWORD_POLICY.pattern, message: PASSWORD_POLICY.message },
                ]}
              >
                <Input.Password placeholder="请输入登录密码" autoComplete="new-password" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                label="确认密码"
                name="confirmpassword"
                dependencies={['password']}
                validateFirst
                rules={[
                  { required: true, message: USER_MESSAGES_ADMIN.confirmRequired },
                  ({ getFieldValue }) => ({
                    validator: async (_r, value) => {
                      if (value && value !== getFieldValue('password'))
                        throw new Error(USER_MESSAGES_ADMIN.passwordMismatch);
                    },
                  }),
                ]}
              >
                <Input.Password placeholder="请重新输入登录密码" autoComplete="new-password" />
              </Form.Item>
            </Col>
          </>
        )}
        <Col span={12}>
          <Form.Item
            label="手机号"
            name="phone"
            validateTrigger={['onChange', 'onBlur']}
            validateFirst
            rules={[
              { required: true, whitespace: true, message: RULES.mobile.required },
              { pattern: RULES.mobile.pattern, message: RULES.mobile.message },
              uniqueRule('phone', user?.id),
            ]}
          >
            <Input placeholder="请输入手机号" maxLength={11} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label="邮箱"
            name="email"
            validateTrigger={['onChange', 'onBlur']}
            validateFirst
            rules={[{ pattern: RULES.email.pattern, message: RULES.email.message }, uniqueRule('email', user?.id)]}
          >
            <Input placeholder="请输入邮箱" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="性别" name="sex">
            <Select
              placeholder="请选择"
              allowClear
              options={sexes.map((o) => ({ value: Number(o.value), label: o.text }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="生日" name="birthday">
            <DatePicker style={{ width: '100%' }} placeholder="请选择生日" format="YYYY-MM-DD" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="角色" name="roleIds">
            <Select
              mode="multiple"
              placeholder="请选择角色"
              allowClear
              loading={roles.isPending}
              optionFilterProp="label"
              options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.roleName }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="所属部门" name="departIds">
            <TreeSelect
              multiple
              placeholder="请选择部门"
              allowClear
              showSearch
              treeNodeFilterProp="title"
              treeDefaultExpandAll
              styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
              treeData={departs.data ?? []}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="职务" name="post">
            <Input placeholder="请输入职务" maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="用户端" name="userEnd" rules={[{ required: true, message: '请选择用户端' }]}>
            <Checkbox.Group options={ends.map((o) => ({ value: o.value, label: o.text }))} />
          </Form.Item>
        </Col>
      </Row>
    </ModalForm>
  );
}
