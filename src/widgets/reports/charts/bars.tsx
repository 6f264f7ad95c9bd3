import { formatShort } from './format.js';
import { MAX_LABELLED_MARKS, stackTotal, type Layout } from './layout.js';
import type { ChartSpec } from './model.js';
import { fillOf, fillUrl } from './patterns.js';

interface MarksProps {
  spec: ChartSpec;
  layout: Layout;
  prefix: string;
}

/** Whether a label of `text` fits over a bar `width` wide (11.5px figures are about 6.4px each; the gap beside the bar may take a little). */
const fits = (text: string, width: number) => text.length * 6.4 <= width + 8;

/** A value over its bar (or over its stack), when there is room for every label. */
function ValueLabel({ x, y, text }: { x: number; y: number; text: string }) {
  return (
    <text className="value" x={x} y={y - 5} textAnchor="middle">
      {text}
    </text>
  );
}

/** Bars side by side per category, one per series; one series gives plain bars. */
export function GroupedBars({ spec, layout, prefix }: MarksProps) {
  const count = spec.series.length;
  const width = Math.min(56, (layout.band * 0.8) / count);
  // Labels on every bar or on none: some labelled and some not would read as missing values.
  const labelled = spec.categories.length * count <= MAX_LABELLED_MARKS && spec.series.every((series) => series.values.every((value) => fits(formatShort(spec.unit, value), width)));
  return (
    <g>
      {spec.series.map((series, s) => (
        <g key={series.name} data-series={s}>
          {series.values.map((value, c) => {
            const x = layout.centre(c) - (width * count) / 2 + width * s;
            const top = layout.y(value);
            return (
              <g key={c}>
                <rect className={`bar edge-${fillOf(s).ink}`} x={x + 1} y={top} width={Math.max(1, width - 2)} height={layout.y(0) - top} fill={fillUrl(prefix, s)} />
                {labelled && <ValueLabel x={x + width / 2} y={top} text={formatShort(spec.unit, value)} />}
              </g>
            );
          })}
        </g>
      ))}
    </g>
  );
}

/** One stack per category, the series in order from the bottom; the total over each stack. */
export function StackedBars({ spec, layout, prefix }: MarksProps) {
  const width = Math.min(64, layout.band * 0.6);
  const labelled = spec.categories.length <= MAX_LABELLED_MARKS && spec.categories.every((_, c) => fits(formatShort(spec.unit, stackTotal(spec, c)), layout.band));
  return (
    <g>
      {spec.categories.map((category, c) => {
        let base = 0;
        const x = layout.centre(c) - width / 2;
        const segments = spec.series.map((series, s) => {
          const value = Math.max(0, series.values[c] ?? 0);
          const top = layout.y(base + value);
          const bottom = layout.y(base);
          base += value;
          return value > 0 ? <rect key={s} data-series={s} className={`bar edge-${fillOf(s).ink}`} x={x} y={top} width={width} height={bottom - top} fill={fillUrl(prefix, s)} /> : null;
        });
        return (
          <g key={category}>
            {segments}
            {labelled && <ValueLabel x={x + width / 2} y={layout.y(base)} text={formatShort(spec.unit, base)} />}
          </g>
        );
      })}
    </g>
  );
}
