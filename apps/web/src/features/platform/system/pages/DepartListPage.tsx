import { ApartmentOutlined, DeleteOutlined, PlusOutlined, SaveOutlined, SubnodeOutlined } from '@ant-design/icons';
import type { DepartTreeNode, UserListRow } from '@aps/shared';
import { DEPART_MESSAGES, ORG_CATEGORIES, PERMISSIONS } from '@aps/shared/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Empty,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Radio,
  Row,
  Space,
  Spin,
  Table,
  type TableColumnsType,
  Tabs,
  Tag,
  Tree,
} from 'antd';
import { type Key, useEffect, useMemo, useState } from 'react';
import { usePermissionCheck } from '../../../../shared/auth/Can.tsx';
import { errorText, warnFailure } from '../../../../shared/list/download.ts';
import {
  type DepartFormValues,
  departApi,
  systemKeys,
  useDepartTree,
  useGrantTree,
  useSystemMutation,
} from '../api.ts';
import { DeptRolePanel } from '../components/DeptRolePanel.tsx';
import { GrantTree } from '../components/GrantTree.tsx';

const D = PERMISSIONS.depart;
const CATEGORY_OPTIONS = [
  { value: ORG_CATEGORIES.group, label: '集团' },
  { value: ORG_CATEGORIES.company, label: '公司' },
  { value: ORG_CATEGORIES.department, label: '部门/项目' },
];

function findNode(nodes: DepartTreeNode[], id: string): DepartTreeNode | null {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = findNode(n.children ?? [], id);
    if (hit) return hit;
  }
  return null;
}

function branchKeys(nodes: DepartTreeNode[], depth: number): string[] {
  if (depth <= 0) return [];
  return nodes.flatMap((n) => (n.children?.length ? [n.id, ...branchKeys(n.children, depth - 1)] : []));
}

/** What the right-hand side shows: a department, or the form for a new one under `parent` (null: a root). */
type Selection = { mode: 'view'; id: string } | { mode: 'add'; parent: DepartTreeNode | null } | null;

