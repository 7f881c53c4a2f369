// The ECharts chunk (issue 21 item 3): both charts and the parts of ECharts they draw with, one
// script that only lazy-charts.tsx imports, dynamically.
export { ColumnChart } from './column-chart.tsx';
export { PieChart } from './pie-chart.tsx';
