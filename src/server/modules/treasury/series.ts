import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AuthenticatedCaller } from '../../auth/caller.js';
import { isStaff } from '../../auth/caller.js';
import { recordAudit } from '../../audit/record.js';
import type { Db } from '../../db/database.js';
import { badRequest, conflict, forbidden, unauthorized } from '../../errors.js';
import { readSetting } from '../../settings/read.js';
import { lisbonDay } from '../../../core/days.js';
import { PREFIX_SETTING } from './issue.js';
import { TREASURY_SERIES_DOC, TREASURY_SERIES_NEXT_DOC } from './route-docs.js';
import { TREASURY_DOC_TYPES, type TreasuryDocType } from './types.js';

export interface SeriesState {
  type: TreasuryDocType;
  label: string;
  year: number;
  prefix: string;
  /** The last number issued in the series that year (0: none yet). */
  last_number: number;
  /** The number the next document of the type will get that year. */
  next: number;
}

const YEAR = /^\d{4}$/;

function signedIn(request: FastifyRequest): AuthenticatedCaller {
  if (request.caller.kind === 'anonymous') throw unauthorized();
  return request.caller;
}

function yearOf(value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !YEAR.test(value) || Number(value) < 2000 || Number(value) > 2999) throw badRequest('Indique o ano com quatro algarismos, por exemplo 2026.');
  return Number(value);
}

/** Each type's series in `year`: its prefix (the one it was opened with, or the setting's for a series not opened yet) and next number. */
async function seriesOfYear(db: Db, year: number): Promise<SeriesState[]> {
  const rows = await db.selectFrom('treasury_series').select(['type', 'prefix', 'last_number']).where('year', '=', year).execute();
  const states: SeriesState[] = [];
  for (const { value, label } of TREASURY_DOC_TYPES) {
    const row = rows.find((r) => r.type === value);
    const last = row ? row.last_number : 0;
    states.push({ type: value, label, year, prefix: row ? row.prefix : await readSetting(db, PREFIX_SETTING[value]), last_number: last, next: last + 1 });
  }
  return states;
}

/**
 * The next number of each series, a setting of the treasury page: GET /treasury_series?year= (staff)
 * and PUT /treasury_series/{type}/{year} {next} (administrators), e.g. to carry on from a paper
 * receipt book. Only forwards: a number at or below one already issued is a 409, so no number is
 * ever given twice, and no gap is opened behind documents already issued.
 */
export function seriesRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  const { db } = ctx.database;

  app.get<{ Querystring: { year?: string } }>('/treasury_series', { config: { openapi: TREASURY_SERIES_DOC } }, async (request) => {
    const caller = signedIn(request);
    if (!isStaff(caller)) throw forbidden('Só administradores e editores veem as séries dos documentos.');
    return { data: await seriesOfYear(db, yearOf(request.query.year, Number(lisbonDay(ctx.now()).slice(0, 4)))) };
  });

  app.put<{ Params: { type: string; year: string } }>('/treasury_series/:type/:year', { config: { openapi: TREASURY_SERIES_NEXT_DOC } }, async (request) => {
    const caller = signedIn(request);
    if (caller.role !== 'admin') throw forbidden('Só administradores mudam a numeração dos documentos.');
    const type = TREASURY_DOC_TYPES.find((t) => t.value === request.params.type)?.value;
    if (!type) throw badRequest(`Tipo de documento desconhecido. Use um de: ${TREASURY_DOC_TYPES.map((t) => t.value).join(', ')}.`);
    const year = yearOf(request.params.year, 0);
    // An integer from 1 to 99 999 999: the route's body schema (TREASURY_SERIES_NEXT_DOC) saw to it.
    const { next } = request.body as { next: number };
    await db.transaction().execute(async (trx) => {
      const prefix = await readSetting(trx, PREFIX_SETTING[type]);
      await trx.insertInto('treasury_series').values({ type, year, prefix, last_number: 0, last_hash: null }).onConflict((oc) => oc.columns(['type', 'year']).doNothing()).execute();
      // Taking the row's lock first (PostgreSQL; SQLite has one writer) orders this after any issue in flight, whose document the next read then sees.
      const before = await trx.updateTable('treasury_series').set({ last_number: sql`last_number` }).where('type', '=', type).where('year', '=', year).returning(['_id', 'prefix', 'last_number']).executeTakeFirstOrThrow();
      const series = before._id;
      const issued = await trx.selectFrom('treasury_docs').select((eb) => eb.fn.max('sequence').as('last')).where('series', '=', series).executeTakeFirst();
      const lastIssued = issued?.last ?? 0;
      if (next <= lastIssued) throw conflict(`O documento ${before.prefix} ${year}/${lastIssued} já foi emitido: o próximo número tem de ser maior (a partir de ${lastIssued + 1}).`);
      await trx.updateTable('treasury_series').set({ last_number: next - 1 }).where('_id', '=', series).execute();
      // The gap chosen here, kept for "verificar integridade": from the number after the last document issued.
      await trx.deleteFrom('treasury_series_jumps').where('series', '=', series).where('from_number', '=', lastIssued + 1).execute();
      if (next !== lastIssued + 1) await trx.insertInto('treasury_series_jumps').values({ series, from_number: lastIssued + 1, to_number: next, at: new Date(ctx.now()).toISOString(), by: caller.kind === 'user' ? caller.id : null }).execute();
      await recordAudit(trx, {
        at: ctx.now(), actor: caller, address: request.ip ?? null, resource: 'treasury_series', recordId: series, action: 'next_number',
        changes: { next: [before.last_number + 1, next] },
      });
    });
    return { data: (await seriesOfYear(db, year)).find((s) => s.type === type)! };
  });
}
