import type { PurchaseRecordDto } from '@aps/shared';
import {
  DICT,
  PURCHASE_SUPER_QUERY_FIELDS,
  SUPER_QUERY_LISTS,
  SUPER_QUERY_MATCH_LABELS,
  SUPER_QUERY_RULE_LABELS,
  SUPER_QUERY_RULES,
  type SuperQueryRule,
} from '@aps/shared/constants';
import { Alert, Button, Card, Col, Empty, List, Row, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useCallback } from 'react';
import { Money } from '../../../../shared/controls/Money.tsx';
import { useServerTable } from '../../../../shared/list/useServerTable.ts';
import { useSavedSuperQueries } from '../../../../shared/superQuery/api.ts';
import { type DictOptionsOf, describeQuery } from '../../../../shared/superQuery/model.ts';
import { SuperQuery } from '../../../../shared/superQuery/SuperQuery.tsx';
import { PurchaseStageTag } from '../../../procurement/purchase/components/PurchaseStageTag.tsx';
import { useSessionStore } from '../../auth/store.ts';

const LIST_KEY = SUPER_QUERY_LISTS.purchaseRecord;
const FIELDS = PURCHASE_SUPER_QUERY_FIELDS;

/** What each §5 rule does, with an example on the purchase list. */
const RULE_HELP: Record<SuperQueryRule, [meaning: string, example: string]> = {
  eq: ['值完全相同', '采购阶段 等于 评审结束'],
  like: ['包含该文字（前后任意）', '采购名称 包含 钢筋'],
  right_like: ['以该文字开头', '采购编号 以..开始 CG-2026'],
  left_like: ['以该文字结尾', '标段名称 以..结尾 第1标段'],
  in: ['等于其中任意一个值（多选或逗号分隔）', '采购类别 在...中 劳务、材料'],
  ne: ['不等于该值（没有值的记录也算不等于）', '选商状态 不等于 流标'],
  gt: ['大于（数字、日期）', '限价（元） 大于 5000000'],
  ge: ['大于或等于', '创建时间 大于等于 2026-06-01'],
  lt: ['小于', '质保期（月） 小于 24'],
  le: ['小于或等于', '评审开始时间 小于等于 2026-10-31'],
};
const RULE_ROWS = SUPER_QUERY_RULES.map((rule) => ({
  rule,
  label: SUPER_QUERY_RULE_LABELS[rule],
  meaning: RULE_HELP[rule][0],
  example: RULE_HELP[rule][1],
}));

/**
 * 示例页面 › 高级查询 (demo/SuperQueryDemo): the advanced query kit on a real list, the purchase records (paged,
 * filtered and counted by the server through the shared translator and its allow-list). The 高级查询 button opens
 * the 1000-wide builder with the user's saved queries; the page shows the query in force, the saved queries (a click
 * applies one) and what the rules and match types mean.
 */
