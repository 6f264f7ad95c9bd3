// Numbers as the charts write them (pt-PT): whole values for tables and summaries, compact ones
// where space is short (axis ticks and labels on bars).
import { formatCount } from '../../../core/index.js';
import { formatMoney } from '../../shared/money.js';
import type { ChartUnit } from './model.js';

const compactCount = new Intl.NumberFormat('pt-PT', { notation: 'compact', maximumFractionDigits: 1 });
const compactEuros = new Intl.NumberFormat('pt-PT', { style: 'currency', currency: 'EUR', notation: 'compact', maximumFractionDigits: 1 });
const wholeEuros = new Intl.NumberFormat('pt-PT', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0, useGrouping: 'always' });

/** A value in full: cents as euros with cents, counts grouped. */
export function formatFull(unit: ChartUnit, value: number): string {
  return unit === 'money' ? formatMoney(value) : formatCount(value);
}

/** A value in few characters: "1,2 mil €", "350 €", "1,5 mil". */
export function formatShort(unit: ChartUnit, value: number): string {
  if (unit === 'count') return Math.abs(value) < 10_000 ? formatCount(value) : compactCount.format(value);
  const euros = value / 100;
  return Math.abs(euros) < 1000 ? wholeEuros.format(euros) : compactEuros.format(euros);
}
