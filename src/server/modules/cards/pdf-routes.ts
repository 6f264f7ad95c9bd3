import type { FastifyInstance } from 'fastify';
import { coded } from '../../errors.js';
import { signFileUrl } from '../../files/signed-urls.js';
import { fileJobState } from '../../jobs/file-job.js';
import { parseId } from '../../resources/handlers.js';
import { printSettings } from './faces.js';
import { renderCalibration } from './pdf/document.js';
import { printer } from './printer.js';
import { PRINT_JOB } from './print.js';
import { CARD_CALIBRATION_DOC, CARD_LETTER_DOC, CARD_PRINT_JOB_DOC } from './route-docs.js';
import { letterFile } from './stored.js';

/**
 * The cards' PDFs that have addresses of their own: the cover letter (SPEC 7), a print job's
 * outcome and the calibration page. The card and the print of a selection are answered on the
 * resource's own addresses (takeovers.ts).
 */
export function cardPdfRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  const { db } = ctx.database;

  /** SPEC 7's `GET membership_card_letters/{id}` (the card's id): a redirect to the letter's short-lived address, which the body repeats. */
  app.get<{ Params: { id: string } }>('/membership_card_letters/:id', { config: { openapi: CARD_LETTER_DOC } }, async (request, reply) => {
    const caller = printer(request.caller);
    const id = parseId(request.params.id);
    const card = await db.selectFrom('membership_cards').selectAll().where('_id', '=', id).executeTakeFirst();
    if (!card) throw coded(404, 'not_found', 'Cartão não encontrado.');
    const signed = await signFileUrl(db, await letterFile(ctx, card, caller), caller, ctx.now());
    return reply.status(302).header('location', signed.url).header('cache-control', 'no-store').send({ data: signed });
  });

  /** A print job's state and, once done, the PDF's short-lived address for whoever asks. */
  app.get<{ Params: { job: string } }>('/membership_cards/print/:job', { config: { openapi: CARD_PRINT_JOB_DOC } }, async (request) => ({
    data: await fileJobState(db, ctx.now(), printer(request.caller), PRINT_JOB, request.params.job, 'Impressão não encontrada.'),
  }));

  /** The calibration page for the layout and offsets in the settings. */
  app.get('/membership_cards/calibration.pdf', { config: { openapi: CARD_CALIBRATION_DOC } }, async (request, reply) => {
    printer(request.caller);
    const { layout, offsets } = await printSettings(db);
    const bytes = await renderCalibration(layout, offsets);
    return reply.type('application/pdf').header('content-disposition', 'inline; filename="calibracao-cartoes.pdf"').header('cache-control', 'no-store').send(bytes);
  });
}
