import type { PermissionTreeNode, RoleDto } from '@aps/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Drawer, Empty, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { errorText, warnFailure } from '../../../../shared/list/download.ts';
import { roleApi, systemKeys, useGrantTree } from '../api.ts';
import { GrantTree } from './GrantTree.tsx';

/** 授权: the menus and buttons a role grants (queryTreeList + queryRolePermission → saveRolePermission). */
export function RoleGrantDrawer({ role, onClose }: { role: RoleDto | null; onClose(): void }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const open = role !== null;
  const tree = useGrantTree(open);
  const granted = useQuery({
    queryKey: [...systemKeys.roles, 'permissions', role?.id],
    queryFn: () => roleApi.permissionIds(role?.id as string),
    enabled: open,
    gcTime: 0,
  });
  const [checked, setChecked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [rulesOf, setRulesOf] = useState<PermissionTreeNode | null>(null);

  useEffect(() => {
    if (granted.data) setChecked(granted.data);
  }, [granted.data]);

  async function save(close: boolean) {
    if (!role) return;
    setSaving(true);
    try {
      await roleApi.savePermissions(role.id, checked);
      await client.invalidateQueries({ queryKey: systemKeys.roles });
      message.success('保存成功！');
      if (close) onClose();
    } catch (err) {
      warnFailure(message, err, '保存失败');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Drawer
      open={open}
      title={role ? `角色权限配置 - ${role.roleName}` : '角色权限配置'}
      size={520}
      onClose={onClose}
      destroyOnHidden
      footer={
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          <Button onClick={onClose}>取消</Button>
          <Button loading={saving} onClick={() => save(false)}>
            仅保存
          </Button>
          <Button type="primary" loading={saving} onClick={() => save(true)}>
            保存并关闭
          </Button>
        </div>
      }
    >
      {granted.isError ? (
        <Alert type="warning" showIcon title={errorText(granted.error, '加载失败')} />
      ) : (
        <GrantTree
          tree={tree.data?.treeList}
          loading={tree.isPending || granted.isPending}
          checked={checked}
          onChange={setChecked}
          onRules={setRulesOf}
        />
      )}
      {role && rulesOf && <RoleDataRuleModal roleId={role.id} menu={rulesOf} onClose={() => setRulesOf(null)} />}
    </Drawer>
  );
}

/** The data rules of one menu that apply to the role (GET/POST /sys/role/datarule). */
function RoleDataRuleModal({ roleId, menu, onClose }: { roleId: string; menu: PermissionTreeNode; onClose(): void }) {
  const { message } = App.useApp();
  const rules = useQuery({
    queryKey: [...systemKeys.roles, 'datarule', roleId, menu.key],
    queryFn: () => roleApi.dataRules(roleId, menu.key),
    gcTime: 0,
  });
  const [chosen, setChosen] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (rules.data) setChosen(rules.data.drChecked);
  }, [rules.data]);
  return (
    <Modal
      open
      title={`数据规则 - ${menu.title}`}
      width={560}
      okText="保存"
      cancelText="关闭"
      confirmLoading={saving}
      onCancel={onClose}
      onOk={async () => {
        setSaving(true);
        try {
          await roleApi.saveDataRules(roleId, menu.key, chosen);
          message.success('保存成功！');
          onClose();
        } catch (err) {
          warnFailure(message, err, '保存失败');
        } finally {
          setSaving(false);
        }
      }}
    >
      {rules.isPending ? (
        <Spin />
      ) : rules.data?.datarule.length ? (
        <Checkbox.Group
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          value={chosen}
          onChange={(v) => setChosen(v as string[])}
          options={rules.data.datarule.map((r) => ({
            value: r.id,
            label: `${r.ruleName}（${r.ruleColumn} ${r.ruleConditions} ${r.ruleValue}）${r.status === '1' ? '' : ' [已停用]'}`,
          }))}
        />
      ) : (
        <Empty description="该菜单没有数据规则" />
      )}
    </Modal>
  );
}
