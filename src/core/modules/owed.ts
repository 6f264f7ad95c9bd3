// The ledger's one rule for what is owed, as the browser applies it to debts it already holds
// (the server decides it in src/server/modules/dues/owed.ts, and its figures come from there):
// an open debt is owed from its due date, a day in Lisbon; before that it is "a vencer".

const LISBON_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Lisbon', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day in Portugal at `epochMs` ('YYYY-MM-DD'). */
export const lisbonDayOf = (epochMs: number): string => LISBON_DAY.format(new Date(epochMs));

/** Whether a debt due on `dueDate` ('YYYY-MM-DD') is owed on `today`; a debt without a date is. */
export const isDueBy = (dueDate: string | null | undefined, today: string): boolean => !dueDate || dueDate.slice(0, 10) <= today;
