import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../audit/record.js';
import { badRequest, forbidden, invalidRecord, unauthorized } from '../errors.js';
import { objectSchema, type RouteDoc } from '../openapi/route-doc.js';
import { objectBody } from '../request-body.js';
import type { Caller } from './caller.js';
import { GUARDIAN_ROLE, guardedMinors } from './guardianship.js';

const TAGS = ['Autenticação'];
// A refresh token is a few hundred characters; anything much longer is not one.
const MAX_TOKEN_LENGTH = 4096;

const NOT_A_GUARDIAN_ACCOUNT = 'Só uma conta de sócio pode agir por um sócio menor de idade.';

const MINOR_SCHEMA = objectSchema({ _id: { type: 'integer' }, number: { type: ['integer', 'null'] }, name: { type: 'string' } });

const MINORS_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Os sócios menores de quem sou encarregado de educação',
  description:
    'Contas de sócio (perfil member): os sócios menores de idade cujo e-mail do encarregado de educação é o nome de utilizador da conta, por número. ' +
    'Deixam de aparecer quando fazem a idade de `applicationMinorAge` ou quando os serviços mudam o encarregado. Outros perfis e chaves de API: 403.',
  responses: { 200: { description: 'Os sócios menores', schema: objectSchema({ data: { type: 'array', items: MINOR_SCHEMA } }) } },
  errors: [401, 403],
};

const CHOOSE_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Agir por um sócio menor (ou voltar à própria ficha)',
  description:
    'Contas de sócio (perfil member): termina a sessão de `refreshToken` (tem de ser a da própria conta) e começa outra que age pelo sócio `member`, ' +
    'um dos de GET /api/own/minors, ou pela ficha da própria conta com `member: null`. Responde um novo par { access, refresh }: com ele, a área de sócio, ' +
    'as dívidas, os recibos e os pagamentos (POST /api/payment_requests/own) são os do sócio menor, como se fosse ele. A escolha é verificada de novo em cada pedido: ' +
    'quando o sócio faz a maioridade ou deixa de ter este encarregado, a sessão volta à ficha da própria conta. Um sócio que não seja seu educando: 403.',
  body: {
    schema: objectSchema({ member: { type: ['integer', 'null'], minimum: 1 }, refreshToken: { type: 'string', minLength: 1 } }),
    invalid: 'fields',
  },
  responses: { 200: { description: 'A nova sessão', schema: objectSchema({ access: { type: 'string' }, refresh: { type: 'string' } }) } },
  errors: [400, 401, 403, 422],
};

/** The signed-in account a guardian uses; anything else is refused before a body is read. */
function guardianAccount(caller: Caller): Extract<Caller, { kind: 'user' }> {
  if (caller.kind === 'anonymous') throw unauthorized();
  if (caller.kind !== 'user' || caller.role !== GUARDIAN_ROLE) throw forbidden(NOT_A_GUARDIAN_ACCOUNT);
  return caller;
}

/**
 * GET /api/own/minors and POST /api/own/minors/choose: a minor's guardian uses the member
 * dashboard for the minor (issue 34). The choice lives in the session (a signed claim of the
 * tokens, never a header a page could set), and the auth plugin checks it on every request.
 */
export async function guardianRoutes(app: FastifyInstance) {
  const { db } = app.ctx.database;

  async function usernameOf(id: number): Promise<string> {
    const row = await db.selectFrom('users').select('username').where('_id', '=', id).executeTakeFirst();
    return row ? String(row.username) : '';
  }

  app.get('/own/minors', { config: { openapi: MINORS_DOC } }, async (request, reply) => {
    const caller = guardianAccount(request.caller);
    reply.header('cache-control', 'no-store');
    return { data: await guardedMinors(db, await usernameOf(caller.id), app.ctx.now()) };
  });

  app.post('/own/minors/choose', { config: { openapi: CHOOSE_DOC } }, async (request) => {
    if (request.caller.kind === 'anonymous') throw unauthorized();
    // Read before the account's kind is judged: a signed-in caller with a malformed body is told so (documented-bodies).
    const body = objectBody(request);
    const caller = guardianAccount(request.caller);
    const token = body.refreshToken;
    if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) throw badRequest('O campo "refreshToken" é obrigatório e deve ser texto.');
    const member = body.member;
    if (member !== null && (typeof member !== 'number' || !Number.isInteger(member) || member < 1)) throw invalidRecord({ member: 'Indique o sócio (o seu número interno) ou null.' });
    const now = app.ctx.now();
    const own = await db.selectFrom('users').select(['member', 'username', 'name', 'role']).where('_id', '=', caller.id).executeTakeFirst();
    if (!own) throw unauthorized();
    const ownMember = own.member === null || own.member === undefined ? null : Number(own.member);
    if (member !== null && member !== ownMember && !(await guardedMinors(db, String(own.username), now)).some((minor) => minor._id === member)) {
      throw forbidden('Não é o encarregado de educação deste sócio, ou ele já não é menor de idade.');
    }
    return db.transaction().execute(async (trx) => {
      // The session the page had ends here: the new one replaces it, acting for the one chosen.
      const ended = await app.tokens.revokeFamily(token, trx);
      if (ended !== caller.id) throw badRequest('O "refreshToken" não é o da sessão desta conta.');
      const acting = member === null || member === ownMember ? undefined : member;
      const pair = await app.tokens.issuePair({ id: caller.id, name: String(own.name), role: caller.role }, { executor: trx, ...(acting === undefined ? {} : { actingFor: acting }) });
      if (acting !== undefined) {
        // In the minor's history: who used their dashboard, and when (RGPD).
        await recordAudit(trx, { at: now, actor: caller, address: request.ip ?? null, resource: 'members', recordId: acting, action: 'guardian_access', changes: null });
      }
      return pair;
    });
  });
}
