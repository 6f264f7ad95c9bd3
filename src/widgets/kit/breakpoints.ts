/**
 * Below this viewport width a screen is a phone: the toolbar folds, forms take one column and
 * padding shrinks. Lists decide by their own width instead (a container query, see results-table).
 */
export const PHONE = '(max-width: 40rem)';
