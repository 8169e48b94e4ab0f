import type { BuyerDashboard } from '@aps/shared/constants';
import { Empty } from 'antd';
import { useMemo } from 'react';
import { type ChartOption, EChart } from '../../../../shared/chart/EChart.tsx';

const STAGE_COLOR = '#1677ff';
const FAILED_COLOR = '#ff4d4f';
const FAILED_NAME = '流标';

function optionOf(counts: BuyerDashboard['stageCounts']): ChartOption {
  // Top to bottom in stage order, 流标 last: a category y axis lists its first entry at the bottom, hence reversed.
  const names = [...counts.stages.map((s) => s.name), FAILED_NAME];
  const values = [
    ...counts.stages.map((s) => ({ value: s.count, itemStyle: { color: STAGE_COLOR } })),
    { value: counts.failed, itemStyle: { color: FAILED_COLOR } },
  ];
  return {
    grid: { top: 8, right: 32, bottom: 8, left: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { type: 'dashed' } } },
    yAxis: { type: 'category', inverse: true, data: names, axisTick: { show: false } },
    series: [
      {
        name: '标包数',
        type: 'bar',
        barMaxWidth: 14,
        data: values,
        label: { show: true, position: 'right' },
      },
    ],
  };
}

/** 各阶段标包数: a horizontal bar per stage name of the shared stage table (the names are long), and 流标. */
export function StageCountChart({ counts }: { counts: BuyerDashboard['stageCounts'] }) {
  const option = useMemo(() => optionOf(counts), [counts]);
  const total = counts.stages.reduce((n, s) => n + s.count, 0);
  if (total === 0) return <Empty description="暂无数据" />;
  return <EChart option={option} label={`各阶段标包数，共 ${total} 个标包，流标 ${counts.failed} 个`} height={340} />;
}
