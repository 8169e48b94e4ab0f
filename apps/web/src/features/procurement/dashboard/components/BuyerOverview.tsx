import type { BuyerDashboard } from '@aps/shared/constants';
import { Alert, Card, Col, Empty, Row, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useBuyerDashboard } from '../api.ts';
import { CategoryAmountChart } from './CategoryAmountChart.tsx';
import { PendingWorkList } from './PendingWorkList.tsx';
import { StageCountChart } from './StageCountChart.tsx';
import { WeekOpeningsTable } from './WeekOpeningsTable.tsx';

/**
 * 采购概览 on the home page (issue 14 §10): packages per stage, my pending work, this week's openings and the year's
 * amounts by category, from one request in the user's data scope. Loaded lazily by the home page, and only for
 * users holding purchase:package:list, so echarts and this feature never weigh on anyone else's first paint.
 */
export default function BuyerOverview() {
  const { data, isPending, error } = useBuyerDashboard();
  const cell = (title: string, body: (d: BuyerDashboard) => ReactNode, extra?: (d: BuyerDashboard) => ReactNode) => (
    <Col xs={24} xl={12}>
      <Card size="small" title={title} extra={data && extra ? extra(data) : null} style={{ height: '100%' }}>
        {isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : data ? body(data) : <Empty description="暂无数据" />}
      </Card>
    </Col>
  );
  return (
    <Card variant="borderless" title="采购概览">
      {error ? <Alert type="warning" showIcon message={error.message} style={{ marginBottom: 16 }} /> : null}
      <Row gutter={[16, 16]}>
        {cell('各阶段标包数', (d) => (
          <StageCountChart counts={d.stageCounts} />
        ))}
        {cell('我的待办事项', (d) => (
          <PendingWorkList items={d.pending} />
        ))}
        {cell('本周开标', (d) => (
          <WeekOpeningsTable rows={d.openingsThisWeek} />
        ))}
        {cell(
          '各品类金额',
          (d) => (
            <CategoryAmountChart categories={d.amountsByCategory.categories} />
          ),
          (d) => `${d.amountsByCategory.year}年已批准计划预算`,
        )}
      </Row>
    </Card>
  );
}
