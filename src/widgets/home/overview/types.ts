// GET /api/overview as the browser reads it (the server's OpenAPI describes the same shape).

/** One figure: what it counts, how many, its money, and the list (resource and filters) that shows those rows. */
export interface OverviewFigure {
  key: string;
  label: string;
  count: number;
  /** False when the list only estimated its total. */
  exact: boolean;
  amount: { label: string; cents: number } | null;
  aside: string | null;
  list: { resource: string; constraints: Record<string, string> };
}

export interface StaffOverviewAnswer {
  /** The Lisbon day the figures are for, 'YYYY-MM-DD'. */
  today: string;
  figures: OverviewFigure[];
}
