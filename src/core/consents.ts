// The consent register's answer as both sides agree on it: the server's register writes it, the
// member's and staff's consent pages read it. Plain code without imports, so the server may
// import it (scripts/layering.mjs, PLAIN_SHARED).

/** A purpose as the person reads it, with what they said to it (null: nothing yet). */
export interface ConsentState {
  purpose: { _id: number; key: string; name: string; description: string; basis: string; version: number };
  /** Only purposes with basis `consentimento` ask the person; the others apply to every member. */
  asks: boolean;
  state: 'granted' | 'withdrawn' | null;
  granted_at: string | null;
  withdrawn_at: string | null;
  source: string | null;
  /** The purpose's text version the answer was given to. */
  text_version: number | null;
}
