// What a chart draws, independent of how: the report views build these, the chart components draw them.

/** Money values are integer cents; counts are whole numbers. */
export type ChartUnit = 'money' | 'count';

export interface ChartSeries {
  name: string;
  /** One value per category, in the categories' order. */
  values: number[];
}

export interface ChartSpec {
  /** Bars side by side per category (one series: plain bars), bars stacked, or a line. */
  kind: 'bars' | 'stacked' | 'line';
  /** pt-PT: what the chart shows, the start of its accessible summary. */
  title: string;
  categories: string[];
  series: ChartSeries[];
  unit: ChartUnit;
}
