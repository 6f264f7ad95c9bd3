import type { ChartSpec } from './model.js';
import { linearScale, type Scale } from './scale.js';

/** The drawing's own coordinates (viewBox); the SVG scales to its box. */
export const WIDTH = 640;
export const HEIGHT = 280;
export const PLOT = { left: 76, right: WIDTH - 12, top: 24, bottom: HEIGHT - 32 } as const;

/** Direct value labels only while they fit; beyond that the table beside the chart gives each figure. */
export const MAX_LABELLED_MARKS = 24;

export interface Layout {
  scale: Scale;
  /** Horizontal centre and width of each category's band. */
  band: number;
  centre(category: number): number;
  y(value: number): number;
}

/** The height of category `c`'s stack. */
export const stackTotal = (spec: ChartSpec, c: number): number => spec.series.reduce((sum, s) => sum + Math.max(0, s.values[c] ?? 0), 0);

/** The largest height a category reaches: the sum of its values when stacked. */
function peak(spec: ChartSpec): number {
  const perCategory = spec.categories.map((_, c) => (spec.kind === 'stacked' ? stackTotal(spec, c) : Math.max(0, ...spec.series.map((s) => s.values[c] ?? 0))));
  return Math.max(0, ...perCategory);
}

export function layoutOf(spec: ChartSpec): Layout {
  const scale = linearScale(peak(spec), 4, spec.unit === 'money' ? 100 : 1);
  const band = (PLOT.right - PLOT.left) / Math.max(1, spec.categories.length);
  return {
    scale,
    band,
    centre: (c) => PLOT.left + band * (c + 0.5),
    y: (value) => PLOT.bottom - (Math.max(0, value) / scale.max) * (PLOT.bottom - PLOT.top),
  };
}
