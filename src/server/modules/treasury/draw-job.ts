import type { JobDefinition } from '../../jobs/types.js';
import { drawMissing } from './draw-receipt.js';

export const DRAW_MISSING_JOB = 'treasury.draw_missing';

/**
 * Every hour: draws the PDF of any document issued without one drawn since (decision 0054: the
 * server stopped between a payment's commit and its receipt's drawing, or the drawing failed).
 * Idempotent: a document drawn meanwhile, by a request or another instance, is left as it is.
 */
export const drawMissingJob: JobDefinition = {
  name: DRAW_MISSING_JOB,
  label: 'PDF em falta dos documentos de tesouraria',
  schedule: '23 * * * *',
  async run({ ctx, progress }) {
    return drawMissing(ctx, progress);
  },
};
