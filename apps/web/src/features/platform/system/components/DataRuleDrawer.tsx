import type { DataRuleDto, PermissionNode } from '@aps/shared';
import { DATA_RULE_CONDITIONS, DATA_RULE_MESSAGES, DATA_RULE_VARIABLES, PERMISSIONS } from '@aps/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Drawer, Form, Input, Radio, Select, Table, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { ListToolbar } from '../../../../shared/list/ListToolbar.tsx';
import { ModalForm, useFormDialog } from '../../../../shared/list/ModalForm.tsx';
import { RowActions } from '../../../../shared/list/RowActions.tsx';
import { type DataRuleFormValues, permissionApi, systemKeys, useSystemMutation } from '../api.ts';

const CONDITION_LABELS: Record<string, string> = {
  '=': '等于',
  '!=': '不等于',
  '>': '大于',
  '>=': '大于等于',
  '<': '小于',
  '<=': '小于等于',
  LIKE: '包含',
  LEFT_LIKE: '以…结尾',
  RIGHT_LIKE: '以…开头',
  IN: '在…中',
};

/**
 * 数据规则 of a menu (sys_permission_data_rule): the rows a role may see in that menu's list. The field must be one
 * the server allows for the menu; a refused save shows the server's list of allowed fields.
 */
export function DataRuleDrawer({ menu, onClose }: { menu: PermissionNode | null; onClose(): void }) {
  const { message } = App.useApp();
  const [filter, setFilter] = useState('');
  const editor = useFormDialog<DataRuleDto>();
  const [form] = Form.useForm<DataRuleFormValues>();
  const rules = useQuery({
    queryKey: [...systemKeys.permissions, 'rules', menu?.id, filter],
    queryFn: () => permissionApi.rules(menu?.id as string, { ruleName: filter || undefined }),
    enabled: menu !== null,
  });
  const save = useSystemMutation(permissionApi.saveRule, [systemKeys.permissions]);
  const remove = useSystemMutation(permissionApi.removeRule, [systemKeys.permissions]);
  const initialValues = useMemo<Partial<DataRuleFormValues>>(
    () => (editor.record ? { ...editor.record } : { ruleConditions: '=', status: '1' }),
    [editor.record],
  );

  const columns: TableColumnsType<DataRuleDto> = [
    { title: '规则名称', dataIndex: 'ruleName', ellipsis: true },
    { title: '规则字段', dataIndex: 'ruleColumn', width: 130 },
    {
      title: '条件',
      dataIndex: 'ruleConditions',
      width: 90,
      render: (v: string) => CONDITION_LABELS[v] ?? v,
    },
    { title: '规则值', dataIndex: 'ruleValue', width: 140, ellipsis: true },
    {
      title: '状态',
      dataIndex: 'status',
      width: 70,
      render: (v: string) => <Tag color={v === '1' ? 'success' : 'default'}>{v === '1' ? '有效' : '无效'}</Tag>,
    },
    {
      title: '操作',
      key: 'action',
      width: 110,
      render: (_, row) => (
        <RowActions
          onEdit={() => editor.show(row)}
          editCode={PERMISSIONS.permission.dataRule}
          onDelete={async () => {
            await remove.mutateAsync(row.id);
            message.success('删除成功!');
          }}
          deleteCode={PERMISSIONS.permission.dataRule}
        />
      ),
    },
  ];

  return (
    <Drawer open={menu !== null} title={`数据规则 - ${menu?.name ?? ''}`} size={760} onClose={onClose} destroyOnHidden>
      <ListToolbar
        onAdd={() => editor.show(null)}
        addCode={PERMISSIONS.permission.dataRule}
        extra={
          <Input.Search allowClear placeholder="按规则名称筛选" style={{ width: 200 }} onSearch={(v) => setFilter(v)} />
        }
      />
      {rules.isError && <Alert type="warning" showIcon title={rules.error.message} style={{ marginBottom: 12 }} />}
      <Table<DataRuleDto>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rules.data ?? []}
        loading={rules.isFetching}
        pagination={false}
      />
      <ModalForm<DataRuleFormValues>
        name="dataRuleForm"
        open={editor.open}
        title={editor.isEdit ? '编辑' : '新增'}
        form={form}
        width={600}
        initialValues={initialValues}
        onClose={editor.hide}
        onSubmit={async (v) => {
          if (!menu) return;
          await save.mutateAsync({ ...v, id: editor.record?.id, permissionId: menu.id });
          message.success(editor.isEdit ? '编辑成功！' : '添加成功！');
        }}
      >
        <Form.Item
          label="规则名称"
          name="ruleName"
          rules={[{ required: true, whitespace: true, message: DATA_RULE_MESSAGES.nameRequired }]}
        >
          <Input placeholder="请输入规则名称" maxLength={50} />
        </Form.Item>
        <Form.Item
          label="规则字段"
          name="ruleColumn"
          rules={[{ required: true, whitespace: true, message: DATA_RULE_MESSAGES.columnRequired }]}
        >
          <Input placeholder="如 sysOrgCode、createBy" maxLength={64} />
        </Form.Item>
        <Form.Item
          label="条件规则"
          name="ruleConditions"
          rules={[{ required: true, message: DATA_RULE_MESSAGES.conditionRequired }]}
        >
          <Select options={DATA_RULE_CONDITIONS.map((c) => ({ value: c, label: `${CONDITION_LABELS[c]} (${c})` }))} />
        </Form.Item>
        <Form.Item
          label="规则值"
          name="ruleValue"
          extra={`可用变量：${DATA_RULE_VARIABLES.join('、')}`}
          rules={[{ required: true, whitespace: true, message: DATA_RULE_MESSAGES.valueRequired }]}
        >
          <Input placeholder="请输入规则值" maxLength={300} />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Radio.Group
            options={[
              { value: '1', label: '有效' },
              { value: '0', label: '无效' },
            ]}
          />
        </Form.Item>
      </ModalForm>
    </Drawer>
  );
}
