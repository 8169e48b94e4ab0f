import { type BuyerDashboardCategoryAmount, formatMoney } from '@aps/shared/constants';
import { Empty } from 'antd';
import { useMemo } from 'react';
import { type ChartOption, EChart } from '../../../../shared/chart/EChart.tsx';

const COLORS = ['#1677ff', '#52c41a', '#fa8c16'];

function optionOf(categories: readonly BuyerDashboardCategoryAmount[]): ChartOption {
  const byName = new Map(categories.map((c) => [c.name, c.amount]));
  return {
    color: COLORS,
    legend: { bottom: 0, itemGap: 24 },
    tooltip: {
      trigger: 'item',
      // The exact decimal text from the server in the §9 money format #,##0.00 (not the float echarts holds).
      formatter: (p) => {
        const item = Array.isArray(p) ? p[0] : p;
        if (!item) return '';
        return `${item.marker}${item.name}<br/><b>${formatMoney(byName.get(item.name) ?? 0)}</b> 元（${item.percent}%）`;
      },
    },
    series: [
      {
        name: '各品类金额',
        type: 'pie',
        radius: ['40%', '68%'],
        center: ['50%', '45%'],
        label: { formatter: '{b}\n{d}%' },
        data: categories.map((c) => ({ name: c.name, value: Number(c.amount) })),
      },
    ],
  };
}

/** 各品类金额: the year's approved plan budgets per category (劳务, 物资/资产, 材料) as a ring. */
export function CategoryAmountChart({ categories }: { categories: readonly BuyerDashboardCategoryAmount[] }) {
  const option = useMemo(() => optionOf(categories), [categories]);
  const total = categories.reduce((n, c) => n + Number(c.amount), 0);
  if (total === 0) return <Empty description="暂无数据" />;
  const label = categories.map((c) => `${c.name} ${formatMoney(c.amount)} 元`).join('，');
  return <EChart option={option} label={`各品类金额：${label}`} height={340} />;
}
