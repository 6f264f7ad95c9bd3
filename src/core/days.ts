// Days as the association lives them: 'YYYY-MM-DD' in Portugal's time zone. Plain and shared:
// the server decides "due today" and "this year" with it, the browser shows the same day.

const LISBON_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Lisbon', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day in Portugal at `ms` ('YYYY-MM-DD'): what "due today" and "this year" mean to the association. */
export const lisbonDay = (ms: number): string => LISBON_DAY.format(new Date(ms));
export const lisbonYear = (ms: number): number => Number(lisbonDay(ms).slice(0, 4));

const DAY_MS = 86_400_000;

/** `day` ('YYYY-MM-DD') moved by `days` on the calendar. */
export const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const LISBON_WALL = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Lisbon', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
});

/** What a Lisbon wall clock shows at `ms`, read as if it were UTC (the zone's offset is the difference). */
function lisbonWallAsUtc(ms: number): number {
  const parts = Object.fromEntries(LISBON_WALL.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}

/** The instant of `date` at `time` ('HH:MM') in Lisbon, summer or winter. */
export function lisbonInstant(date: string, time: string): number {
  const wall = Date.parse(`${date}T${time}:00Z`);
  let instant = wall - (lisbonWallAsUtc(wall) - wall);
  // Near a change of the clocks the first guess is an hour off: one more step settles it.
  instant = wall - (lisbonWallAsUtc(instant) - instant);
  return instant;
}
