import type { AccountTenants } from '@aps/shared';
import { App, Modal, Radio, Space } from 'antd';
import { useEffect, useState } from 'react';
import { HttpError } from '../../../../shared/http.ts';
import { switchTenant } from '../api.ts';

/** §1 租户选择: the user's tenants; `required` after login when none was ever chosen (no cancel). */
export function TenantSelectModal({
  tenants,
  required,
  onClose,
}: {
  tenants: AccountTenants | null;
  required: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [value, setValue] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => setValue(tenants?.current ?? null), [tenants]);
  const current = tenants?.list.find((t) => t.id === tenants.current);

  const submit = async () => {
    if (!value) {
      message.warning('请选择租户');
      return;
    }
    setSaving(true);
    try {
      await switchTenant(value);
    } catch (err) {
      setSaving(false);
      if (!(err instanceof HttpError) || !err.shown) message.warning(err instanceof Error ? err.message : '切换失败');
    }
  };

  return (
    <Modal
      title={required ? '请选择登录租户' : `切换租户（当前租户 : ${current?.name ?? ''}）`}
      open={tenants !== null}
      width={460}
      okText="确定"
      onOk={submit}
      confirmLoading={saving}
      closable={!required}
      maskClosable={!required}
      keyboard={!required}
      cancelButtonProps={required ? { style: { display: 'none' } } : {}}
      onCancel={onClose}
      destroyOnHidden
    >
      <p style={{ color: 'rgba(0,0,0,0.45)' }}>您属于多个租户，所选租户决定可见的菜单与数据。</p>
      <Radio.Group value={value} onChange={(e) => setValue(e.target.value as number)} aria-label="租户">
        <Space direction="vertical">
          {tenants?.list.map((t) => (
            <Radio key={t.id} value={t.id}>
              {t.name}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
    </Modal>
  );
}
