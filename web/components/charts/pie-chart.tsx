import { EChartsCore, echarts } from './echarts-core.ts';
import { chartPalette } from './palette.ts';

export type PieSlice = { name: string; value: number };

export type PieChartProps = {
  slices: PieSlice[];
  colors?: readonly string[];
  /** How a slice value reads in the tooltip, e.g. a duration as HH:mm:ss. */
  formatValue?: (value: number) => string;
  height?: number;
  'data-testid'?: string;
};

/** A pie with a legend; empty slices are left out so the legend lists only what happened. */
export function PieChart({ slices, colors = chartPalette, formatValue, height = 280, ...rest }: PieChartProps) {
  const data = slices.filter((s) => s.value > 0);
  const valueText = (value: number) => (formatValue ? formatValue(value) : String(value));
  const option = {
    color: [...colors],
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; value: number; percent: number }) =>
        `${p.name}: ${valueText(p.value)} (${p.percent}%)`,
    },
    // A short legend wraps so every name shows; a long one scrolls instead of covering the pie.
    legend: { type: data.length > 8 ? 'scroll' : 'plain', bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['0%', '62%'],
        center: ['50%', '42%'],
        percentPrecision: 0,
        // Percentages sit inside their slice, so a narrow card or modal never cuts them off;
        // slices too thin to hold one leave it to the tooltip.
        label: { position: 'inside', formatter: '{d}%', color: '#fff', fontWeight: 600 },
        minShowLabelAngle: 15,
        data,
      },
    ],
  };
  return (
    // The canvas is opaque to screen readers: the slices are also read out as text.
    <div className="chart" role="img" aria-label={data.map((s) => `${s.name}: ${valueText(s.value)}`).join(', ')} data-testid={rest['data-testid']}>
      <EChartsCore echarts={echarts} option={option} notMerge style={{ height, width: '100%' }} />
    </div>
  );
}
