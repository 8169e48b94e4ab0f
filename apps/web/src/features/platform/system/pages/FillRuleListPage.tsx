import type { FillRuleDto, FillRuleReset } from '@aps/shared';
import { FILL_RULE_RESET_LABELS } from '@aps/shared/constants';
import { App, Button, Card, Form, Input, Popconfirm, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { usePermissionCheck } from '../../../../shared/auth/Can.tsx';
import { CrudRowActions } from '../../../../shared/list/CrudRowActions.tsx';
import { CrudToolbar } from '../../../../shared/list/CrudToolbar.tsx';
import { warnFailure } from '../../../../shared/list/download.ts';
import { SearchBar } from '../../../../shared/list/SearchBar.tsx';
import { useCrudList } from '../../../../shared/list/useCrudList.ts';
import { FillRuleFormModal } from '../components/FillRuleFormModal.tsx';
import { NameCell } from '../components/NameCell.tsx';
import { fillRuleApi } from '../jobs.api.ts';

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
  const list = useCrudList(fillRuleApi, { scrollX: 960 });

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
      ...list.sortable('ruleName'),
      render: (v: string, row) => <NameCell name={v} description={row.description} />,
    },
    {
      title: '规则编码',
      dataIndex: 'ruleCode',
      width: 150,
      ...list.sortable('ruleCode'),
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
        <CrudRowActions
          list={list}
          row={row}
          extra={
            can(list.codes.edit) ? (
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
        />
      ),
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar<FillRuleFilters> name="fillRuleSearch" form={form} onSearch={list.search} onReset={list.reset}>
        <Form.Item label="规则名称" name="ruleName">
          <Input placeholder="请输入规则名称" allowClear />
        </Form.Item>
        <Form.Item label="规则编码" name="ruleCode">
          <Input placeholder="请输入规则编码" allowClear />
        </Form.Item>
      </SearchBar>
      <CrudToolbar list={list} exportName="填值规则.xlsx" />
      <Table<FillRuleDto> {...list.table.tableProps} columns={columns} />
      <FillRuleFormModal open={list.editor.open} rule={list.editor.record} onClose={list.editor.hide} />
    </Card>
  );
}
