// A member either pays quotas (a fee category and an admission date to count them from) or is
// explicitly exempt: never a member the yearly generation silently skips.
import type { Row } from '../../db/database.js';

/** The member field that exempts from quotas. */
const DUES_EXEMPT = 'dues_exempt';
const TERMS = ['fee_category', 'admission_date', DUES_EXEMPT] as const;

export const MISSING_CATEGORY = 'Indique a categoria de quota, ou marque o sócio como isento de quotas.';
export const MISSING_ADMISSION = 'Indique a data de admissão, ou marque o sócio como isento de quotas.';

const empty = (value: unknown) => value === null || value === undefined || value === '';
const isTrue = (value: unknown) => value === true || Number(value) === 1;

/**
 * The field messages of a member without the terms of their dues. Checked on every create, and
 * on an edit that sends any of the three fields (a PATCH of the phone, or a member's own edit,
 * which cannot set them, leaves them to staff).
 */
export function duesTermsErrors(values: Row, existing: Row | undefined): Record<string, string> {
  if (existing && !TERMS.some((name) => name in values)) return {};
  const member = existing ? { ...existing, ...values } : values;
  if (isTrue(member[DUES_EXEMPT])) return {};
  const errors: Record<string, string> = {};
  if (empty(member.fee_category)) errors.fee_category = MISSING_CATEGORY;
  if (empty(member.admission_date)) errors.admission_date = MISSING_ADMISSION;
  return errors;
}
