import { BarChart, type BarSeriesOption, PieChart, type PieSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  type GridComponentOption,
  LegendComponent,
  type LegendComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import { type ComposeOption, type EChartsType, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only what the overview draws (bars and a pie). This module is reached only through the overview's lazy import,
// so the home page's first paint and users without the overview never load echarts. SVG: a few dozen shapes, and
// the axis labels are text a test (and a screen reader walking the SVG) can read.
use([BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

export type ChartOption = ComposeOption<
  BarSeriesOption | PieSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption
>;

/** One echarts instance in a box that follows its width; `label` names the chart for assistive technology. */
export function EChart({ option, label, height = 260 }: { option: ChartOption; label: string; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const instance = init(el, undefined, { renderer: 'svg' });
    chart.current = instance;
    // The box's width changes with the side menu and the window.
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} role="img" aria-label={label} style={{ height, width: '100%' }} />;
}
