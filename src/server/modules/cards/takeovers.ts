import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthenticatedCaller } from '../../auth/caller.js';
import { signFileUrl } from '../../files/signed-urls.js';
import { authorize, inScope } from '../../resources/permissions.js';
import { membershipCards } from './cards.js';
import { badRequest, coded } from '../../errors.js';
import { parseId } from '../../resources/handlers.js';
import { defineTakeover } from '../../resources/takeovers.js';
import { letterFaces } from './letters.js';
import { printer } from './printer.js';
import { enqueueFileJob } from '../../jobs/file-job.js';
import { parseSelection, PRINT_INLINE_MAX, PRINT_JOB, PRINT_MAX, printCards, selectedCards } from './print.js';
import { CARD_PDF_TAKEOVER_DOC, CARD_PRINT_TAKEOVER_DOC } from './route-docs.js';
import { cardFile } from './stored.js';

type Query = Record<string, string | string[] | undefined>;

const noCards = () => badRequest('Nenhum cartão corresponde a esta seleção: não há nada para imprimir.');

/** A request that asks for the card itself rather than its record: `Accept: application/pdf`. */
const wantsPdf = (request: FastifyRequest): boolean => /\bapplication\/pdf\b/i.test(String(request.headers.accept ?? ''));

/**
 * SPEC 7's `GET membership_cards/{id}` "redirects to the returned url": with
 * `Accept: application/pdf` it answers 302 to the card's short-lived PDF address (the body
 * repeats it); without, it stays the record the generic pages read.
 */
export const cardPdfTakeover = defineTakeover({
  resource: 'membership_cards',
  on: 'read',
  when: wantsPdf,
  async handle(request: FastifyRequest, reply: FastifyReply) {
    const { ctx } = request.server;
    const { db } = ctx.database;
    // Staff print any card; a member downloads their own (a card of anyone else is as if absent).
    const granted = authorize(membershipCards, request.caller, 'read');
    const caller = request.caller as AuthenticatedCaller;
    const id = parseId((request.params as { id?: string }).id);
    const card = await db.selectFrom('membership_cards').selectAll().where('_id', '=', id).executeTakeFirst();
    if (!card || !inScope(granted, card)) throw coded(404, 'not_found', 'Cartão não encontrado.');
    const signed = await signFileUrl(db, await cardFile(ctx, card, caller), caller, ctx.now());
    return reply.status(302).header('location', signed.url).header('cache-control', 'no-store').send({ data: signed });
  },
  doc: CARD_PDF_TAKEOVER_DOC,
});

/**
 * SPEC 7's `GET membership_cards?type&includeLetters` "returns a url": a list request that
 * names a `type` is a print of that selection, one PDF at once or a job for a large one.
 */
export const cardPrintTakeover = defineTakeover({
  resource: 'membership_cards',
  on: 'list',
  when: (request) => (request.query as Query | undefined)?.type !== undefined,
  async handle(request: FastifyRequest, reply: FastifyReply) {
    const app = request.server;
    const { ctx } = app;
    const { db } = ctx.database;
    const caller = printer(request.caller);
    const selection = parseSelection(request.query as Query);
    const cards = await selectedCards(db, selection);
    if (cards.length === 0) throw noCards();
    if (cards.length > PRINT_MAX) throw badRequest(`Esta seleção tem mais de ${PRINT_MAX.toLocaleString('pt-PT')} cartões: imprima-os por partes (por exemplo, por categoria).`);
    if (cards.length <= PRINT_INLINE_MAX) {
      const file = await printCards(ctx, cards, selection.includeLetters, caller);
      return reply.send({ data: { ...(await signFileUrl(db, file, caller, ctx.now())), count: cards.length } });
    }
    // A member without an address is refused now, not minutes later in the job.
    if (selection.includeLetters) await letterFaces(db, cards, ctx.config.publicUrl, ctx.now());
    const job = await enqueueFileJob(app, PRINT_JOB, caller, { cards: cards.map((card) => Number(card._id)), includeLetters: selection.includeLetters });
    return reply.status(202).send({ data: { job: { _id: job._id, state: job.state, name: job.name }, count: cards.length } });
  },
  doc: CARD_PRINT_TAKEOVER_DOC,
});
