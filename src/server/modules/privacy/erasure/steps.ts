import { sql } from 'kysely';
import { loose, type Db } from '../../../db/database.js';
import { ERASED_NAME, erasedMemberColumns, type ErasureTarget, type Schema } from './target.js';

/** What one step of an erasure works with: the transaction, the member, and the bytes to remove once committed. */
export interface StepContext {
  db: Db;
  target: ErasureTarget;
  schema: Schema;
  /** ISO time of the erasure. */
  stamp: string;
  /** Storage keys whose bytes go after the commit (a rollback must find them still there). */
  removeAfterCommit: string[];
}

/**
 * One kind of personal data an erasure removes: what the preview says (pt-PT), how many rows it
 * touches, and the work. The preview and the erasure read this one list, so what staff are
 * shown is what happens.
 */
export interface ErasureStep {
  key: string;
  label: string;
  count(step: StepContext): Promise<number>;
  erase(step: StepContext): Promise<void>;
}

const MIN_REPLACED_NAME = 5;

const countOf = async (query: Promise<{ n: unknown } | undefined>): Promise<number> => Number((await query)?.n ?? 0);
const n = sql<number>`count(*)`.as('n');

/** Files rows (and their bytes, after commit) of these ids. */
async function dropFiles(step: StepContext, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await step.db.selectFrom('files').select('storage_key').where('_id', 'in', ids).execute();
  await step.db.deleteFrom('files').where('_id', 'in', ids).execute();
  step.removeAfterCommit.push(...rows.map((r) => r.storage_key));
}

const memberFiles = (step: StepContext) => {
  const { id, applications } = step.target;
  return step.db
    .selectFrom('member_files')
    .where((eb) => (applications.length > 0 ? eb.or([eb('member', '=', id), eb('member_application', 'in', applications)]) : eb('member', '=', id)));
};

const messagesTo = (step: StepContext) =>
  loose(step.db)
    .selectFrom('messages')
    .where(sql<boolean>`lower(recipient) in (${sql.join(step.target.addresses.length > 0 ? step.target.addresses : [''])})`)
    .where('recipient', '<>', '');

/** A name this short could be part of other words ('Quota Anual'): texts holding it are then left as they are. */
const replaceableName = (name: string): boolean => name.length >= MIN_REPLACED_NAME;

/** The erased name replaced in the descriptions of the member's, or a household's, debts. */
async function eraseNameInDebts(db: Db, name: string, column: 'member' | 'household', id: number): Promise<void> {
  if (!replaceableName(name)) return;
  await loose(db)
    .updateTable('unsettled_payments')
    .set({ description: sql`replace(description, ${name}, ${ERASED_NAME})` })
    .where(column, '=', id)
    .execute();
}

/** The households the member is in or pays for. */
async function householdsOf({ db, target }: StepContext) {
  const own = target.member.household;
  return db
    .selectFrom('households')
    .select(['_id', 'name', 'payer_member'])
    .where((eb) => (own === null || own === undefined ? eb('payer_member', '=', target.id) : eb.or([eb('payer_member', '=', target.id), eb('_id', '=', Number(own))])))
    .orderBy('_id')
    .execute();
}

/** A provider's callback keeps what proves the payment (the fields the server reads): any other parameter may be personal. */
const CALLBACK_PROOF: ReadonlySet<string> = new Set(['key', 'amount', 'requestId', 'orderId', 'entity', 'reference', 'payment_datetime']);

const callbacksOf = ({ db, target }: StepContext) =>
  db.selectFrom('payment_callbacks').where('request', 'in', db.selectFrom('payment_requests').select('_id').where('member', '=', target.id));

/** Audit entries about the member's own records (their record, applications, accounts). */
const AUDITED = (t: ErasureTarget): [string, readonly number[]][] => [
  ['members', [t.id]],
  ['member_applications', t.applications],
  ['users', t.users.map((u) => u._id)],
  ['data_subject_requests', t.requests],
];

