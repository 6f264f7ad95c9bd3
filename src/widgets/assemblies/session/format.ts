// Days and times as people read them here (Lisbon), for the session's messages and list.
const DAY = new Intl.DateTimeFormat('pt-PT', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Lisbon' });
const TIME = new Intl.DateTimeFormat('pt-PT', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Lisbon' });

/** 'YYYY-MM-DD' as '28/03/2026'. */
export const shownDay = (iso: string): string => DAY.format(new Date(`${iso}T12:00:00Z`));

/** An instant as '21:04'. */
export const shownTime = (at: string | null | undefined): string => (at ? TIME.format(new Date(at)) : '');
