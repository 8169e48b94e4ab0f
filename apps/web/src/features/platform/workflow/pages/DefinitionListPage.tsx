import { PlusOutlined } from '@ant-design/icons';
import type { WorkflowDefinitionDto } from '@aps/shared';
import { PERMISSIONS } from '@aps/shared/constants';
import { App, Button, Card, Drawer, Form, Input, Modal, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useCan } from '../../../../shared/auth/Can.tsx';
import { warnFailure } from '../../../../shared/list/download.ts';
import { SearchBar } from '../../../../shared/list/SearchBar.tsx';
import { useServerTable } from '../../../../shared/list/useServerTable.ts';
import {
  useBind,
  useDefinition,
  useDefinitionState,
  useDefinitionVersions,
  WORKFLOW_URLS,
  workflowKeys,
} from '../api.ts';
import { DefinitionEditor } from '../components/DefinitionEditor.tsx';
import { ProcessViewer } from '../components/ProcessViewer.tsx';
import { BUSINESS_TYPE_LABELS, BUSINESS_TYPE_OPTIONS } from '../workflow.labels.ts';

interface Filters {
  key?: string;
  name?: string;
  businessType?: string;
}

function StatusTag({ status }: { status: string }) {
  return status === 'suspended' ? <Tag color="warning">已挂起</Tag> : <Tag color="success">已激活</Tag>;
}

/** A version's diagram, read-only. */
function DiagramModal({ id, onClose }: { id: string | null; onClose(): void }) {
  const query = useDefinition(id);
  return (
    <Modal
      open={id !== null}
      title={query.data ? `流程图：${query.data.name} v${query.data.version}` : '流程图'}
      width={1000}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <ProcessViewer xml={query.data?.xml} height={520} />
    </Modal>
  );
}

/**
 * 流程设计 (workflow/DefinitionList): the latest version of each process key; 新建 / 编辑 in the modeller and 部署
 * a new version, the versions with their diagrams, 挂起 / 激活, 绑定业务类型.
 */
