import { formatShort } from './format.js';
import { PLOT, type Layout } from './layout.js';
import type { ChartSpec } from './model.js';

/** Gridlines with their values on the left, the categories (years) under the plot. */
export function Axes({ spec, layout }: { spec: ChartSpec; layout: Layout }) {
  // Many years: every other label, so they never run into each other.
  const every = Math.ceil(spec.categories.length / 16);
  return (
    <g className="axes">
      {layout.scale.ticks.map((tick) => (
        <g key={tick}>
          <line className={tick === 0 ? 'baseline' : 'grid'} x1={PLOT.left} x2={PLOT.right} y1={layout.y(tick)} y2={layout.y(tick)} />
          <text className="tick" x={PLOT.left - 8} y={layout.y(tick)} dy="0.32em" textAnchor="end">
            {formatShort(spec.unit, tick)}
          </text>
        </g>
      ))}
      {spec.categories.map((category, c) =>
        c % every === 0 ? (
          <text key={category} className="tick" x={layout.centre(c)} y={PLOT.bottom + 20} textAnchor="middle">
            {category}
          </text>
        ) : null,
      )}
    </g>
  );
}