/** 部门管理 (system/DepartList): the department tree on the left, the chosen department on the right. */
export default function DepartListPage() {
  const { message } = App.useApp();
  const can = usePermissionCheck();
  const tree = useDepartTree();
  const [keyword, setKeyword] = useState('');
  const [results, setResults] = useState<DepartTreeNode[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  const [selection, setSelection] = useState<Selection>(null);

  const nodes = results ?? tree.data ?? [];
  const expandedKeys = expanded ?? branchKeys(tree.data ?? [], 2);
  const current = selection?.mode === 'view' ? findNode(tree.data ?? [], selection.id) : null;

  async function search(text: string) {
    if (!text.trim()) {
      setResults(null);
      return;
    }
    setSearching(true);
    try {
      const list = await departApi.search(text.trim());
      if (!list.length) message.warning(DEPART_MESSAGES.noMatch);
      setResults(list);
    } catch (err) {
      warnFailure(message, err, '查询失败');
    } finally {
      setSearching(false);
    }
  }

  return (
    <Row gutter={12} className="aps-depart-page" wrap>
      <Col xs={24} md={9} xl={7}>
        <Card
          variant="borderless"
          title={
            <span>
              <ApartmentOutlined style={{ marginInlineEnd: 8 }} />
              组织机构
            </span>
          }
          extra={
            can(D.add) && (
              <Button
                type="primary"
                size="small"
                icon={<PlusOutlined />}
                onClick={() => setSelection({ mode: 'add', parent: null })}
              >
                添加部门
              </Button>
            )
          }
          styles={{ body: { padding: 12 } }}
        >
          <Input.Search
            placeholder="请输入部门名称"
            allowClear
            enterButton
            loading={searching}
            value={keyword}
            onChange={(e) => {
              setKeyword(e.target.value);
              if (!e.target.value) setResults(null);
            }}
            onSearch={search}
            style={{ marginBottom: 8 }}
          />
          {tree.isError ? (
            <Alert type="warning" showIcon title={errorText(tree.error, '加载失败')} />
          ) : tree.isPending ? (
            <Spin style={{ display: 'block', padding: 24 }} />
          ) : nodes.length === 0 ? (
            <Empty description={results ? DEPART_MESSAGES.noMatch : '暂无部门'} />
          ) : (
            <Tree<DepartTreeNode>
              blockNode
              showLine
              treeData={nodes}
              fieldNames={{ key: 'id', title: 'title', children: 'children' }}
              expandedKeys={results ? [] : expandedKeys}
              onExpand={(keys) => setExpanded(keys)}
              selectedKeys={selection?.mode === 'view' ? [selection.id] : []}
              onSelect={(keys) => {
                if (keys[0]) setSelection({ mode: 'view', id: String(keys[0]) });
              }}
              style={{ maxHeight: 'calc(100vh - 300px)', minHeight: 240, overflow: 'auto' }}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} md={15} xl={17}>
        {selection === null ? (
          <Card variant="borderless">
            <Empty description="请在左侧选择一个部门" style={{ padding: '48px 0' }} />
          </Card>
        ) : selection.mode === 'add' ? (
          <Card variant="borderless" title={selection.parent ? `添加下级部门 - ${selection.parent.title}` : '添加部门'}>
            <DepartForm
              key={`add-${selection.parent?.id ?? 'root'}`}
              depart={null}
              parent={selection.parent}
              onSaved={(saved) => setSelection({ mode: 'view', id: saved.id })}
              onCancel={() => setSelection(null)}
            />
          </Card>
        ) : current ? (
          <Card variant="borderless" styles={{ body: { paddingTop: 4 } }}>
            <Tabs
              items={[
                {
                  key: 'info',
                  label: '基本信息',
                  children: (
                    <DepartForm
                      key={current.id}
                      depart={current}
                      parent={current.parentId ? findNode(tree.data ?? [], current.parentId) : null}
                      onSaved={() => undefined}
                      onAddChild={() => setSelection({ mode: 'add', parent: current })}
                      onDeleted={() => setSelection(null)}
                    />
                  ),
                },
                ...(can(PERMISSIONS.user.list)
                  ? [
                      {
                        key: 'users',
                        label: '部门用户',
                        children: <DepartUsers key={current.id} depart={current} />,
                      },
                    ]
                  : []),
                ...(can(D.role)
                  ? [
                      {
                        key: 'roles',
                        label: '部门角色',
                        children: <DeptRolePanel key={current.id} depart={current} />,
                      },
                    ]
                  : []),
                ...(can(D.authorize)
                  ? [
                      {
                        key: 'grant',
                        label: '部门权限',
                        children: <DepartGrant key={current.id} depart={current} />,
                      },
                    ]
                  : []),
              ]}
            />
          </Card>
        ) : (
          <Card variant="borderless">
            <Empty description="部门不存在或已删除" />
          </Card>
        )}
      </Col>
    </Row>
  );
}

/** The department's own fields (add or edit), with 添加下级 and 删除 (a refusal shows the server's reason). */
function DepartForm({
  depart,
  parent,
  onSaved,
  onCancel,
  onAddChild,
  onDeleted,
}: {
  depart: DepartTreeNode | null;
  parent: DepartTreeNode | null;
  onSaved(saved: DepartTreeNode): void;
  onCancel?: () => void;
  onAddChild?: () => void;
  onDeleted?: () => void;
}) {
  const { message } = App.useApp();
  const can = usePermissionCheck();
  const [form] = Form.useForm<DepartFormValues>();
  const save = useSystemMutation(departApi.save, [systemKeys.departs, systemKeys.users]);
  const remove = useSystemMutation(departApi.remove, [systemKeys.departs]);
  const editable = depart ? can(D.edit) : can(D.add);
  const initialValues = useMemo<Partial<DepartFormValues>>(
    () =>
      depart
        ? {
            departName: depart.departName,
            departNameAbbr: depart.departNameAbbr,
            orgCategory: depart.orgCategory,
            departOrder: depart.departOrder,
          }
        : { orgCategory: parent ? ORG_CATEGORIES.department : ORG_CATEGORIES.company, departOrder: 0 },
    [depart, parent],
  );

  async function submit(values: DepartFormValues) {
    try {
      const saved = await save.mutateAsync({
        ...values,
        id: depart?.id,
        parentId: depart ? undefined : (parent?.id ?? null),
      });
      message.success(depart ? '编辑成功！' : '添加成功！');
      onSaved(saved);
    } catch (err) {
      warnFailure(message, err, '保存失败');
    }
  }

  return (
    <Form<DepartFormValues>
      name="departForm"
      form={form}
      initialValues={initialValues}
      onFinish={submit}
      labelCol={{ flex: '100px' }}
      wrapperCol={{ flex: 'auto' }}
      disabled={!editable}
      style={{ maxWidth: 640 }}
    >
      <Form.Item label="上级部门">
        <Input value={parent?.title ?? '无（顶级机构）'} disabled />
      </Form.Item>
      {depart && (
        <Form.Item label="机构编码">
          <Input value={depart.orgCode} disabled />
        </Form.Item>
      )}
      <Form.Item
        label="机构名称"
        name="departName"
        rules={[{ required: true, whitespace: true, message: DEPART_MESSAGES.nameRequired }]}
      >
        <Input placeholder="请输入机构名称" maxLength={100} />
      </Form.Item>
      <Form.Item label="机构简称" name="departNameAbbr">
        <Input placeholder="请输入机构简称" maxLength={50} />
      </Form.Item>
      <Form.Item label="机构类型" name="orgCategory">
        <Radio.Group options={CATEGORY_OPTIONS} />
      </Form.Item>
      <Form.Item label="排序" name="departOrder">
        <InputNumber min={0} max={100000} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Space wrap>
          {editable && (
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
              保存
            </Button>
          )}
          {onCancel && (
            <Button disabled={false} onClick={onCancel}>
              取消
            </Button>
          )}
          {depart && onAddChild && can(D.add) && (
            <Button disabled={false} icon={<SubnodeOutlined />} onClick={onAddChild}>
              添加下级
            </Button>
          )}
          {depart && can(D.delete) && (
            <Popconfirm
              title="确定删除该部门吗?"
              okText="确定"
              cancelText="取消"
              onConfirm={async () => {
                try {
                  await remove.mutateAsync(depart.id);
                  message.success('删除成功!');
                  onDeleted?.();
                } catch (err) {
                  warnFailure(message, err, '删除失败');
                }
              }}
            >
              <Button danger disabled={false} icon={<DeleteOutlined />}>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      </Form.Item>
    </Form>
  );
}

/** 部门权限: the menus and buttons the department may hand to its department roles. */
function DepartGrant({ depart }: { depart: DepartTreeNode }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const tree = useGrantTree();
  const granted = useQuery({
    queryKey: [...systemKeys.departs, 'permissions', depart.id],
    queryFn: () => departApi.permissionIds(depart.id),
    gcTime: 0,
  });
  const [checked, setChecked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (granted.data) setChecked(granted.data);
  }, [granted.data]);

  return (
    <div>
      <Alert
        type="info"
        showIcon
        title="部门权限是该部门的部门角色可授予的菜单和按钮范围。"
        style={{ marginBottom: 12 }}
      />
      {granted.isError ? (
        <Alert type="warning" showIcon title={errorText(granted.error, '加载失败')} />
      ) : (
        <GrantTree
          tree={tree.data?.treeList}
          loading={tree.isPending || granted.isPending}
          checked={checked}
          onChange={setChecked}
          height={460}
        />
      )}
      <div style={{ marginTop: 12 }}>
        <Button
          type="primary"
          icon={<SaveOutlined />}
          loading={saving}
          onClick={async () => {
            setSaving(true);
            try {
              await departApi.savePermissions(depart.id, checked);
              await client.invalidateQueries({ queryKey: [...systemKeys.departs, 'permissions', depart.id] });
              message.success('保存成功！');
            } catch (err) {
              warnFailure(message, err, '保存失败');
            } finally {
              setSaving(false);
            }
          }}
        >
          保存
        </Button>
      </div>
    </div>
  );
}

/** 部门用户: the users of the department (GET /sys/user/queryUserByDepId). */
function DepartUsers({ depart }: { depart: DepartTreeNode }) {
  const users = useQuery({
    queryKey: [...systemKeys.users, 'ofDepart', depart.id],
    queryFn: () => departApi.users(depart.id),
  });
  const columns: TableColumnsType<UserListRow> = [
    { title: '用户账号', dataIndex: 'username', width: 140 },
    { title: '用户姓名', dataIndex: 'realname', width: 120 },
    { title: '手机号', dataIndex: 'phone', width: 130 },
    { title: '角色', dataIndex: 'roleNames', ellipsis: true },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (v: number) => <Tag color={v === 2 ? 'error' : 'success'}>{v === 2 ? '冻结' : '正常'}</Tag>,
    },
  ];
  if (users.isError) return <Alert type="warning" showIcon title={errorText(users.error, '加载失败')} />;
  return (
    <Table<UserListRow>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={users.data ?? []}
      loading={users.isFetching}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showTotal: (t) => `共 ${t} 人` }}
    />
  );
}
