import { useId } from 'react';
import { Axes } from './axes.js';
import { GroupedBars, StackedBars } from './bars.js';
import { ChartBox, Legend } from './chart-style.js';
import { HEIGHT, layoutOf, WIDTH } from './layout.js';
import { dashOf, Lines, Marker } from './line.js';
import type { ChartSpec } from './model.js';
import { fillOf, fillUrl, FillPatterns } from './patterns.js';
import { chartSummary } from './summary.js';

/** The legend's sample of a series: its fill, or its line and marker. */
function Swatch({ spec, series, prefix }: { spec: ChartSpec; series: number; prefix: string }) {
  if (spec.kind === 'line')
    return (
      <svg viewBox="0 0 22 14" aria-hidden="true">
        <line className={`line edge-${fillOf(series).ink}`} x1={0} x2={22} y1={7} y2={7} strokeDasharray={dashOf(series)} />
        <Marker series={series} x={11} y={7} />
      </svg>
    );
  return (
    <svg viewBox="0 0 22 14" aria-hidden="true">
      <rect className={`bar edge-${fillOf(series).ink}`} x={1} y={1} width={20} height={12} fill={fillUrl(prefix, series)} />
    </svg>
  );
}

/**
 * A chart drawn in SVG: bars (side by side or stacked) or lines over the categories, gridlines,
 * values written on the marks while they fit, and a legend. The picture is one image to
 * assistive technology, named by a summary; the table beside it is the accessible equivalent.
 */
export function Chart({ spec }: { spec: ChartSpec }) {
  const prefix = `chart${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const layout = layoutOf(spec);
  const Marks = spec.kind === 'line' ? Lines : spec.kind === 'stacked' ? StackedBars : GroupedBars;
  return (
    <ChartBox data-chart={spec.kind}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={chartSummary(spec)}>
        <FillPatterns prefix={prefix} />
        <Axes spec={spec} layout={layout} />
        <Marks spec={spec} layout={layout} prefix={prefix} />
      </svg>
      {(spec.series.length > 1 || spec.kind === 'line') && (
        <Legend aria-hidden="true">
          {spec.series.map((series, s) => (
            <li key={series.name}>
              <Swatch spec={spec} series={s} prefix={prefix} />
              {series.name}
            </li>
          ))}
        </Legend>
      )}
    </ChartBox>
  );
}
