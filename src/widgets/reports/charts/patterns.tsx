// Fills that tell series apart without colour: solid, hatched, dotted, crossed, striped. Each
// draws with the theme's tokens (classes styled in chart-style.ts), so an embedding page's
// colours reach the charts, and a grey-scale print or a colour-blind reader still sees which is which.

export type Ink = 'primary' | 'text' | 'muted';
type Drawing = 'solid' | 'diagonal' | 'dots' | 'cross' | 'stripes';

interface Fill {
  ink: Ink;
  drawing: Drawing;
}

const FILLS: readonly Fill[] = [
  { ink: 'primary', drawing: 'solid' },
  { ink: 'primary', drawing: 'diagonal' },
  { ink: 'text', drawing: 'dots' },
  { ink: 'muted', drawing: 'cross' },
  { ink: 'text', drawing: 'stripes' },
  { ink: 'muted', drawing: 'solid' },
];

export const fillOf = (series: number): Fill => FILLS[series % FILLS.length]!;

/** The url() of series `series`'s fill in the chart whose patterns carry `prefix`. */
export const fillUrl = (prefix: string, series: number) => `url(#${prefix}-fill-${series % FILLS.length})`;

const SIZE = 8;

function Marks({ ink, drawing }: Fill) {
  const cls = `ink-${ink}`;
  switch (drawing) {
    case 'solid':
      return <rect className={cls} width={SIZE} height={SIZE} />;
    case 'diagonal':
      return <path className={`line-${ink}`} d="M-2,2 l4,-4 M0,8 l8,-8 M6,10 l4,-4" strokeWidth={2.2} />;
    case 'dots':
      return <circle className={cls} cx={4} cy={4} r={1.8} />;
    case 'cross':
      return <path className={`line-${ink}`} d="M0,0 l8,8 M8,0 l-8,8" strokeWidth={1.2} />;
    case 'stripes':
      return <rect className={cls} y={5} width={SIZE} height={3} />;
  }
}

/** The <defs> of one chart: every fill, named by `prefix` (unique per chart in the shadow root). */
export function FillPatterns({ prefix }: { prefix: string }) {
  return (
    <defs>
      {FILLS.map((fill, i) => (
        <pattern key={i} id={`${prefix}-fill-${i}`} patternUnits="userSpaceOnUse" width={SIZE} height={SIZE}>
          <rect className="paper" width={SIZE} height={SIZE} />
          <Marks {...fill} />
        </pattern>
      ))}
    </defs>
  );
}
