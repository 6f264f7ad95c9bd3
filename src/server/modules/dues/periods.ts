// The calendar of a fee schedule: which periods a year has, when each falls due, and what a
// member admitted during a period owes for it. Pure functions of dates as 'YYYY-MM-DD' text.

export const PERIODICITIES = ['annual', 'semiannual', 'quarterly', 'monthly'] as const;
export type Periodicity = (typeof PERIODICITIES)[number];

export const PERIODICITY_OPTIONS = [
  { value: 'annual', label: 'Anual' },
  { value: 'semiannual', label: 'Semestral' },
  { value: 'quarterly', label: 'Trimestral' },
  { value: 'monthly', label: 'Mensal' },
] as const satisfies readonly { value: Periodicity; label: string }[];

const MONTHS: Record<Periodicity, number> = { annual: 12, semiannual: 6, quarterly: 3, monthly: 1 };

/** How many quotas a year of each periodicity raises. */
export const periodsPerYear = (periodicity: Periodicity): number => 12 / MONTHS[periodicity];

export interface Period {
  /** 1 for an annual quota; 1–2, 1–4 or 1–12 otherwise. */
  period: number;
  /** First and last day of the period. */
  start: string;
  end: string;
  due: string;
  /** 'Quota 2026', 'Quota 2026 (2.º semestre)', 'Quota 2026 (março)'. */
  label: string;
}

const MONTH_NAMES = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];
const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const day = (year: number, month: number, d: number) => `${year}-${pad(month)}-${pad(Math.min(d, lastDay(year, month)))}`;

function periodLabel(periodicity: Periodicity, year: number, period: number, firstMonth: number): string {
  switch (periodicity) {
    case 'annual':
      return `Quota ${year}`;
    case 'semiannual':
      return `Quota ${year} (${period}.º semestre)`;
    case 'quarterly':
      return `Quota ${year} (${period}.º trimestre)`;
    case 'monthly':
      return `Quota ${year} (${MONTH_NAMES[firstMonth - 1]})`;
  }
}

/** The periods of a year, each due on `dueDay` of its first month (the month's last day when shorter). */
export function periodsOf(year: number, periodicity: Periodicity, dueDay: number): Period[] {
  const months = MONTHS[periodicity];
  return Array.from({ length: 12 / months }, (_, i) => {
    const firstMonth = i * months + 1;
    const lastMonth = firstMonth + months - 1;
    return {
      period: i + 1,
      start: day(year, firstMonth, 1),
      end: day(year, lastMonth, 31),
      due: day(year, firstMonth, dueDay),
      label: periodLabel(periodicity, year, i + 1, firstMonth),
    };
  });
}

/** Months of the period from the admission's month to its end (the admission month counts whole). */
function monthsLeft(period: Period, admission: string): number {
  const [y0, m0] = period.start.split('-').map(Number) as [number, number];
  const [y1, m1] = period.end.split('-').map(Number) as [number, number];
  const [ya, ma] = admission.split('-').map(Number) as [number, number];
  const total = (y1 - y0) * 12 + m1 - m0 + 1;
  const fromAdmission = (y1 - ya) * 12 + m1 - ma + 1;
  return Math.max(0, Math.min(total, fromAdmission));
}

/**
 * What a member admitted on `admission` owes for the period it falls in: the whole amount, or
 * (pro rata) the share of months left, rounded to the cent. Integer arithmetic only.
 */
export function firstQuotaAmount(amount: number, period: Period, admission: string, rule: 'full' | 'prorata'): number {
  if (rule === 'full') return amount;
  const months = monthsLeft(period, admission);
  const total = monthsLeft(period, period.start);
  return Math.round((amount * months) / total);
}
