import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
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

let chartsSettled = false;

/**
 * False until the charts' chunk is in (or failed to come): what a page shows below its charts may
 * wait for it, so that on a slow line the charts' script does not share the line with long lists
 * nobody has scrolled to yet, and the charts are drawn first.
 */
export function useChartsSettled(): boolean {
  const [settled, setSettled] = useState(chartsSettled);
  useEffect(() => {
    if (settled) return;
    let live = true;
    const done = () => {
      chartsSettled = true;
      if (live) setSettled(true);
    };
    preloadCharts().then(done, done);
    return () => {
      live = false;
    };
  }, [settled]);
  return settled;
}

/** Where a chart will be, as high as it will be; busy for screen readers until it is drawn. */
function ChartPlaceholder({ height }: { height: number }) {
  return <div className="chart chart-placeholder" aria-busy="true" style={{ height, width: '100%' }} />;
}

/**
 * A chart of the charts' chunk that holds its place until the chunk is in. The height is always
 * passed on, so the placeholder and the chart are as high (the charts' own defaults are the same).
 */
function lazyChart<Props extends { height?: number }>(pick: (charts: ChartsModule) => ComponentType<Props>, defaultHeight: number) {
  const Chart = lazy(async () => ({ default: pick(await preloadCharts()) }));
  return function LazyChart(props: Props) {
    const sized = { ...props, height: props.height ?? defaultHeight };
    return (
      <Suspense fallback={<ChartPlaceholder height={sized.height} />}>
        <Chart {...sized} />
      </Suspense>
    );
  };
}

/** One series of columns (column-chart.tsx). */
export const ColumnChart = lazyChart<ColumnChartProps>((charts) => charts.ColumnChart, 260);
/** A pie with a legend (pie-chart.tsx). */
export const PieChart = lazyChart<PieChartProps>((charts) => charts.PieChart, 280);