export default function SuperQueryDemoPage() {
  const table = useServerTable<PurchaseRecordDto>({
    queryKey: ['demo', 'superQuery', 'purchaseRecord'],
    url: '/purchase/purchaseRecord/list',
    scrollX: 960,
  });
  const saved = useSavedSuperQueries(LIST_KEY, true);
  const dictItems = useSessionStore((s) => s.dictItems);
  const dictOptions = useCallback<DictOptionsOf>((code) => dictItems?.[code], [dictItems]);
  const dictText = (code: string, value: string | null) =>
    value === null ? '' : (dictItems?.[code]?.find((o) => o.value === value)?.text ?? value);
  const active = table.superQuery;

  // 标段名称 and 质保期 are queryable but not shown, so 采购名称 keeps room on a laptop screen.
  const columns: TableColumnsType<PurchaseRecordDto> = [
    {
      title: '采购编号',
      dataIndex: 'purchaseCode',
      width: 160,
      sorter: true,
      sortOrder: table.sortOrder('purchaseCode'),
    },
    { title: '采购名称', dataIndex: 'purchaseName', ellipsis: true },
    {
      title: '采购类别',
      dataIndex: 'purchaseCategory',
      width: 90,
      render: (v: string) => dictText(DICT.purchaseCategory, v),
    },
    {
      title: '采购阶段',
      dataIndex: 'purchaseStage',
      width: 140,
      render: (v: string) => <PurchaseStageTag value={v} />,
    },
    {
      title: '选商状态',
      dataIndex: 'electionStatus',
      width: 80,
      render: (v: string | null) => dictText(DICT.electionStatus, v),
    },
    {
      title: '限价（元）',
      dataIndex: 'fixedPrice',
      width: 130,
      align: 'right',
      sorter: true,
      sortOrder: table.sortOrder('fixedPrice'),
      render: (v: string | null) => <Money value={v} />,
    },
    { title: '创建时间', dataIndex: 'createTime', width: 165, sorter: true, sortOrder: table.sortOrder('createTime') },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title="采购记录"
        extra={<Typography.Text type="secondary">服务端分页</Typography.Text>}
      >
        <Space wrap style={{ marginBottom: 12 }}>
          <SuperQuery listKey={LIST_KEY} fields={FIELDS} value={active} onSearch={table.setSuperQuery} />
          {active ? <Button onClick={() => table.setSuperQuery(null)}>清除条件</Button> : null}
        </Space>
        <Alert
          style={{ marginBottom: 12 }}
          type={active ? 'info' : 'success'}
          showIcon
          title={
            active ? (
              <span data-testid="super-query-active">
                当前条件（{active.matchType === 'or' ? '任意一个' : '全部'}匹配）：
                {describeQuery(active, FIELDS, dictOptions)}
              </span>
            ) : (
              '未设置高级查询条件，显示全部采购记录'
            )
          }
        />
        <section aria-label="采购记录列表">
          <Table<PurchaseRecordDto> {...table.tableProps} rowSelection={undefined} columns={columns} />
        </section>
      </Card>
      <Row gutter={16}>
        <Col xs={24} xl={8}>
          <Card
            variant="borderless"
            title="我保存的查询"
            role="region"
            aria-label="我保存的查询"
            styles={{ body: { paddingTop: 0 } }}
          >
            <List
              loading={saved.isFetching}
              dataSource={saved.data ?? []}
              locale={{
                emptyText: (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无保存的查询，可在高级查询中保存" />
                ),
              }}
              renderItem={(q) => (
                <List.Item
                  actions={[
                    <Button
                      key="apply"
                      size="small"
                      type="link"
                      aria-label={`应用查询 ${q.title}`}
                      onClick={() => table.setSuperQuery({ matchType: q.matchType, records: q.records })}
                    >
                      应用
                    </Button>,
                  ]}
                >
                  <List.Item.Meta
                    title={q.title}
                    description={describeQuery({ matchType: q.matchType, records: q.records }, FIELDS, dictOptions)}
                  />
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} xl={16}>
          <Card variant="borderless" title="规则说明" role="region" aria-label="规则说明">
            <Typography.Paragraph>
              每一行条件由“查询字段、匹配规则、查询值”组成；字段、规则或值缺少任意一项的行视为空条件，不参与查询。
              点击“查询”把条件交给服务端，只允许按列表声明的字段查询，查询值始终作为参数绑定。
            </Typography.Paragraph>
            <Table
              size="small"
              rowKey="rule"
              pagination={false}
              dataSource={RULE_ROWS}
              columns={[
                {
                  title: '规则',
                  dataIndex: 'rule',
                  width: 110,
                  render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
                },
                { title: '名称', dataIndex: 'label', width: 110 },
                { title: '含义', dataIndex: 'meaning' },
                { title: '示例', dataIndex: 'example' },
              ]}
            />
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              匹配方式
            </Typography.Title>
            <ul style={{ paddingInlineStart: 20, marginBottom: 0 }}>
              <li>
                <Typography.Text strong>{SUPER_QUERY_MATCH_LABELS.and}</Typography.Text>：记录须满足每一行条件。
              </li>
              <li>
                <Typography.Text strong>{SUPER_QUERY_MATCH_LABELS.or}</Typography.Text>
                ：记录满足任意一行条件即可；仍只在你有权查看的数据范围内查找。
              </li>
            </ul>
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
