import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { STAFF_ROLES } from '../../../core/contract.js';
import { HttpError, notFound } from '../../errors.js';
import { announceMessage } from '../../messages/outbox.js';
import { objectBody } from '../../request-body.js';
import { owningUsers, publishChange } from '../../resources/events.js';
import { commitQueue, parseId, type Actor } from '../../resources/handlers.js';
import { authorize } from '../../resources/permissions.js';
import { translateDbError } from '../../resources/db-errors.js';
import { readSetting } from '../../settings/read.js';
import { acceptApplication, type Accepted } from './accept.js';
import { applicationConsent } from './consent.js';
import { PENDING_CONDITION } from './applications.js';
import { duplicatesOf } from './duplicates.js';
import { formRules } from './form-rules.js';
import { addressLimit, PUBLIC_READ_LIMIT } from './limits.js';
import { notTakingApplications } from './public-create.js';
import { ACCEPT_DOC, ACCEPT_MANY_DOC, CONSENT_DOC, DUPLICATES_DOC, FORM_DOC, PENDING_COUNT_DOC, VERIFY_EMAIL_DOC } from './route-docs.js';
import { issueFormToken } from './signed-tokens.js';
import { verifyEmail } from './verification.js';
import { activePurposes } from '../privacy/public.js';

type WithId = FastifyRequest<{ Params: { id: string } }>;

const formLimit = addressLimit('applications.form', PUBLIC_READ_LIMIT, 'Foram abertos demasiados formulários');
const verifyLimit = addressLimit('applications.verify-email', PUBLIC_READ_LIMIT, 'Foram feitas demasiadas confirmações');

/** The answers to the browser that applies: never kept by a cache, never indexed. */
const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
  reply.header('cache-control', 'no-store');
  reply.header('x-robots-tag', 'noindex, nofollow');
};

/** The applications' routes beyond their resource and record actions. */
export function applicationRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  const { db } = ctx.database;
  const applications = () => app.registry.resourceByName('member_applications')!;
  const staffOnly = (request: FastifyRequest) => authorize(applications(), request.caller, STAFF_ROLES);
  const actorOf = (request: FastifyRequest): Actor => ({ caller: request.caller, address: request.ip ?? null });

  /** One accept in its own transaction, then the change events of what it made. */
  async function acceptOne(request: FastifyRequest, id: number): Promise<Accepted> {
    const deferred = commitQueue();
    let accepted: Accepted;
    try {
      accepted = await db.transaction().execute((trx) => acceptApplication(app, trx, actorOf(request), id, deferred));
    } catch (error) {
      throw translateDbError(error, applications());
    }
    await deferred.run();
    const members = app.registry.resourceByName('members')!;
    const cards = app.registry.resourceByName('membership_cards');
    await publishChange(ctx.bus, applications(), { action: 'updated', id }, []);
    await publishChange(ctx.bus, members, { action: 'created', id: accepted.member }, []);
    if (cards && accepted.card !== null) await publishChange(ctx.bus, cards, { action: 'created', id: accepted.card }, await owningUsers(db, cards, [{ member: accepted.member }], ctx.now()));
    if (accepted.message !== null) await announceMessage(ctx.bus, accepted.message, 'created');
    return accepted;
  }

  app.get('/member_applications/form', { onRequest: noStore, config: { public: true, openapi: FORM_DOC } }, async (request, reply) => {
    await formLimit(request, reply);
    if (!(await readSetting(db, 'hasMemberApplication'))) throw notTakingApplications();
    const rules = await formRules(db);
    const feeCategories = await db.selectFrom('fee_categories').select(['_id', 'name']).orderBy('name').execute();
    return {
      data: {
        formToken: await issueFormToken(db, ctx.now()),
        ...rules,
        // The consent purposes the form asks, each with its text and version (privacy's consent register).
        consentPurposes: (await activePurposes(db, { onApplication: true })).map((p) => ({ key: p.key, name: p.name, description: p.description, version: Number(p.version) })),
        feeCategories: feeCategories.map((c) => ({ _id: Number(c._id), name: String(c.name) })),
      },
    };
  });

  app.post('/member_applications/verifyEmail', { onRequest: noStore, config: { public: true, openapi: VERIFY_EMAIL_DOC } }, async (request, reply) => {
    await verifyLimit(request, reply);
    const body = request.body === undefined || request.body === null ? {} : objectBody(request);
    const outcome = await db.transaction().execute((trx) => verifyEmail(trx, body.verificationCode, ctx.now()));
    if (outcome.status === 'confirmed') await publishChange(ctx.bus, applications(), { action: 'updated', id: outcome.id }, []);
    return { data: { status: outcome.status } };
  });

  app.post('/member_applications/:id/accept', { config: { openapi: ACCEPT_DOC } }, async (request: WithId) => {
    staffOnly(request);
    const id = parseId(request.params.id);
    const { member, number } = await acceptOne(request, id);
    return { data: { member, number } };
  });

  app.post('/member_applications/accept_many', { config: { openapi: ACCEPT_MANY_DOC } }, async (request) => {
    staffOnly(request);
    // 1 to ACCEPT_MANY_MAX integers: the route's body schema (ACCEPT_MANY_DOC) saw to it.
    const { ids } = request.body as { ids: number[] };
    const unique = [...new Set(ids.map(parseId))];
    const accepted: { id: number; member: number }[] = [];
    const refused: { id: number; message: string }[] = [];
    // One after another, each whole or not at all: the next free number follows the previous one.
    for (const id of unique) {
      try {
        accepted.push({ id, member: (await acceptOne(request, id)).member });
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
        const fields = Object.values(error.fieldErrors ?? {});
        refused.push({ id, message: fields.length > 0 ? `${error.message} ${fields.join(' ')}` : error.message });
      }
    }
    return { data: { accepted, refused } };
  });

  app.get('/member_applications/:id/duplicates', { config: { openapi: DUPLICATES_DOC } }, async (request: WithId) => {
    staffOnly(request);
    const id = parseId(request.params.id);
    if (!(await db.selectFrom('member_applications').select('_id').where('_id', '=', id).executeTakeFirst())) throw notFound('Candidatura não encontrada.');
    return { data: await duplicatesOf(db, id) };
  });

  app.get('/member_applications/:id/consent', { config: { openapi: CONSENT_DOC } }, async (request: WithId) => {
    staffOnly(request);
    const id = parseId(request.params.id);
    const row = await db.selectFrom('member_applications').select(['consent_version', 'consent_at']).where('_id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Candidatura não encontrada.');
    return { data: await applicationConsent(db, { consent_version: row.consent_version === null ? null : String(row.consent_version), consent_at: row.consent_at === null ? null : String(row.consent_at) }) };
  });

  app.get('/member_applications/pending_count', { config: { openapi: PENDING_COUNT_DOC } }, async (request) => {
    staffOnly(request);
    const row = await sql<{ count: number | string }>`SELECT count(*) AS count FROM member_applications WHERE ${sql.raw(PENDING_CONDITION)}`.execute(db);
    return { data: { count: Number(row.rows[0]?.count ?? 0) } };
  });
}
