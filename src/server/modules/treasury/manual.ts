// A manual receipt ("recibo avulso"): a quota or joining-fee receipt for money received outside
// the payments ledger (a paper receipt book carried on, a payment the ledger does not hold),
// issued to a member or to a payer named with their NIF. It documents no recorded payment and
// settles no debt; otherwise it is a document like any other of its series.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isValidDate, ruleMessage } from '../../../core/field-checks.js';
import { isStaff } from '../../auth/caller.js';
import { recordAudit } from '../../audit/record.js';
import { forbidden, invalidRecord, unauthorized } from '../../errors.js';
import { objectBody } from '../../request-body.js';
import { owningUsers, publishChange } from '../../resources/events.js';
import { toRecord } from '../../resources/records.js';
import { lisbonDay } from '../../../core/days.js';
import { issueTreasuryDocument, type PayerInput } from './issue.js';
import { treasuryDocs } from './resources.js';
import { TREASURY_MANUAL_DOC } from './route-docs.js';
import type { DocLine, TreasuryDocType } from './types.js';

/** The types a manual receipt may have: donations have their own record, annulment notes their action. */
const MANUAL_TYPES = ['quota', 'joining_fee'] as const satisfies readonly TreasuryDocType[];
const MANUAL_LINES_MAX = 50;
const DESCRIPTION_MAX = 200;
const NAME_MAX = 200;
const ADDRESS_MAX = 300;

interface ManualReceipt {
  type: (typeof MANUAL_TYPES)[number];
  issueDate: string;
  payer: PayerInput;
  lines: DocLine[];
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

function checkLines(raw: unknown, errors: Record<string, string>): DocLine[] {
  if (!Array.isArray(raw) || raw.length === 0) {
    errors.lines = 'Indique pelo menos uma linha: o que paga e o valor.';
    return [];
  }
  if (raw.length > MANUAL_LINES_MAX) {
    errors.lines = `Um recibo tem no máximo ${MANUAL_LINES_MAX} linhas.`;
    return [];
  }
  const lines: DocLine[] = [];
  raw.forEach((line: unknown, index) => {
    const { description, amount } = (typeof line === 'object' && line !== null ? line : {}) as { description?: unknown; amount?: unknown };
    const words = text(description);
    if (!words) errors[`lines.${index}.description`] = 'Diga o que esta linha paga.';
    else if ([...words].length > DESCRIPTION_MAX) errors[`lines.${index}.description`] = `A descrição não pode ter mais de ${DESCRIPTION_MAX} caracteres.`;
    if (!isId(amount)) errors[`lines.${index}.amount`] = 'O valor é um número inteiro de cêntimos maior do que zero.';
    lines.push({ description: words, amount: Number(amount) });
  });
  if (!errors.lines && lines.reduce((sum, line) => sum + line.amount, 0) > Number.MAX_SAFE_INTEGER) errors.lines = 'O total é demasiado grande.';
  return lines;
}

function checkPayer(body: Record<string, unknown>, errors: Record<string, string>): PayerInput {
  const member = body.member ?? null;
  const name = text(body.payer_name);
  const nif = text(body.payer_nif);
  const address = text(body.payer_address);
  if (member !== null) {
    if (!isId(member)) errors.member = 'Escolha um sócio existente.';
    else if (name || nif || address) errors.member = 'Escolha um sócio ou indique o nome e o NIF de quem paga, não os dois.';
    return { member: Number(member) };
  }
  if (!name) errors.payer_name = 'Escolha um sócio ou indique o nome de quem paga.';
  else if ([...name].length > NAME_MAX) errors.payer_name = `O nome não pode ter mais de ${NAME_MAX} caracteres.`;
  if (!nif) errors.payer_nif = 'Indique o NIF de quem paga.';
  else {
    const problem = ruleMessage({ checks: ['nif'] }, nif);
    if (problem) errors.payer_nif = problem;
  }
  if ([...address].length > ADDRESS_MAX) errors.payer_address = `A morada não pode ter mais de ${ADDRESS_MAX} caracteres.`;
  return { name, nif, address: address || null };
}

/** The request's body as a manual receipt, or a 422 naming every field that is wrong. */
function manualReceipt(body: Record<string, unknown>, today: string): ManualReceipt {
  const errors: Record<string, string> = {};
  const type = MANUAL_TYPES.find((t) => t === body.type);
  if (!type) errors.type = 'Escolha recibo de quota ou recibo de jóia.';
  const issueDate = text(body.issue_date);
  if (!isValidDate(issueDate)) errors.issue_date = 'Indique a data de emissão (AAAA-MM-DD).';
  else if (issueDate > today) errors.issue_date = 'A data de emissão não pode ser posterior a hoje.';
  const payer = checkPayer(body, errors);
  const lines = checkLines(body.lines, errors);
  if (Object.keys(errors).length > 0 || !type) throw invalidRecord(errors);
  return { type, issueDate, payer, lines };
}

/**
 * POST /treasury_docs/manual {type, issue_date, member | payer_name+payer_nif(+payer_address), lines}:
 * issues the receipt in its series (next number, snapshot, PDF, hash chain) in one transaction.
 * Staff only; bad input is a 422 per field and stores nothing.
 */
export function manualReceiptRoute(app: FastifyInstance): void {
  const { ctx } = app;
  const { db } = ctx.database;
  app.post('/treasury_docs/manual', { config: { openapi: TREASURY_MANUAL_DOC } }, async (request: FastifyRequest, reply) => {
    const { caller } = request;
    if (caller.kind === 'anonymous') throw unauthorized();
    if (!isStaff(caller)) throw forbidden('Só administradores e editores emitem recibos.');
    const input = manualReceipt(objectBody(request), lisbonDay(ctx.now()));
    const row = await db.transaction().execute(async (trx) => {
      const doc = await issueTreasuryDocument(trx, ctx, { ...input, by: caller.kind === 'user' ? caller.id : null });
      await recordAudit(trx, { at: ctx.now(), actor: caller, address: request.ip ?? null, resource: treasuryDocs.name, recordId: Number(doc._id), action: 'manual', changes: null });
      return doc;
    });
    await publishChange(ctx.bus, treasuryDocs, { action: 'created', id: Number(row._id) }, await owningUsers(db, treasuryDocs, [row], ctx.now()));
    return reply.status(201).send({ data: toRecord(treasuryDocs, row, caller) });
  });
}
