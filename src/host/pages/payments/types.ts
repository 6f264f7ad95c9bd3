// Answers of the dues module's own routes (src/server/modules/dues/routes.ts), as the pages read them.

export type StandingKind = 'em_dia' | 'em_atraso' | 'isento';

export interface Standing {
  kind: StandingKind;
  yearsOwed: number;
  openTotal: number;
  credit: number;
  oldestDue?: string | null;
}

export interface StatementLine {
  date: string;
  kind: 'debt' | 'payment' | 'waiver' | 'annulment';
  id: number;
  description: string;
  debit: number;
  credit: number;
  /** Owed after this line; negative is a credit in the member's favour. */
  balance: number;
}

/** GET members/{id}/statement. */
export interface Statement {
  member: { _id: number; number: number | null; name: string };
  standing: Standing;
  lines: StatementLine[];
}

/** GET payments_overview. */
export interface PaymentsOverview {
  owed: number;
  receivedThisYear: number;
  membersInArrears: number;
  receivedPerMonth: { month: string; amount: number }[];
}
