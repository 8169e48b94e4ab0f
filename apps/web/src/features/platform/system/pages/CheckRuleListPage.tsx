import type { CheckRuleDto, CheckRuleItem } from '@aps/shared';
import { Button, Card, Form, Input, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { CrudRowActions } from '../../../../shared/list/CrudRowActions.tsx';
import { CrudToolbar } from '../../../../shared/list/CrudToolbar.tsx';
import { SearchBar } from '../../../../shared/list/SearchBar.tsx';
import { useCrudList } from '../../../../shared/list/useCrudList.ts';
import { CheckRuleFormModal } from '../components/CheckRuleFormModal.tsx';
import { CheckRuleTestModal } from '../components/CheckRuleTestModal.tsx';
import { NameCell } from '../components/NameCell.tsx';
import { checkRuleApi } from '../jobs.api.ts';

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
  const [form] = Form.useForm<CheckRuleFilters>();
  const list = useCrudList(checkRuleApi, { scrollX: 960 });
  const [testing, setTesting] = useState<CheckRuleDto | null>(null);

  const columns: TableColumnsType<CheckRuleDto> = [
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
      title: '校验规则',
      dataIndex: 'ruleJson',
      width: 290,
      render: (items: CheckRuleItem[]) => <RuleSummary items={items} />,
    },
    {
      title: '创建时间',
      dataIndex: 'createTime',
      width: 160,
      ...list.sortable('createTime'),
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
            <Button type="link" size="small" onClick={() => setTesting(row)}>
              测试
            </Button>
          }
        />
      ),
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar<CheckRuleFilters> name="checkRuleSearch" form={form} onSearch={list.search} onReset={list.reset}>
        <Form.Item label="规则名称" name="ruleName">
          <Input placeholder="请输入规则名称" allowClear />
        </Form.Item>
        <Form.Item label="规则编码" name="ruleCode">
          <Input placeholder="请输入规则编码" allowClear />
        </Form.Item>
      </SearchBar>
      <CrudToolbar list={list} exportName="校验规则.xlsx" />
      <Table<CheckRuleDto> {...list.table.tableProps} columns={columns} />
      <CheckRuleFormModal open={list.editor.open} rule={list.editor.record} onClose={list.editor.hide} />
      <CheckRuleTestModal rule={testing} onClose={() => setTesting(null)} />
    </Card>
  );
}