/** Field names whose values an audit entry about the member must not keep. */
function personalFieldNames(schema: Schema): Set<string> {
  return new Set([
    ...erasedMemberColumns(schema),
    'name',
    'username',
    'reject_reason',
    'requester_name',
    'requester_contact',
  ]);
}

export const ERASURE_STEPS: readonly ErasureStep[] = [
  {
    key: 'member',
    label: 'Ficha do sócio: nome (passa a «Titular apagado»), NIF, contactos, data de nascimento, morada, notas, encarregado de educação, agregado e etiquetas',
    count: async () => 1,
    async erase({ db, target, schema, stamp }) {
      const cleared = Object.fromEntries(erasedMemberColumns(schema).map((c) => [c, null]));
      await loose(db)
        .updateTable('members')
        .set({ ...cleared, name: ERASED_NAME, erased_at: stamp, updated_at: stamp, _version: sql`_version + 1` })
        .where('_id', '=', target.id)
        .execute();
      await db.deleteFrom('member_tags').where('member_id', '=', target.id).execute();
      // The unpaid list's copy of the name (member_balances), and the name in the member's debt descriptions.
      await db.updateTable('member_balances').set({ name: ERASED_NAME }).where('member', '=', target.id).execute();
      await eraseNameInDebts(db, target.name, 'member', target.id);
    },
  },
  {
    key: 'households',
    label: 'Agregado: o sócio deixa de ser quem paga (escolha outro pagador) e o seu nome sai das quotas do agregado; um agregado só dele fica sem nome',
    count: async (step) => (await householdsOf(step)).length,
    async erase(step) {
      const { db, target } = step;
      const replaceable = replaceableName(target.name);
      for (const household of await householdsOf(step)) {
        const others = await countOf(db.selectFrom('members').select(n).where('household', '=', household._id).where('_id', '<>', target.id).executeTakeFirst());
        await db
          .updateTable('households')
          .set({
            ...(household.payer_member === target.id ? { payer_member: null } : {}),
            // With others in it, its name is theirs too (a family name); a full name of hers goes.
            name: others === 0 ? ERASED_NAME : replaceable ? sql<string>`replace(name, ${target.name}, ${ERASED_NAME})` : household.name,
          })
          .where('_id', '=', household._id)
          .execute();
        // A household's quota lists its members by name on its holder's debt.
        await eraseNameInDebts(db, target.name, 'household', household._id);
      }
    },
  },
  {
    key: 'provider_callbacks',
    label: 'Avisos de pagamento dos fornecedores (Multibanco, MB WAY): fica só o que prova o pagamento (referência, montante, data)',
    count: async (step) => countOf(callbacksOf(step).select(n).executeTakeFirst()),
    async erase(step) {
      const rows = await callbacksOf(step).select(['_id', 'raw']).execute();
      for (const row of rows) {
        const raw = JSON.parse(String(row.raw)) as Record<string, unknown>;
        const kept = Object.fromEntries(Object.entries(raw).filter(([name]) => CALLBACK_PROOF.has(name)));
        await step.db.updateTable('payment_callbacks').set({ raw: JSON.stringify(kept) }).where('_id', '=', row._id).execute();
      }
    },
  },
  {
    key: 'files',
    label: 'Fotografia e documentos digitalizados do sócio e das suas candidaturas (ficheiros apagados)',
    count: async (step) => countOf(memberFiles(step).select(n).executeTakeFirst()),
    async erase(step) {
      const rows = await memberFiles(step).select(['_id', 'file', 'thumb_file']).execute();
      if (rows.length === 0) return;
      await step.db.deleteFrom('member_files').where('_id', 'in', rows.map((r) => r._id)).execute();
      await dropFiles(step, rows.flatMap((r) => (r.thumb_file === null ? [r.file] : [r.file, r.thumb_file])));
    },
  },
  {
    key: 'cards',
    label: 'Cartões de sócio: o PDF e a carta (com nome e fotografia) apagados; o cartão ativo é revogado',
    count: async ({ db, target }) => countOf(db.selectFrom('membership_cards').select(n).where('member', '=', target.id).executeTakeFirst()),
    async erase(step) {
      const { db, target, stamp } = step;
      const cards = await db.selectFrom('membership_cards').select(['_id', 'file', 'letter_file']).where('member', '=', target.id).execute();
      if (cards.length === 0) return;
      await db
        .updateTable('membership_cards')
        .set({ state: 'revoked', revoked_at: stamp, revoke_reason: 'Dados pessoais apagados' })
        .where('member', '=', target.id)
        .where('state', '=', 'active')
        .execute();
      await db.updateTable('membership_cards').set({ file: null, file_data_hash: null, letter_file: null, letter_data_hash: null }).where('member', '=', target.id).execute();
      await dropFiles(step, cards.flatMap((c) => [c.file, c.letter_file].filter((f): f is number => f !== null)));
      await db.updateTable('card_checkin_scans').set({ holder: ERASED_NAME }).where('member', '=', target.id).execute();
    },
  },
  {
    key: 'account',
    label: 'Conta de acesso à área de sócio: desativada e anonimizada, sessões terminadas',
    count: async ({ target }) => target.users.length,
    async erase({ db, target }) {
      if (target.users.length === 0) return;
      const ids = target.users.map((u) => u._id);
      for (const user of target.users) {
        await loose(db)
          .updateTable('users')
          .set({ username: `apagado-${user._id}`, name: ERASED_NAME, email: null, active: 0, password_hash: null, member: null, token_version: sql`token_version + 1` })
          .where('_id', '=', user._id)
          .execute();
      }
      await db.deleteFrom('refresh_tokens').where('user_id', 'in', ids).execute();
      await db.deleteFrom('login_codes').where('user_id', 'in', ids).execute();
      await db.deleteFrom('user_totp').where('user_id', 'in', ids).execute();
      await db.deleteFrom('totp_recovery_codes').where('user_id', 'in', ids).execute();
      await db.deleteFrom('two_factor_tickets').where('user_id', 'in', ids).execute();
      const accounts = target.users.flatMap((u) => [u.username, ...(u.email ? [u.email] : [])]);
      await db.deleteFrom('auth_attempts').where('account', 'in', accounts).execute();
      await db.deleteFrom('auth_known_addresses').where('account', 'in', accounts).execute();
    },
  },
  {
    key: 'applications',
    label: 'Candidaturas: dados do candidato e do encarregado de educação apagados (fica a decisão e a data)',
    count: async ({ target }) => target.applications.length,
    async erase({ db, target, schema }) {
      if (target.applications.length === 0) return;
      const personal = new Set([...erasedMemberColumns(schema), 'reject_reason', 'guardian_consent', 'proposer_number']);
      const columns = [...personal].filter((c) => schema.has('member_applications', c) && c !== 'guardian_consent');
      await loose(db)
        .updateTable('member_applications')
        .set({ ...Object.fromEntries(columns.map((c) => [c, null])), name: ERASED_NAME, verification_hash: null, verification_expires_at: null })
        .where('_id', 'in', target.applications)
        .execute();
    },
  },
  {
    key: 'messages',
    label: 'Mensagens enviadas ao sócio (ou ao encarregado de educação): endereço, assunto e texto apagados; as que estavam por enviar não seguem',
    count: async (step) => (step.target.addresses.length === 0 ? 0 : countOf(messagesTo(step).select(n).executeTakeFirst())),
    async erase(step) {
      if (step.target.addresses.length === 0) return;
      const ids = (await messagesTo(step).select('_id').execute()).map((r) => Number(r._id));
      if (ids.length === 0) return;
      await loose(step.db)
        .updateTable('messages')
        .set({ status: 'failed', last_error: 'Dados pessoais apagados', next_attempt_at: null })
        .where('_id', 'in', ids)
        .where('status', '=', 'pending')
        .execute();
      await loose(step.db)
        .updateTable('messages')
        .set({ recipient: '', subject: '(apagado)', body: '(apagado)', sealed_body: null, html: null, sealed_html: null, updated_at: step.stamp })
        .where('_id', 'in', ids)
        .execute();
    },
  },
  {
    key: 'consents',
    label: 'Consentimentos registados',
    count: async ({ db, target, schema }) => (schema.has('consents', 'member') ? countOf(loose(db).selectFrom('consents').select(n).where('member', '=', target.id).executeTakeFirst()) : 0),
    async erase({ db, target, schema }) {
      if (!schema.has('consents', 'member')) return;
      await loose(db).deleteFrom('consents').where('member', '=', target.id).execute();
      if (schema.has('consents', 'application') && target.applications.length > 0) await loose(db).deleteFrom('consents').where('application', 'in', target.applications).execute();
    },
  },
  {
    key: 'payment_contacts',
    label: 'Telefone dos pedidos MB WAY; ligações de pagamento revogadas',
    count: async ({ db, target }) => countOf(db.selectFrom('payment_requests').select(n).where('member', '=', target.id).where('phone', 'is not', null).executeTakeFirst()),
    async erase({ db, target, stamp }) {
      await db.updateTable('payment_requests').set({ phone: null }).where('member', '=', target.id).execute();
      await db.updateTable('payment_links').set({ revoked_at: stamp }).where('member', '=', target.id).where('revoked_at', 'is', null).execute();
    },
  },
  {
    key: 'mandates',
    label: 'Mandatos de débito direto: revogados, IBAN reduzido aos 4 últimos dígitos e BIC apagado',
    count: async ({ db, target }) => countOf(db.selectFrom('sepa_mandates').select(n).where('member', '=', target.id).executeTakeFirst()),
    async erase({ db, target }) {
      const mandates = await db.selectFrom('sepa_mandates').select(['_id', 'iban']).where('member', '=', target.id).execute();
      for (const mandate of mandates) {
        const iban = String(mandate.iban).replace(/\s/g, '');
        await db.updateTable('sepa_mandates').set({ iban: `${iban.slice(0, 2)}…${iban.slice(-4)}`, bic: null, state: 'revoked' }).where('_id', '=', mandate._id).execute();
      }
    },
  },
  {
    key: 'requests',
    label: 'Pedidos de titulares do sócio: o nome e o contacto de quem pediu (o pedido fica no registo)',
    count: async ({ target }) => target.requests.length,
    async erase({ db, target }) {
      if (target.requests.length > 0) await db.updateTable('data_subject_requests').set({ requester_name: ERASED_NAME, requester_contact: null }).where('_id', 'in', target.requests).execute();
    },
  },
  {
    key: 'audit',
    label: 'Histórico de alterações: os valores dos dados pessoais e o nome do sócio como autor são pseudonimizados (fica quem mudou o quê e quando)',
    async count({ db, target }) {
      let total = 0;
      for (const [resource, ids] of AUDITED(target)) {
        if (ids.length > 0) total += await countOf(db.selectFrom('audit_log').select(n).where('resource', '=', resource).where('record_id', 'in', ids).executeTakeFirst());
      }
      return total;
    },
    async erase({ db, target, schema }) {
      const personal = personalFieldNames(schema);
      for (const [resource, ids] of AUDITED(target)) {
        if (ids.length === 0) continue;
        const rows = await db.selectFrom('audit_log').select(['_id', 'changes']).where('resource', '=', resource).where('record_id', 'in', ids).where('changes', 'is not', null).execute();
        for (const row of rows) {
          const changes = JSON.parse(String(row.changes)) as Record<string, [unknown, unknown]>;
          let touched = false;
          for (const name of Object.keys(changes)) {
            if (!personal.has(name)) continue;
            changes[name] = [null, null];
            touched = true;
          }
          if (touched) await db.updateTable('audit_log').set({ changes: JSON.stringify(changes) }).where('_id', '=', row._id).execute();
        }
      }
      // What the member did themselves (their own record, their consents) is kept, under no name.
      const userIds = target.users.map((u) => u._id);
      if (userIds.length > 0) await db.updateTable('audit_log').set({ actor_name: ERASED_NAME }).where('actor_kind', '=', 'user').where('actor_id', 'in', userIds).execute();
    },
  },
];
