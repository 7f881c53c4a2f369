import { EChartsCore, echarts } from './echarts-core.ts';
import { chartPalette } from './palette.ts';

export type ColumnChartProps = {
  categories: string[];
  values: number[];
  seriesName: string;
  height?: number;
  color?: string;
  'data-testid'?: string;
};

/** One series of columns, e.g. sessions per day or per month. */
export function ColumnChart({ categories, values, seriesName, height = 260, color, ...rest }: ColumnChartProps) {
  const option = {
    color: [color ?? chartPalette[0]],
    grid: { left: 40, right: 16, top: 16, bottom: 48 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: categories, axisLabel: { rotate: categories.length > 12 ? 45 : 0 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ name: seriesName, type: 'bar', data: values }],
  };
  return (
    <div className="chart" data-testid={rest['data-testid']}>
      <EChartsCore echarts={echarts} option={option} notMerge style={{ height, width: '100%' }} />
    </div>
  );
}
