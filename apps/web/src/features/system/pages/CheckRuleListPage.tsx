import type { CheckRuleDto, CheckRuleItem } from '@aps/shared';
import { PERMISSIONS } from '@aps/shared/constants';
import { App, Button, Card, Form, Input, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { downloadBlob } from '../../../shared/list/download.ts';
import { ListToolbar } from '../../../shared/list/ListToolbar.tsx';
import { useFormDialog } from '../../../shared/list/ModalForm.tsx';
import { RowActions } from '../../../shared/list/RowActions.tsx';
import { SearchBar } from '../../../shared/list/SearchBar.tsx';
import { useServerTable } from '../../../shared/list/useServerTable.ts';
import { useSystemMutation } from '../api.ts';
import { CheckRuleFormModal } from '../components/CheckRuleFormModal.tsx';
import { CheckRuleTestModal } from '../components/CheckRuleTestModal.tsx';
import { NameCell } from '../components/NameCell.tsx';
import { checkRuleApi, jobKeys } from '../jobs.api.ts';

const P = PERMISSIONS.checkRule;

interface CheckRuleFilters {
  ruleName?: string;
  ruleCode?: string;
}

const segmentText = (item: CheckRuleItem) => `${item.digits === '*' ? '其余' : `${item.digits}位`} ${item.pattern}`;

/** The segments in one line: "2位 [A-Z]{2}；其余 \d{6,12}", with their messages in the tooltip. */
function RuleSummary({ items }: { items: CheckRuleItem[] }) {
  return (
    <Tooltip
      placement="topLeft"
      title={items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: segments have no id; their order is their identity
        <div key={i}>
          {segmentText(item)}：{item.message}
        </div>
      ))}
    >
      <Typography.Text ellipsis style={{ fontFamily: 'monospace', maxWidth: '100%' }}>
        {items.map(segmentText).join('；')}
      </Typography.Text>
    </Tooltip>
  );
}

/** 校验规则 (system/CheckRuleList): values checked segment by segment against regular expressions, with 测试. */
export default function CheckRuleListPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<CheckRuleFilters>();
  const table = useServerTable<CheckRuleDto>({
    queryKey: jobKeys.checkRules,
    url: '/sys/checkRule/list',
    scrollX: 960,
  });
  const editor = useFormDialog<CheckRuleDto>();
  const [testing, setTesting] = useState<CheckRuleDto | null>(null);
  const remove = useSystemMutation(checkRuleApi.remove, [jobKeys.checkRules]);
  const removeBatch = useSystemMutation(checkRuleApi.removeBatch, [jobKeys.checkRules]);

  const columns: TableColumnsType<CheckRuleDto> = [
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
      title: '校验规则',
      dataIndex: 'ruleJson',
      width: 290,
      render: (items: CheckRuleItem[]) => <RuleSummary items={items} />,
    },
    {
      title: '创建时间',
      dataIndex: 'createTime',
      width: 160,
      sorter: true,
      sortOrder: table.sortOrder('createTime'),
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
            <Button type="link" size="small" onClick={() => setTesting(row)}>
              测试
            </Button>
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
      <SearchBar<CheckRuleFilters>
        name="checkRuleSearch"
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
        onExport={() => downloadBlob('/sys/checkRule/exportXls', '校验规则.xlsx', table.params)}
        exportCode={P.list}
        selectedKeys={table.selectedRowKeys}
        onBatchDelete={async (keys) => {
          await removeBatch.mutateAsync(keys.map(String));
          table.setSelectedRowKeys([]);
          message.success('删除成功!');
        }}
        batchDeleteCode={P.edit}
      />
      <Table<CheckRuleDto> {...table.tableProps} columns={columns} />
      <CheckRuleFormModal open={editor.open} rule={editor.record} onClose={editor.hide} />
      <CheckRuleTestModal rule={testing} onClose={() => setTesting(null)} />
    </Card>
  );
}
