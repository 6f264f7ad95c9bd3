import type { FastifyInstance, FastifyRequest } from 'fastify';
import { STAFF_ROLES } from '../../../../core/contract.js';
import { isStaff } from '../../../auth/caller.js';
import { invalidRecord, notFound } from '../../../errors.js';
import { objectSchema, type JsonSchema, type RouteDoc } from '../../../openapi/route-doc.js';
import { objectBody } from '../../../request-body.js';
import { publishChange, owningUsers } from '../../../resources/events.js';
import { parseId } from '../../../resources/handlers.js';
import { authorize } from '../../../resources/permissions.js';
import { readRow } from '../../../resources/records.js';
import { members } from '../../members/public.js';
import { consents, CONSENT_SOURCES, type ConsentSource } from './consents.js';
import { asksConsent, memberConsents, purposeByKey, setConsent } from './register.js';

type WithId = FastifyRequest<{ Params: { id: string } }>;

/** The member themself (their own record) or staff: as reading and updating the member record. */
const WHO = [...STAFF_ROLES, 'own'] as const;
/** What staff may say a consent they record came from; a member's own answer is always `area_socio`. */
const STAFF_SOURCES: readonly ConsentSource[] = ['papel', 'importacao'];

const nullable = (type: string): JsonSchema => ({ type: [type, 'null'] });
const STATE_SCHEMA = objectSchema({
  purpose: objectSchema({ _id: { type: 'integer' }, key: { type: 'string' }, name: { type: 'string' }, description: { type: 'string' }, basis: { type: 'string' }, version: { type: 'integer' } }),
  asks: { type: 'boolean' },
  state: { type: ['string', 'null'], enum: ['granted', 'withdrawn', null] },
  granted_at: nullable('string'),
  withdrawn_at: nullable('string'),
  source: nullable('string'),
  text_version: nullable('integer'),
});
const ANSWER = { description: 'Cada finalidade ativa e o que o sócio respondeu', schema: objectSchema({ data: objectSchema({ member: { type: 'integer' }, purposes: { type: 'array', items: STATE_SCHEMA } }) }) };

const READ_DOC: RouteDoc = {
  tags: ['Consentimentos'],
  summary: 'Os consentimentos de um sócio',
  description:
    'Cada finalidade de tratamento ativa (Configuração › Privacidade), com o fundamento jurídico e o texto mostrado, e o que o sócio respondeu: ' +
    '`state` granted (dado), withdrawn (retirado) ou null (ainda nada), quando, de onde (`source`) e a versão do texto a que respondeu. ' +
    '`asks` é falso nas finalidades que não dependem de consentimento (execução do contrato, obrigação legal, interesse legítimo). ' +
    'Um sócio só pode pedir os seus; administradores, editores e chaves de API, os de qualquer sócio.',
  responses: { 200: ANSWER },
  errors: [400, 401, 403, 404],
};

const WRITE_DOC: RouteDoc = {
  tags: ['Consentimentos'],
  summary: 'Dar ou retirar um consentimento',
  description:
    'Regista o sim (`granted: true`) ou o não (`granted: false`) do sócio a uma finalidade que depende de consentimento, pelo seu identificador (`purpose`, p. ex. "newsletter"). ' +
    'O próprio sócio, na sua área (origem area_socio); os serviços registam um consentimento em papel (`source` papel, por omissão, ou importacao). ' +
    'Um sim vale para a versão atual do texto da finalidade. A retirada produz efeito na mensagem seguinte: os envios por finalidade deixam o sócio de fora. ' +
    'Cada alteração fica no histórico (auditoria). Responde com todas as finalidades, como GET.',
  body: {
    schema: objectSchema(
      {
        purpose: { type: 'string', description: 'O identificador da finalidade (consent_purposes.key)' },
        granted: { type: 'boolean', description: 'true: dar; false: retirar' },
        source: { type: 'string', enum: [...STAFF_SOURCES], description: 'Só os serviços: papel (por omissão) ou importacao' },
      },
      ['purpose', 'granted'],
    ),
    invalid: 'fields',
  },
  responses: { 200: ANSWER },
  errors: [400, 401, 403, 404, 422],
};

const SOURCE_LABELS = new Map(CONSENT_SOURCES.map((s) => [s.value, s.label]));

/** GET and POST /api/members/{id}/consents: a member's consents, read and changed by them or by staff. */
export function consentRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  const { db } = ctx.database;
  const lock = ctx.database.engine === 'postgres';

  async function memberOf(request: WithId): Promise<number> {
    const id = parseId(request.params.id);
    // Another member's id is refused (403) before anything is read.
    authorize(members, request.caller, WHO, id);
    if (!(await readRow(db, members, id))) throw notFound('Sócio não encontrado.');
    return id;
  }

  app.get('/members/:id/consents', { config: { openapi: READ_DOC } }, async (request: WithId, reply) => {
    const member = await memberOf(request);
    reply.header('cache-control', 'no-store');
    return { data: { member, purposes: await memberConsents(db, member) } };
  });

  app.post('/members/:id/consents', { config: { openapi: WRITE_DOC } }, async (request: WithId) => {
    const member = await memberOf(request);
    const { caller } = request;
    const body = objectBody(request);
    const staff = isStaff(caller);
    const errors: Record<string, string> = {};
    const purpose = typeof body.purpose === 'string' && body.purpose !== '' ? await purposeByKey(db, body.purpose) : undefined;
    if (typeof body.purpose !== 'string' || body.purpose === '') errors.purpose = 'Indique a finalidade.';
    else if (!purpose || Number(purpose.active) !== 1) errors.purpose = 'Finalidade desconhecida.';
    else if (!asksConsent(purpose)) errors.purpose = `«${purpose.name}» não depende de consentimento: aplica-se a todos os sócios pelo seu fundamento jurídico.`;
    if (typeof body.granted !== 'boolean') errors.granted = 'Indique se dá (true) ou retira (false) o consentimento.';
    let source: ConsentSource = staff ? 'papel' : 'area_socio';
    if (body.source !== undefined && body.source !== null && staff) {
      const given = STAFF_SOURCES.find((s) => s === body.source);
      if (given) source = given;
      else errors.source = `Origem inválida: use ${STAFF_SOURCES.map((s) => `"${s}" (${SOURCE_LABELS.get(s)})`).join(' ou ')}.`;
    }
    if (Object.keys(errors).length > 0 || !purpose) throw invalidRecord(errors);
    const writer = { actor: caller, address: request.ip ?? null, user: caller.kind === 'user' ? caller.id : null, now: ctx.now() };
    const changed = await db.transaction().execute((trx) => setConsent(trx, member, purpose, body.granted === true, source, writer, lock));
    if (changed) await publishChange(ctx.bus, consents, { action: changed.created ? 'created' : 'updated', id: changed.id }, await owningUsers(db, consents, [{ member }], ctx.now()));
    return { data: { member, purposes: await memberConsents(db, member) } };
  });
}
