import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROLE, STAFF_ROLES } from '../../../../core/contract.js';
import { invalidRecord, notFound } from '../../../errors.js';
import { objectSchema, type RouteDoc } from '../../../openapi/route-doc.js';
import type { EventBus } from '../../../realtime/bus.js';
import type { Resource } from '../../../resources/define.js';
import { publishChange } from '../../../resources/events.js';
import { parseId } from '../../../resources/handlers.js';
import { authorize } from '../../../resources/permissions.js';
import { members } from '../../members/public.js';
import { eraseMember, removeErasedBytes } from './erase.js';
import { erasurePreview } from './preview.js';
import { schemaOf } from './target.js';

const TAGS = ['Sócios'];

const PART = objectSchema({ key: { type: 'string' }, label: { type: 'string' }, count: { type: 'integer' } });

const PREVIEW_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'O que o apagamento dos dados pessoais de um sócio apaga e o que guarda',
  description:
    'Antes de apagar (RGPD, art. 17.º): cada tipo de dado pessoal que o apagamento apaga ou anonimiza, com o número de registos (`erased`); ' +
    'o que se guarda, porquê e até quando (`kept`: documentos fiscais e donativos 10 anos, contabilidade, o número de sócio); ' +
    '`refusal`, o motivo por que ainda não se pode apagar (por exemplo, o sócio ainda não saiu), ou null; `erasure`, como foi apagado, se já foi; ' +
    '`requests`, os pedidos de apagamento do sócio em aberto. Para administradores e editores.',
  responses: {
    200: {
      description: 'A pré-visualização',
      schema: objectSchema({
        data: objectSchema({
          member: { type: 'object' },
          refusal: { type: ['string', 'null'] },
          erased: { type: 'array', items: PART },
          kept: { type: 'array', items: { type: 'object' } },
          erasure: { type: ['object', 'null'] },
          requests: { type: 'array', items: { type: 'object' } },
        }),
      }),
    },
  },
  errors: [400, 401, 403, 404],
};

const ERASE_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Apagar os dados pessoais de um sócio',
  description:
    'Numa só transação: a ficha do sócio é anonimizada («Titular apagado»; NIF, contactos, morada, notas, encarregado e agregado apagados), ' +
    'a fotografia, os documentos e os PDF dos cartões apagados, a conta de acesso desativada, as candidaturas e as mensagens apagadas, os consentimentos apagados ' +
    'e o histórico pseudonimizado. Os recibos e os donativos ficam como foram emitidos e continuam a verificar-se e a abrir. ' +
    'O apagamento fica registado (quem, quando, qual pedido). `confirm_number` tem de ser o número do sócio; `request`, opcional, ' +
    'um pedido de apagamento do registo de pedidos, que fica respondido. Só administradores. 409 quando o sócio ainda não saiu ou já foi apagado.',
  body: {
    schema: objectSchema(
      {
        confirm_number: { type: 'integer', description: 'O número do sócio, escrito para confirmar', 'x-message': 'Escreva o número do sócio para confirmar.' },
        request: { type: ['integer', 'null'], description: 'O pedido de apagamento a que responde' },
      },
      ['confirm_number'],
    ),
    invalid: 'fields',
  },
  responses: { 200: { description: 'O que foi apagado', schema: objectSchema({ data: objectSchema({ member: { type: 'integer' }, erased_at: { type: 'string' }, erased: { type: 'array', items: PART } }) }) } },
  errors: [400, 401, 403, 404, 409, 422],
};

const ADMIN_ONLY = [ROLE.admin] as const;

/**
 * The resources an erasure changes rows of, and those whose search follows the member's name
 * (payments, debts, documents): their lists and records refresh after the commit.
 */
const CHANGED = [
  'members', 'member_balances', 'member_applications', 'messages', 'users', 'membership_cards', 'data_subject_requests', 'consents', 'sepa_mandates',
  'payments', 'unsettled_payments', 'treasury_docs', 'donations', 'payment_requests',
];

/** GET /members/{id}/erasure (staff) and POST /members/{id}/erase (administrators). */
export function erasureRoutes(app: FastifyInstance): void {
  const schema = () => schemaOf(app.registry.resources);

  app.get('/members/:id/erasure', { config: { openapi: PREVIEW_DOC } }, async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const id = parseId(request.params.id);
    authorize(members, request.caller, STAFF_ROLES, id);
    const preview = await erasurePreview(app.ctx.database.db, id, schema());
    if (!preview) throw notFound('Sócio não encontrado.');
    return { data: preview };
  });

  app.post('/members/:id/erase', { config: { openapi: ERASE_DOC } }, async (request: FastifyRequest<{ Params: { id: string }; Body: { confirm_number?: number; request?: number | null } }>) => {
    const id = parseId(request.params.id);
    const { caller } = request;
    authorize(members, caller, ADMIN_ONLY, id);
    const { db, engine } = app.ctx.database;
    const member = await db.selectFrom('members').select(['number']).where('_id', '=', id).executeTakeFirst();
    if (!member) throw notFound('Sócio não encontrado.');
    const body = request.body ?? {};
    const errors: Record<string, string> = {};
    if (Number(body.confirm_number) !== Number(member.number)) errors.confirm_number = `Para confirmar, escreva o número do sócio (${member.number}).`;
    const requestId = body.request === undefined || body.request === null ? null : Number(body.request);
    if (requestId !== null) {
      const found = await db.selectFrom('data_subject_requests').select(['kind', 'member']).where('_id', '=', requestId).executeTakeFirst();
      if (!found) errors.request = 'Pedido não encontrado no registo de pedidos.';
      else if (found.kind !== 'apagamento') errors.request = 'Escolha um pedido de apagamento.';
      else if (found.member !== null && Number(found.member) !== id) errors.request = 'Este pedido é de outro sócio.';
    }
    if (Object.keys(errors).length > 0) throw invalidRecord(errors);
    if (caller.kind === 'anonymous') throw new Error('unreachable: authorize refuses anonymous callers');
    const outcome = await db.transaction().execute((trx) =>
      eraseMember(trx, { memberId: id, actor: caller, address: request.ip ?? null, reason: 'pedido', request: requestId, now: app.ctx.now(), schema: schema(), engine }),
    );
    await removeErasedBytes(app.ctx.files, outcome.removeAfterCommit);
    await announceErasure(app.ctx.bus, app.registry.resources, id);
    const { removeAfterCommit: _keys, ...answer } = outcome;
    return { data: answer };
  });
}

/** Tells every list and record of the changed resources to refresh (lists are cached until a change event). */
export async function announceErasure(bus: EventBus, resources: readonly Resource[], id: number): Promise<void> {
  for (const resource of resources) {
    if (!CHANGED.includes(resource.name)) continue;
    await publishChange(bus, resource, { action: 'updated', id: resource.name === 'members' || resource.name === 'member_balances' ? id : 0 }, []);
  }
}
