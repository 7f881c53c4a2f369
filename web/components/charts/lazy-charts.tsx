import { lazy, Suspense } from 'react';
import type { ColumnChartProps } from './column-chart.tsx';
import type { PieChartProps } from './pie-chart.tsx';

// ECharts is some 180 KB gzip, more than a whole first screen (issue 21 item 3): the charts come
// in a chunk of their own. A page that draws charts calls preloadCharts() when its module is
// evaluated, so the chunk downloads while the page asks for its figures, not once they are in;
// meanwhile each chart holds its place with an empty box of its height, and the rest of the page
// (headings, tables) shows without waiting for it.

type ChartsModule = typeof import('./charts.ts');
let charts: Promise<ChartsModule> | undefined;

/** Starts fetching the charts' chunk, once; a failed fetch is tried again by the next call. */
export function preloadCharts(): Promise<ChartsModule> {
  charts ??= import('./charts.ts').catch((error: unknown) => {
    charts = undefined;
    throw error;
  });
  return charts;
}

const LazyColumnChart = lazy(async () => ({ default: (await preloadCharts()).ColumnChart }));
const LazyPieChart = lazy(async () => ({ default: (await preloadCharts()).PieChart }));

// The charts' own default heights, so a chart arriving late moves nothing below it.
const columnChartHeight = 260;
const pieChartHeight = 280;

/** Where a chart will be, as high as it will be; busy for screen readers until it is drawn. */
function ChartPlaceholder({ height }: { height: number }) {
  return <div className="chart chart-placeholder" aria-busy="true" style={{ height, width: '100%' }} />;
}

/** One series of columns (column-chart.tsx), drawn once the charts' chunk is in. */
export function ColumnChart(props: ColumnChartProps) {
  const height = props.height ?? columnChartHeight;
  return (
    <Suspense fallback={<ChartPlaceholder height={height} />}>
      <LazyColumnChart {...props} height={height} />
    </Suspense>
  );
}

/** A pie with a legend (pie-chart.tsx), drawn once the charts' chunk is in. */
export function PieChart(props: PieChartProps) {
  const height = props.height ?? pieChartHeight;
  return (
    <Suspense fallback={<ChartPlaceholder height={height} />}>
      <LazyPieChart {...props} height={height} />
    </Suspense>
  );
}
