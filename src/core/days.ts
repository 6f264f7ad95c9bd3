// Days as the association lives them: 'YYYY-MM-DD' in Portugal's time zone. Plain and shared:
// the server decides "due today" and "this year" with it, the browser shows the same day.

const LISBON_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Lisbon', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day in Portugal at `ms` ('YYYY-MM-DD'): what "due today" and "this year" mean to the association. */
export const lisbonDay = (ms: number): string => LISBON_DAY.format(new Date(ms));
export const lisbonYear = (ms: number): number => Number(lisbonDay(ms).slice(0, 4));
