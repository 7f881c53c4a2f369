import ReactEChartsCoreModule from 'echarts-for-react/esm/core.js';
import type { EChartsReactProps } from 'echarts-for-react/esm/types.js';
import type { ComponentType } from 'react';
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { dispose, getInstanceByDom, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// Only the pieces the reports draw, so the bundle does not carry all of ECharts.
use([BarChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

// The package ships ES modules without "type": "module": TypeScript sees a CommonJS namespace
// whose `default` is the component, while Vite hands over the component itself.
const imported: unknown = ReactEChartsCoreModule;
function hasDefault(value: unknown): value is { default: ComponentType<EChartsReactProps> } {
  return typeof value === 'object' && value !== null && 'default' in value;
}
export const EChartsCore: ComponentType<EChartsReactProps> = hasDefault(imported)
  ? imported.default
  : (imported as ComponentType<EChartsReactProps>);

// What echarts-for-react calls, not the namespace: passing `echarts/core` whole would keep all of it in the bundle.
export const echarts = { init, dispose, getInstanceByDom };
