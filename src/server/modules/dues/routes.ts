import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DUES_YEARS, type PaymentsOverview } from '../../../core/contract.js';
import { sql } from 'kysely';
import { isStaff, type Caller } from '../../auth/caller.js';
import { badRequest, forbidden, notFound, unauthorized } from '../../errors.js';
import { parseId } from '../../resources/handlers.js';
import { readSetting } from '../../settings/read.js';
import { DEBT_KINDS, OWING } from './debts.js';
import { ADVICE_DOC, OVERVIEW_DOC, STATEMENT_DOC } from './route-docs.js';
import { bringBalancesToToday } from './balances.js';
import { fallenDueSql } from './owed.js';
import { readStatement } from './statement.js';
import { lisbonDay } from '../../../core/days.js';

type Query = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Staff see every member's ledger; a member only their own (others' are as if absent). */
function checkMemberAccess(caller: Caller, memberId: number): void {
  if (caller.kind === 'anonymous') throw unauthorized();
  if (isStaff(caller)) return;
  if (caller.memberId !== memberId) throw notFound();
}

/** `NOT_ENOUGH_DATA` is the spec's wording (SPEC 5), kept word for word beside the pt-PT explanation. */
const notEnoughData = (detail: string) => badRequest(`Not Enough Data: ${detail}`);

/** Routes of the dues module that are no resource: a member's statement, payment advice, the landing's figures. */
export function duesRoutes(app: FastifyInstance): void {
  const { db } = app.ctx.database;

  app.get('/members/:id/statement', { config: { openapi: STATEMENT_DOC } }, async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const id = parseId(request.params.id);
    checkMemberAccess(request.caller, id);
    const statement = await readStatement(db, id, app.ctx.now());
    if (!statement) throw notFound();
    return { data: statement };
  });

  app.get('/payment_advice', { config: { openapi: ADVICE_DOC } }, async (request: FastifyRequest<{ Querystring: Query }>) => {
    if (request.caller.kind === 'anonymous') throw unauthorized();
    const memberText = one(request.query.memberID) ?? one(request.query.memberId);
    const type = one(request.query.type);
    const yearText = one(request.query.year);
    if (!memberText || !type) throw notEnoughData('indique o sócio (memberID) e o tipo (type).');
    if (type === 'quota' && !yearText) throw notEnoughData('para quotas, indique também o ano (year).');
    if (!DEBT_KINDS.some((k) => k.value === type)) throw badRequest(`Tipo desconhecido: use ${DEBT_KINDS.map((k) => k.value).join(', ')}.`);
    const memberId = parseId(memberText);
    const year = yearText === undefined ? undefined : Number(yearText);
    if (year !== undefined && !(Number.isInteger(year) && year >= DUES_YEARS.min && year <= DUES_YEARS.max)) throw badRequest(`O ano tem de ser um número entre ${DUES_YEARS.min} e ${DUES_YEARS.max}.`);
    checkMemberAccess(request.caller, memberId);
    if (!(await db.selectFrom('members').select('_id').where('_id', '=', memberId).executeTakeFirst())) throw notFound();
    let query = db
      .selectFrom('unsettled_payments')
      .select(['_id', 'description', 'year', 'period', 'due_date', sql<number>`amount - paid`.as('open_amount')])
      .where('member', '=', memberId)
      .where('kind', '=', type)
      .where('status', 'in', OWING)
      .orderBy('due_date')
      .orderBy('_id');
    if (year !== undefined) query = query.where('year', '=', year);
    const debts = await query.execute();
    const iban = await readSetting(db, 'associationIban');
    return {
      data: {
        memberID: memberId,
        type,
        year: year ?? null,
        amount: debts.reduce((sum, d) => sum + d.open_amount, 0),
        debts,
        methods: [...(iban ? ['transferencia'] : []), 'numerario'],
        iban: iban || null,
      },
    };
  });

  app.get('/payments_overview', { config: { openapi: OVERVIEW_DOC } }, async (request) => {
    if (request.caller.kind === 'anonymous') throw unauthorized();
    if (!isStaff(request.caller)) throw forbidden();
    const now = app.ctx.now();
    await bringBalancesToToday(db, now);
    const today = lisbonDay(now);
    const year = today.slice(0, 4);
    const [y, m] = today.split('-').map(Number) as [number, number];
    const firstMonth = `${m === 12 ? y : y - 1}-${String((m % 12) + 1).padStart(2, '0')}`;
    const owed = await db
      .selectFrom('member_balances')
      .select([
        sql<number>`COALESCE(SUM(open_total), 0)`.as('owed'),
        sql<number>`COALESCE(SUM(upcoming_total), 0)`.as('upcoming'),
        // oldest_due is the oldest owed debt's (standingOf's rule).
        sql<number>`COUNT(CASE WHEN ${fallenDueSql('oldest_due', today)} THEN 1 END)`.as('arrears'),
      ])
      .executeTakeFirstOrThrow();
    const month = sql<string>`substr(date, 1, 7)`;
    const perMonth = await db
      .selectFrom('payments')
      .select([month.as('month'), sql<number>`SUM(amount)`.as('amount')])
      .where('annulled_at', 'is', null)
      .where('date', '>=', `${firstMonth}-01`)
      .groupBy(month)
      .orderBy(month)
      .execute();
    const received = await db
      .selectFrom('payments')
      .select(sql<number>`COALESCE(SUM(amount), 0)`.as('amount'))
      .where('annulled_at', 'is', null)
      .where('date', '>=', `${year}-01-01`)
      .where('date', '<=', `${year}-12-31`)
      .executeTakeFirstOrThrow();
    const months = Array.from({ length: 12 }, (_, i) => {
      const index = (y * 12 + (m - 1)) - 11 + i;
      return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
    });
    const byMonth = new Map(perMonth.map((row) => [row.month, row.amount]));
    return {
      data: {
        owed: owed.owed,
        upcoming: owed.upcoming,
        receivedThisYear: received.amount,
        membersInArrears: owed.arrears,
        receivedPerMonth: months.map((month) => ({ month, amount: byMonth.get(month) ?? 0 })),
      } satisfies PaymentsOverview,
    };
  });
}