export default function DefinitionListPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<Filters>();
  const canDeploy = useCan(PERMISSIONS.workflow.definitionDeploy);
  const table = useServerTable<WorkflowDefinitionDto>({
    queryKey: workflowKeys.definitions,
    url: WORKFLOW_URLS.definitions,
    defaultSort: null,
    scrollX: 1300,
  });
  const [editing, setEditing] = useState<{ definition: WorkflowDefinitionDto | null } | null>(null);
  const [versionsOf, setVersionsOf] = useState<WorkflowDefinitionDto | null>(null);
  const [diagramId, setDiagramId] = useState<string | null>(null);
  const [binding, setBinding] = useState<WorkflowDefinitionDto | null>(null);
  const [bindType, setBindType] = useState<string | undefined>();
  const versions = useDefinitionVersions(versionsOf?.key ?? null);
  const state = useDefinitionState();
  const bind = useBind();

  async function toggle(row: WorkflowDefinitionDto) {
    try {
      await state.mutateAsync({ id: row.id, suspend: row.status !== 'suspended' });
      message.success('操作成功!');
    } catch (err) {
      warnFailure(message, err, '操作失败');
    }
  }

  async function confirmBind() {
    if (!binding) return;
    if (!bindType) return message.warning('请选择业务类型');
    try {
      await bind.mutateAsync({ businessType: bindType, key: binding.key });
      message.success('绑定成功');
      setBinding(null);
    } catch (err) {
      warnFailure(message, err, '绑定失败');
    }
  }

  const toggleButton = (row: WorkflowDefinitionDto) =>
    canDeploy && (
      <Button type="link" size="small" onClick={() => toggle(row)}>
        {row.status === 'suspended' ? '激活' : '挂起'}
      </Button>
    );

  const columns: TableColumnsType<WorkflowDefinitionDto> = [
    { title: '流程标识', dataIndex: 'key', width: 200, ellipsis: true },
    { title: '流程名称', dataIndex: 'name', width: 200, ellipsis: true },
    {
      title: '版本',
      dataIndex: 'version',
      width: 120,
      render: (v: number, r) => `v${v}${r.versionCount ? `（共${r.versionCount}个）` : ''}`,
    },
    { title: '状态', dataIndex: 'status', width: 90, render: (v: string) => <StatusTag status={v} /> },
    {
      title: '绑定业务',
      dataIndex: 'boundTypes',
      width: 180,
      render: (v: string[] | undefined) =>
        v?.length ? v.map((t) => <Tag key={t}>{BUSINESS_TYPE_LABELS[t] ?? t}</Tag>) : '—',
    },
    { title: '创建人', dataIndex: 'createBy', width: 100, render: (v: string | null) => v || '—' },
    { title: '部署时间', dataIndex: 'createTime', width: 170 },
    {
      title: '操作',
      key: 'action',
      fixed: 'right',
      width: 280,
      render: (_, row) => (
        <Space size={0} wrap>
          {canDeploy && (
            <Button type="link" size="small" onClick={() => setEditing({ definition: row })}>
              编辑
            </Button>
          )}
          <Button type="link" size="small" onClick={() => setDiagramId(row.id)}>
            流程图
          </Button>
          <Button type="link" size="small" onClick={() => setVersionsOf(row)}>
            版本
          </Button>
          {toggleButton(row)}
          {canDeploy && (
            <Button
              type="link"
              size="small"
              onClick={() => {
                setBindType(undefined);
                setBinding(row);
              }}
            >
              绑定业务类型
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const versionColumns: TableColumnsType<WorkflowDefinitionDto> = [
    { title: '版本', dataIndex: 'version', width: 80, render: (v: number) => `v${v}` },
    { title: '状态', dataIndex: 'status', width: 90, render: (v: string) => <StatusTag status={v} /> },
    { title: '部署人', dataIndex: 'createBy', width: 100, render: (v: string | null) => v || '—' },
    { title: '部署时间', dataIndex: 'createTime', width: 170 },
    {
      title: '操作',
      key: 'action',
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setDiagramId(row.id)}>
            查看流程图
          </Button>
          {toggleButton(row)}
        </Space>
      ),
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar<Filters> name="definitionSearch" form={form} onSearch={table.search} onReset={table.reset}>
        <Form.Item label="流程标识" name="key">
          <Input placeholder="请输入流程标识" allowClear />
        </Form.Item>
        <Form.Item label="流程名称" name="name">
          <Input placeholder="请输入流程名称" allowClear />
        </Form.Item>
        <Form.Item label="业务类型" name="businessType">
          <Select placeholder="请选择" allowClear options={BUSINESS_TYPE_OPTIONS} />
        </Form.Item>
      </SearchBar>
      {canDeploy && (
        <div style={{ marginBottom: 12 }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ definition: null })}>
            新建
          </Button>
        </div>
      )}
      <Table<WorkflowDefinitionDto> {...table.tableProps} rowSelection={undefined} columns={columns} />
      <DefinitionEditor
        open={editing !== null}
        definition={editing?.definition ?? null}
        onClose={() => setEditing(null)}
      />
      <Drawer
        open={versionsOf !== null}
        title={versionsOf ? `版本：${versionsOf.name}（${versionsOf.key}）` : '版本'}
        size={720}
        onClose={() => setVersionsOf(null)}
      >
        <Table<WorkflowDefinitionDto>
          rowKey="id"
          size="small"
          loading={versions.isFetching}
          dataSource={versions.data ?? []}
          columns={versionColumns}
          pagination={false}
        />
      </Drawer>
      <DiagramModal id={diagramId} onClose={() => setDiagramId(null)} />
      <Modal
        open={binding !== null}
        title={binding ? `绑定业务类型：${binding.name}` : '绑定业务类型'}
        onCancel={() => setBinding(null)}
        onOk={confirmBind}
        confirmLoading={bind.isPending}
        okText="确定"
        cancelText="取消"
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item
            label="业务类型"
            htmlFor="aps-wf-bind-type"
            required
            extra="该业务类型发起的审批将使用此流程的最新版本"
          >
            <Select
              id="aps-wf-bind-type"
              placeholder="请选择业务类型"
              value={bindType}
              onChange={setBindType}
              options={BUSINESS_TYPE_OPTIONS}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
