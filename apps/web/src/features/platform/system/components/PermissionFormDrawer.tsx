import type { PermissionNode } from '@aps/shared';
import { MENU_TYPES, PERMISSION_MESSAGES } from '@aps/shared/constants';
import { App, Col, Form, Input, InputNumber, Radio, Row, Switch, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { ModalForm } from '../../../../shared/list/ModalForm.tsx';
import { type PermissionFormValues, permissionApi, systemKeys, useSystemMutation } from '../api.ts';

export const MENU_TYPE_LABELS: Record<number, string> = { 0: '一级菜单', 1: '子菜单', 2: '按钮权限' };

interface MenuOption {
  value: string;
  title: string;
  disabled?: boolean;
  children?: MenuOption[];
}

/** Menus (no buttons) as parent choices; the edited menu and its branch cannot be its own parent. */
function parentOptions(nodes: PermissionNode[], excludeId?: string): MenuOption[] {
  return nodes
    .filter((n) => n.menuType !== MENU_TYPES.button)
    .map((n) => ({
      value: n.id,
      title: n.name,
      disabled: n.id === excludeId,
      children: n.id === excludeId ? undefined : parentOptions(n.children ?? [], excludeId),
    }));
}

export interface PermissionEditTarget {
  /** The menu edited, or null to add one. */
  node: PermissionNode | null;
  /** For a new entry: its parent (添加下级). */
  parent?: PermissionNode | null;
}

const DEFAULTS: Partial<PermissionFormValues> = {
  menuType: MENU_TYPES.topMenu,
  sortNo: 1,
  hidden: false,
  alwaysShow: false,
  keepAlive: false,
  internalOrExternal: false,
  iframe: false,
  route: true,
  permsType: '1',
  status: '1',
};

/** Add or edit a menu, sub-menu or button (§3 permission entry, with the flags of the issue). */
export function PermissionFormDrawer({
  target,
  tree,
  onClose,
}: {
  target: PermissionEditTarget | null;
  tree: PermissionNode[];
  onClose(): void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PermissionFormValues>();
  const save = useSystemMutation(permissionApi.save, [systemKeys.permissions]);
  const menuType = Form.useWatch('menuType', form);
  const iframe = Form.useWatch('iframe', form);
  const node = target?.node ?? null;
  const isButton = menuType === MENU_TYPES.button;

  const initialValues = useMemo<Partial<PermissionFormValues>>(() => {
    if (node) {
      const { id: _id, key: _k, title: _t, leaf: _l, ruleFlag: _r, createTime: _c, children: _ch, ...rest } = node;
      return rest;
    }
    const parent = target?.parent;
    if (parent) return { ...DEFAULTS, parentId: parent.id, menuType: MENU_TYPES.subMenu };
    return DEFAULTS;
  }, [node, target?.parent]);
  const parents = useMemo(() => parentOptions(tree, node?.id), [tree, node?.id]);

  return (
    <ModalForm<PermissionFormValues>
      name="permissionForm"
      drawer
      open={target !== null}
      title={node ? '编辑' : '新增'}
      form={form}
      width={640}
      labelWidth={110}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={async (v) => {
        await save.mutateAsync({ ...v, id: node?.id, parentId: v.menuType === MENU_TYPES.topMenu ? null : v.parentId });
        message.success(node ? '编辑成功！' : '添加成功！');
      }}
    >
      <Form.Item label="菜单类型" name="menuType">
        <Radio.Group
          optionType="button"
          options={Object.entries(MENU_TYPE_LABELS).map(([value, label]) => ({ value: Number(value), label }))}
        />
      </Form.Item>
      <Form.Item
        label={isButton ? '按钮/权限' : '菜单名称'}
        name="name"
        rules={[{ required: true, whitespace: true, message: PERMISSION_MESSAGES.nameRequired }]}
      >
        <Input placeholder={isButton ? '请输入按钮名称' : '请输入菜单名称'} />
      </Form.Item>
      {menuType !== MENU_TYPES.topMenu && (
        <Form.Item
          label="上级菜单"
          name="parentId"
          rules={[{ required: true, message: PERMISSION_MESSAGES.parentRequired }]}
        >
          <TreeSelect
            placeholder="请选择"
            showSearch
            treeNodeFilterProp="title"
            styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
            treeData={parents}
          />
        </Form.Item>
      )}
      {isButton ? (
        <>
          <Form.Item
            label="授权标识"
            name="perms"
            tooltip="多个用逗号分隔，如 system:user:add"
            rules={[
              { required: true, whitespace: true, message: PERMISSION_MESSAGES.permsRequired },
              { pattern: /^[A-Za-z0-9:_-]+(,[A-Za-z0-9:_-]+)*$/, message: PERMISSION_MESSAGES.permsPattern },
            ]}
          >
            <Input placeholder="请输入授权标识，如 system:user:add" />
          </Form.Item>
          <Form.Item label="授权策略" name="permsType">
            <Radio.Group
              options={[
                { value: '1', label: '可见/可访问' },
                { value: '2', label: '可编辑(未授权时禁用)' },
              ]}
            />
          </Form.Item>
          <Form.Item label="状态" name="status">
            <Radio.Group
              options={[
                { value: '1', label: '有效' },
                { value: '0', label: '无效' },
              ]}
            />
          </Form.Item>
        </>
      ) : (
        <>
          <Form.Item
            label="菜单路径"
            name="url"
            rules={[
              { required: true, whitespace: true, message: PERMISSION_MESSAGES.urlRequired },
              { pattern: /^(\/|https?:\/\/)/, message: PERMISSION_MESSAGES.urlPattern },
            ]}
          >
            <Input placeholder="如 /system/user，外部链接以 http(s):// 开头" />
          </Form.Item>
          <Form.Item
            label="前端组件"
            name="component"
            rules={iframe ? [] : [{ required: true, whitespace: true, message: PERMISSION_MESSAGES.componentRequired }]}
          >
            <Input placeholder="如 system/UserList 或 layouts/RouteView" disabled={iframe} />
          </Form.Item>
          <Form.Item label="组件名称" name="componentName" tooltip="缓存路由按组件名称保持页面状态">
            <Input placeholder="如 UserList" />
          </Form.Item>
          <Form.Item label="默认跳转地址" name="redirect">
            <Input placeholder="请输入默认跳转地址" />
          </Form.Item>
          <Form.Item label="菜单图标" name="icon">
            <Input placeholder="如 setting、user、team" />
          </Form.Item>
        </>
      )}
      <Form.Item label="排序" name="sortNo">
        <InputNumber min={0} max={100000} style={{ width: 160 }} />
      </Form.Item>
      {!isButton && (
        <Row gutter={8}>
          {(
            [
              ['route', '是否路由菜单'],
              ['hidden', '隐藏路由'],
              ['alwaysShow', '聚合路由'],
              ['keepAlive', '缓存路由'],
              ['internalOrExternal', '外部打开'],
              ['iframe', 'iframe内嵌'],
            ] as const
          ).map(([name, label]) => (
            <Col span={12} key={name}>
              <Form.Item label={label} name={name} valuePropName="checked">
                <Switch checkedChildren="是" unCheckedChildren="否" />
              </Form.Item>
            </Col>
          ))}
          <Col span={12}>
            <Form.Item label="状态" name="status">
              <Radio.Group
                options={[
                  { value: '1', label: '有效' },
                  { value: '0', label: '无效' },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
      )}
    </ModalForm>
  );
}
