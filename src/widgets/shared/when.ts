// Dates as people in Portugal read them, in Lisbon's time: a stored instant or calendar day.
const DAY = new Intl.DateTimeFormat('pt-PT', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Lisbon' });
const DAY_TIME = new Intl.DateTimeFormat('pt-PT', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Lisbon' });

const instant = (value: unknown): Date | null => {
  if (typeof value !== 'string' || value === '') return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
};

/** An instant ('2031-05-01T10:00:00Z') as '01/05/2031, 11:00'; '' when there is none. */
export const formatWhen = (value: unknown): string => {
  const at = instant(value);
  return at ? DAY_TIME.format(at) : '';
};

/** The day of an instant ('01/05/2031'); '' when there is none. */
export const formatWhenDay = (value: unknown): string => {
  const at = instant(value);
  return at ? DAY.format(at) : '';
};
