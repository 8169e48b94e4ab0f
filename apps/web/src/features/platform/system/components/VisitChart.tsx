import type { VisitDay } from '@aps/shared';
import { useMemo } from 'react';
import { type ChartOption, EChart } from '../../../../shared/chart/EChart.tsx';

const VISIT_COLOR = '#1677ff';
const IP_COLOR = '#fa8c16';

function optionOf(days: readonly VisitDay[]): ChartOption {
  return {
    color: [VISIT_COLOR, IP_COLOR],
    grid: { top: 36, right: 16, bottom: 8, left: 8, containLabel: true },
    legend: { top: 0, itemGap: 24, data: ['访问量', 'IP数'] },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      // The axis shows MM-DD; the tooltip names the whole date.
      formatter: (params) => {
        const list = Array.isArray(params) ? params : [params];
        const day = days[list[0]?.dataIndex ?? 0];
        const lines = list.map((p) => `${p.marker}${p.seriesName}&nbsp;&nbsp;<b>${p.value}</b>`);
        return [day?.date ?? '', ...lines].join('<br/>');
      },
    },
    xAxis: {
      type: 'category',
      data: days.map((d) => d.tian),
      axisTick: { alignWithLabel: true },
      axisLabel: { hideOverlap: true },
    },
    yAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { type: 'dashed' } } },
    series: [
      { name: '访问量', type: 'bar', barMaxWidth: 28, data: days.map((d) => d.visit) },
      // Straight segments: a smoothed curve would suggest values between the days (and below 0).
      { name: 'IP数', type: 'line', symbolSize: 6, data: days.map((d) => d.ip) },
    ],
  };
}

/** 访问统计: visits (bars) and distinct IPs (line) per day, with a tooltip per day; follows its box's width. */
export default function VisitChart({ days, height = 240 }: { days: readonly VisitDay[]; height?: number }) {
  const option = useMemo(() => optionOf(days), [days]);
  const total = days.reduce((n, d) => n + d.visit, 0);
  return (
    <EChart
      option={option}
      className="aps-visit-chart"
      label={`近${days.length}天访问量合计 ${total} 次`}
      height={height}
    />
  );
}
