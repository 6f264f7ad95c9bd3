import { formatFull } from './format.js';
import type { ChartSpec } from './model.js';

const KIND_WORDS: Record<ChartSpec['kind'], string> = {
  bars: 'Gráfico de barras',
  stacked: 'Gráfico de barras empilhadas',
  line: 'Gráfico de linhas',
};

/** What a screen reader hears for the picture: its kind, span and each series' highest and latest value (the table has every figure). */
export function chartSummary(spec: ChartSpec): string {
  const first = spec.categories[0];
  const last = spec.categories[spec.categories.length - 1];
  if (first === undefined || last === undefined) return `${KIND_WORDS[spec.kind]}: ${spec.title}, sem dados.`;
  const span = first === last ? first : `${first} a ${last}`;
  const series = spec.series.map((s) => {
    const top = s.values.reduce((best, value, i) => (value > (s.values[best] ?? 0) ? i : best), 0);
    return `${s.name}: máximo de ${formatFull(spec.unit, s.values[top] ?? 0)} em ${spec.categories[top]}, ${formatFull(spec.unit, s.values[s.values.length - 1] ?? 0)} em ${last}`;
  });
  return `${KIND_WORDS[spec.kind]}: ${spec.title}, ${span}. ${series.join('; ')}.`;
}
