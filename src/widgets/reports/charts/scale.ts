/** Gridline steps: 1, 2 or 5 times a power of ten. */
function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  return (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power;
}

export interface Scale {
  max: number;
  ticks: number[];
}

/**
 * An axis from 0 to a round number at or above `max`, with about `count` gridlines. Money
 * (cents) steps in whole euros, counts in whole units: a tick never reads "0,5 sócios".
 */
export function linearScale(max: number, count = 4, unitStep = 1): Scale {
  const step = Math.max(unitStep, niceStep(Math.max(max, unitStep) / count));
  const top = Math.max(step, Math.ceil(max / step) * step);
  const ticks: number[] = [];
  for (let tick = 0; tick <= top + step / 2; tick += step) ticks.push(tick);
  return { max: top, ticks };
}
