import type { FillRuleDto, FillRuleReset } from '@aps/shared';
import { FILL_RULE_RESET_LABELS, PERMISSIONS } from '@aps/shared/constants';
import { App, Button, Card, Form, Input, Popconfirm, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { usePermissionCheck } from '../../../shared/auth/Can.tsx';
import { downloadBlob, warnFailure } from '../../../shared/list/download.ts';
import { ListToolbar } from '../../../shared/list/ListToolbar.tsx';
import { useFormDialog } from '../../../shared/list/ModalForm.tsx';
import { RowActions } from '../../../shared/list/RowActions.tsx';
import { SearchBar } from '../../../shared/list/SearchBar.tsx';
import { useServerTable } from '../../../shared/list/useServerTable.ts';
import { useSystemMutation } from '../api.ts';
import { FillRuleFormModal } from '../components/FillRuleFormModal.tsx';
import { NameCell } from '../components/NameCell.tsx';
import { fillRuleApi, jobKeys } from '../jobs.api.ts';

const P = PERMISSIONS.fillRule;
const RESET_COLORS: Record<FillRuleReset, string> = {
  none: 'default',
  daily: 'blue',
  monthly: 'cyan',
  yearly: 'purple',
};

interface FillRuleFilters {
  ruleName?: string;
  ruleCode?: string;
}

/** 填值规则 (system/FillRuleList): code patterns such as CG-${yyyyMMdd}-${seq:4} that business forms take numbers from. */
export default function FillRuleListPage() {
  const { message, modal } = App.useApp();
  const can = usePermissionCheck();
  const [form] = Form.useForm<FillRuleFilters>();
  const table = useServerTable<FillRuleDto>({ queryKey: jobKeys.fillRules, url: '/sys/fillRule/list', scrollX: 960 });
  const editor = useFormDialog<FillRuleDto>();
  const remove = useSystemMutation(fillRuleApi.remove, [jobKeys.fillRules]);
  const removeBatch = useSystemMutation(fillRuleApi.removeBatch, [jobKeys.fillRules]);

  async function generate(row: FillRuleDto) {
    try {
      const code = await fillRuleApi.execute(row.ruleCode);
      modal.success({
        title: '生成成功',
        okText: '确定',
        content: (
          <div>
            <div style={{ marginBottom: 4 }}>按“{row.ruleName}”生成的编号：</div>
            <Typography.Text copyable strong style={{ fontSize: 16 }}>
              {code}
            </Typography.Text>
          </div>
        ),
      });
    } catch (err) {
      warnFailure(message, err, '生成失败');
    }
  }

  const columns: TableColumnsType<FillRuleDto> = [
    {
      title: '规则名称',
      dataIndex: 'ruleName',
      sorter: true,
      sortOrder: table.sortOrder('ruleName'),
      render: (v: string, row) => <NameCell name={v} description={row.description} />,
    },
    {
      title: '规则编码',
      dataIndex: 'ruleCode',
      width: 150,
      sorter: true,
      sortOrder: table.sortOrder('ruleCode'),
      ellipsis: true,
    },
    {
      title: '规则表达式',
      dataIndex: 'pattern',
      width: 210,
      ellipsis: true,
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    {
      title: '重置周期',
      dataIndex: 'resetPeriod',
      width: 84,
      align: 'center',
      render: (v: FillRuleReset) => <Tag color={RESET_COLORS[v]}>{FILL_RULE_RESET_LABELS[v] ?? v}</Tag>,
    },
    {
      title: '示例',
      dataIndex: 'example',
      width: 170,
      ellipsis: true,
      render: (v: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{v}</span>,
    },
    {
      title: '操作',
      key: 'action',
      width: 170,
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          onEdit={() => editor.show(row)}
          editCode={P.edit}
          extra={
            can(P.edit) ? (
              <Popconfirm
                title={`按“${row.ruleName}”生成一个编号？`}
                description="生成会占用一个流水号"
                okText="确定"
                cancelText="取消"
                onConfirm={() => generate(row)}
              >
                <Button type="link" size="small">
                  生成
                </Button>
              </Popconfirm>
            ) : null
          }
          onDelete={async () => {
            await remove.mutateAsync(row.id);
            message.success('删除成功!');
          }}
          deleteCode={P.edit}
        />
      ),
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar<FillRuleFilters>
        name="fillRuleSearch"
        form={form}
        onSearch={(v) => table.search({ ...v })}
        onReset={table.reset}
      >
        <Form.Item label="规则名称" name="ruleName">
          <Input placeholder="请输入规则名称" allowClear />
        </Form.Item>
        <Form.Item label="规则编码" name="ruleCode">
          <Input placeholder="请输入规则编码" allowClear />
        </Form.Item>
      </SearchBar>
      <ListToolbar
        onAdd={() => editor.show(null)}
        addCode={P.edit}
        onExport={() => downloadBlob('/sys/fillRule/exportXls', '填值规则.xlsx', table.params)}
        exportCode={P.list}
        selectedKeys={table.selectedRowKeys}
        onBatchDelete={async (keys) => {
          await removeBatch.mutateAsync(keys.map(String));
          table.setSelectedRowKeys([]);
          message.success('删除成功!');
        }}
        batchDeleteCode={P.edit}
      />
      <Table<FillRuleDto> {...table.tableProps} columns={columns} />
      <FillRuleFormModal open={editor.open} rule={editor.record} onClose={editor.hide} />
    </Card>
  );
}
