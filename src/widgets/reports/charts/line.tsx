import { formatShort } from './format.js';
import { MAX_LABELLED_MARKS, type Layout } from './layout.js';
import type { ChartSpec } from './model.js';
import { fillOf } from './patterns.js';

/** Lines differ by dash and marker shape as well as by ink. */
const DASHES = [undefined, '7 4', '2 3'] as const;

export function Marker({ series, x, y }: { series: number; x: number; y: number }) {
  const cls = `marker edge-${fillOf(series).ink}`;
  switch (series % 3) {
    case 0:
      return <circle className={cls} cx={x} cy={y} r={4} />;
    case 1:
      return <rect className={cls} x={x - 4} y={y - 4} width={8} height={8} />;
    default:
      return <path className={cls} d={`M${x},${y - 5} l5,5 l-5,5 l-5,-5 z`} />;
  }
}

export const dashOf = (series: number) => DASHES[series % DASHES.length];

/** One line per series, a marker and (while they fit) the value at each category. */
export function Lines({ spec, layout }: { spec: ChartSpec; layout: Layout }) {
  const labelled = spec.categories.length * spec.series.length <= MAX_LABELLED_MARKS;
  return (
    <g>
      {spec.series.map((series, s) => {
        const points = series.values.map((value, c) => [layout.centre(c), layout.y(value)] as const);
        return (
          <g key={series.name} data-series={s}>
            <polyline className={`line edge-${fillOf(s).ink}`} points={points.map((p) => p.join(',')).join(' ')} strokeDasharray={dashOf(s)} />
            {points.map(([x, y], c) => (
              <g key={c}>
                <Marker series={s} x={x} y={y} />
                {labelled && (
                  <text className="value" x={x} y={y - 9} textAnchor="middle">
                    {formatShort(spec.unit, series.values[c] ?? 0)}
                  </text>
                )}
              </g>
            ))}
          </g>
        );
      })}
    </g>
  );
}
