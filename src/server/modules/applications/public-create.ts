import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { badRequest, coded, HttpError, invalidRecord, notFound } from '../../errors.js';
import { announceMessage } from '../../messages/outbox.js';
import { objectBody } from '../../request-body.js';
import { publishChange } from '../../resources/events.js';
import { commitQueue, resourceHandlers } from '../../resources/handlers.js';
import { defineTakeover } from '../../resources/takeovers.js';
import { readSetting } from '../../settings/read.js';
import { lisbonDay } from '../../../core/days.js';
import { GUARDIAN_FIELDS } from './applications.js';
import { formRules, publicFormErrors } from './form-rules.js';
import { addressLimit, APPLY_LIMIT } from './limits.js';
import { queueConfirmation } from './messages.js';
import { PUBLIC_CREATE_DOC } from './route-docs.js';
import { formTokenProblem, type FormTokenProblem } from './signed-tokens.js';
import { issueUploadToken } from '../member-files/public.js';
import { newVerificationCode } from './verification.js';
import { applicationAnswers, recordApplicationConsents } from '../privacy/public.js';

const RESOURCE = 'member_applications';
/** A form's fields fit in a few kilobytes; anything much bigger is not a person filling it in. */
const APPLY_MAX_BYTES = 32 * 1024;

const applyLimit = addressLimit('applications.apply', APPLY_LIMIT, 'Foram enviadas demasiadas candidaturas');

/** The contract's names of the form's own inputs, beside the member fields' own names. */
const BODY_NAMES: Record<string, string> = {
  feeCategory: 'fee_category',
  proposerNumber: 'proposer_number',
  consentVersion: 'consent_version',
  guardianName: 'guardian_name',
  guardianConsent: 'guardian_consent',
  guardianRelation: 'guardian_relation',
  guardianEmail: 'guardian_email',
  guardianPhone: 'guardian_phone',
};

const TOKEN_MESSAGES: Record<FormTokenProblem, string> = {
  too_fast: 'O formulário foi enviado depressa demais. Confirme os seus dados e envie-o de novo.',
  too_old: 'O formulário expirou. Recarregue a página e preencha-o de novo.',
  malformed: 'O formulário não está completo. Recarregue a página e preencha-o de novo.',
};

export const notTakingApplications = () => notFound('Esta associação não está a receber candidaturas através deste formulário.');

/** Refuses what no person filling the form would send: too much, too fast, too often, or the honeypot filled in. */
async function screen(request: FastifyRequest, reply: FastifyReply, db: Db, now: number, body: Record<string, unknown>) {
  await applyLimit(request, reply);
  if (Number(request.headers['content-length'] ?? 0) > APPLY_MAX_BYTES) throw coded(413, 'payload_too_large', 'O formulário enviado é demasiado grande.');
  if (!(await readSetting(db, 'hasMemberApplication'))) throw notTakingApplications();
  // A person never sees the honeypot field; a script filling in every field does.
  if (body.website !== undefined && body.website !== null && body.website !== '') throw badRequest('O formulário não pôde ser aceite. Se é uma pessoa, recarregue a página e envie-o de novo.');
  const problem = await formTokenProblem(db, body.formToken, now);
  if (problem) throw badRequest(TOKEN_MESSAGES[problem]);
}

/** The form's values under the resource's field names, only those the form asks (a hidden field sent anyway is ignored). */
function formValues(body: Record<string, unknown>, asked: ReadonlySet<string>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    const field = BODY_NAMES[name] ?? name;
    if (asked.has(field)) values[field] = value;
  }
  return values;
}

/**
 * POST /api/member_applications without a session: the public application form. Spam defences
 * first, then the same write as staff's (the member fields' own checks) plus the form's rules,
 * the confirmation code and its message in one transaction. Answers only the new id and the
 * upload token: nothing of what was stored goes back to an anonymous caller.
 */
async function handle(request: FastifyRequest, reply: FastifyReply) {
  const app: FastifyInstance = request.server;
  const { ctx } = app;
  const { db } = ctx.database;
  const now = ctx.now();
  const body = objectBody(request);
  await screen(request, reply, db, now, body);
  const resource = app.registry.resourceByName(RESOURCE)!;
  const rules = await formRules(db);
  const asked = new Set<string>([...rules.fields.map((f) => f.name), 'fee_category', 'consent_version', ...GUARDIAN_FIELDS, ...(rules.proposerRequired ? ['proposer_number'] : [])]);
  const values = formValues(body, asked);
  const hasCategories = Boolean(await db.selectFrom('fee_categories').select('_id').limit(1).executeTakeFirst());
  const formErrors = publicFormErrors(rules, values, hasCategories, lisbonDay(now));
  // The consent purposes the form asks (privacy): `consents` names each one said yes to, with the text version shown.
  const consentAnswers = await applicationAnswers(db, body.consents);
  if (consentAnswers.error) formErrors.consents = consentAnswers.error;
  const days = await readSetting(db, 'applicationVerificationDays');
  const h = resourceHandlers(app, resource);
  const deferred = commitQueue();
  const { id, message } = await db.transaction().execute(async (trx) => {
    let saved;
    try {
      ({ saved } = await h.writeRow({ caller: request.caller, address: request.ip ?? null }, trx, { mode: 'create', body: values, granted: 'public' }, deferred.add));
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 422) throw invalidRecord({ ...formErrors, ...error.fieldErrors });
      throw error;
    }
    if (Object.keys(formErrors).length > 0) throw invalidRecord(formErrors);
    const rowId = Number(saved._id);
    await recordApplicationConsents(trx, rowId, consentAnswers.purposes, { actor: request.caller, address: request.ip ?? null, user: null, now });
    const code = newVerificationCode(now, days);
    await trx.updateTable(RESOURCE).set({ verification_hash: code.hash, verification_expires_at: code.expiresAt }).where('_id', '=', rowId).execute();
    return { id: rowId, message: await queueConfirmation(ctx, trx, now, saved, code.code, days) };
  });
  await deferred.run();
  await publishChange(ctx.bus, resource, { action: 'created', id }, []);
  if (message !== null) await announceMessage(ctx.bus, message, 'created');
  reply.header('cache-control', 'no-store');
  return reply.status(201).send({ data: { id, uploadToken: await issueUploadToken(db, id, now) } });
}

export const publicCreateTakeover = defineTakeover({
  resource: RESOURCE,
  on: 'create',
  when: (request) => request.caller.kind === 'anonymous',
  handle,
  doc: PUBLIC_CREATE_DOC,
});
