/** 'YYYY-MM-DD' as pt-PT 'DD/MM/YYYY'; read as text so no time zone can shift the day. */
export function formatDate(value: unknown): string | null {
  if (typeof value !== 'string' || !value) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
}

/** A value worth showing, or null for empty ones. */
export function present(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text ? text : null;
}
