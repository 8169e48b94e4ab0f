import type { MonitorDashboard } from '@aps/shared';
import { MONITOR_SIGNAL_INFO, MONITOR_SIGNAL_TYPES } from '@aps/shared/constants';
import { Card, Col, Row } from 'antd';
import { useMemo } from 'react';
import { type ChartOption, EChart } from '../../../../shared/chart/EChart.tsx';

/** Signals per month (stacked by type) and each stage's average duration against its norm. */
export function MonitorCharts({ dashboard }: { dashboard: MonitorDashboard | undefined }) {
  const months = useMemo<ChartOption>(() => {
    const m = dashboard?.byMonth ?? [];
    return {
      legend: { bottom: 0, type: 'scroll' },
      grid: { left: 48, right: 16, top: 16, bottom: 56 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: m.map((x) => x.month) },
      yAxis: { type: 'value', minInterval: 1 },
      series: MONITOR_SIGNAL_TYPES.map((t) => ({
        name: MONITOR_SIGNAL_INFO[t].label,
        type: 'bar',
        stack: 'signals',
        data: m.map((x) => x.counts[t]),
      })),
    };
  }, [dashboard]);
  const stages = useMemo<ChartOption>(() => {
    const s = dashboard?.stageDurations ?? [];
    return {
      color: ['#1677ff', '#faad14'],
      legend: { bottom: 0 },
      grid: { left: 56, right: 16, top: 16, bottom: 72 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: s.map((x) => x.name), axisLabel: { interval: 0, rotate: 30 } },
      yAxis: { type: 'value', name: '小时' },
      series: [
        { name: '平均用时(小时)', type: 'bar', data: s.map((x) => x.averageHours ?? 0) },
        { name: '标准时长(小时)', type: 'line', data: s.map((x) => x.normHours) },
      ],
    };
  }, [dashboard]);
  return (
    <Row gutter={16} style={{ marginBottom: 16 }}>
      <Col xs={24} lg={12}>
        <Card size="small" title="风险信号月度分布">
          <EChart option={months} label="风险信号月度分布" height={280} />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title="阶段用时与标准">
          <EChart option={stages} label="各阶段平均用时与标准时长" height={280} />
        </Card>
      </Col>
    </Row>
  );
}
