import type { LedgerSummaryDto } from '@aps/shared';
import { formatMoney } from '@aps/shared/constants';
import { Card, Col, Empty, Row } from 'antd';
import { useMemo } from 'react';
import { type ChartOption, EChart } from '../../../../shared/chart/EChart.tsx';

/** Bars of decimal strings; the tooltip shows the server's exact text, not the float echarts draws. */
function bars(names: string[], series: { name: string; values: string[] }[], horizontal = false): ChartOption {
  const category = { type: 'category' as const, data: names };
  const value = { type: 'value' as const };
  return {
    color: ['#1677ff', '#52c41a'],
    legend: { bottom: 0 },
    grid: { left: horizontal ? 160 : 60, right: 24, top: 16, bottom: 48 },
    tooltip: {
      trigger: 'axis',
      formatter: (p) => {
        const items = Array.isArray(p) ? p : [p];
        const i = items[0]?.dataIndex ?? 0;
        return [names[i], ...series.map((s) => `${s.name}：¥${formatMoney(s.values[i])}`)].join('<br/>');
      },
    },
    xAxis: horizontal ? value : category,
    yAxis: horizontal ? { ...category, inverse: true } : value,
    series: series.map((s) => ({ name: s.name, type: 'bar', data: s.values.map(Number) })),
  };
}

/** 结算台账's charts: settled and paid per month, and the top suppliers by contract total. */
export function LedgerCharts({ summary }: { summary: LedgerSummaryDto | undefined }) {
  const months = useMemo(() => {
    const m = summary?.byMonth ?? [];
    return bars(
      m.map((x) => x.month),
      [
        { name: '结算金额', values: m.map((x) => x.settledAmount) },
        { name: '付款金额', values: m.map((x) => x.paidAmount) },
      ],
    );
  }, [summary]);
  const suppliers = useMemo(() => {
    const s = summary?.bySupplier ?? [];
    return bars(
      s.map((x) => x.label),
      [
        { name: '合同金额', values: s.map((x) => x.total) },
        { name: '已付款', values: s.map((x) => x.paidAmount) },
      ],
      true,
    );
  }, [summary]);
  return (
    <Row gutter={16} style={{ marginBottom: 16 }}>
      <Col xs={24} lg={12}>
        <Card size="small" title="月度结算与付款">
          {summary?.byMonth.length ? (
            <EChart option={months} label="月度结算与付款金额" height={260} />
          ) : (
            <Empty description="暂无数据" />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title="供应商合同金额 Top 10">
          {summary?.bySupplier.length ? (
            <EChart option={suppliers} label="供应商合同金额排行" height={260} />
          ) : (
            <Empty description="暂无数据" />
          )}
        </Card>
      </Col>
    </Row>
  );
}
