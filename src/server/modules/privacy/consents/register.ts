// The consent register's reads and writes, shared by the member's routes, the application form
// and its acceptance. Every change is one row updated (or created) and its audit entry, in the
// caller's transaction.
import type { ConsentState } from '../../../../core/consents.js';
import { diffRecords, recordAudit, type AuditActor } from '../../../audit/record.js';
import type { Db, Row } from '../../../db/database.js';
import { readRow } from '../../../resources/records.js';
import { consents, type ConsentSource } from './consents.js';
import { CONSENT_BASIS, type PurposeRow } from './purposes.js';

/** Who writes, for the audit trail and `recorded_by`. */
export interface ConsentWriter {
  actor: AuditActor;
  address: string | null;
  /** The user recording it (staff on paper, the member themself); null for the form and API keys. */
  user: number | null;
  now: number;
}

const PURPOSE_COLUMNS = ['_id', 'key', 'name', 'description', 'basis', 'version', 'active', 'on_application'] as const;

export const asksConsent = (purpose: Pick<PurposeRow, 'basis'>): boolean => purpose.basis === CONSENT_BASIS;

export async function purposeByKey(db: Db, key: string): Promise<PurposeRow | undefined> {
  return (await db.selectFrom('consent_purposes').select(PURPOSE_COLUMNS).where('key', '=', key).executeTakeFirst());
}

export async function activePurposes(db: Db, filter: { onApplication?: boolean } = {}): Promise<PurposeRow[]> {
  let query = db.selectFrom('consent_purposes').select(PURPOSE_COLUMNS).where('active', '=', 1);
  if (filter.onApplication) query = query.where('on_application', '=', 1);
  return (await query.orderBy('_id').execute());
}

/** Every active purpose with the member's answer to it, in the order the purposes were created. */
export async function memberConsents(db: Db, member: number): Promise<ConsentState[]> {
  const purposes = await activePurposes(db);
  const rows = await db.selectFrom('consents').selectAll().where('member', '=', member).execute();
  const byPurpose = new Map(rows.map((row) => [Number(row.purpose), row]));
  return purposes.map((purpose) => {
    const row = byPurpose.get(Number(purpose._id));
    return {
      purpose: { _id: Number(purpose._id), key: purpose.key, name: purpose.name, description: purpose.description, basis: purpose.basis, version: Number(purpose.version) },
      asks: asksConsent(purpose),
      state: row ? (row.state === 'granted' ? 'granted' : 'withdrawn') : null,
      granted_at: row?.granted_at ?? null,
      withdrawn_at: row?.withdrawn_at ?? null,
      source: row?.source ?? null,
      text_version: row ? Number(row.text_version) : null,
    };
  });
}

async function audit(db: Db, writer: ConsentWriter, id: number, before: Row | undefined): Promise<void> {
  const after = await readRow(db, consents, id);
  await recordAudit(db, {
    at: writer.now,
    actor: writer.actor,
    address: writer.address,
    resource: consents.name,
    recordId: id,
    action: before ? 'update' : 'create',
    changes: diffRecords(consents, before, after),
  });
}

/** What a yes or a no writes: a yes is to the purpose's text as it stands now. */
function answerColumns(purpose: PurposeRow, granted: boolean, source: ConsentSource, writer: ConsentWriter, existing: { granted_at: string | null; text_version: number } | undefined) {
  const stamp = new Date(writer.now).toISOString();
  return granted
    ? { state: 'granted' as const, granted_at: stamp, withdrawn_at: null, source, text_version: Number(purpose.version), recorded_by: writer.user }
    : {
        state: 'withdrawn' as const,
        granted_at: existing?.granted_at ?? null,
        withdrawn_at: stamp,
        source,
        text_version: existing ? Number(existing.text_version) : Number(purpose.version),
        recorded_by: writer.user,
      };
}

/**
 * Records a member's yes or no to a purpose: the one row of (member, purpose) created or
 * updated, with its audit entry. Saying again what is already recorded (a yes to the same text,
 * a second no) changes nothing and writes no entry. Answers the row changed, null when none was.
 */
export async function setConsent(db: Db, member: number, purpose: PurposeRow, granted: boolean, source: ConsentSource, writer: ConsentWriter, lock: boolean): Promise<{ id: number; created: boolean } | null> {
  let query = db.selectFrom('consents').selectAll().where('member', '=', member).where('purpose', '=', Number(purpose._id));
  if (lock) query = query.forUpdate();
  const existing = await query.executeTakeFirst();
  if (existing && (granted ? existing.state === 'granted' && Number(existing.text_version) === Number(purpose.version) : existing.state === 'withdrawn')) return null;
  const stamp = new Date(writer.now).toISOString();
  const columns = answerColumns(purpose, granted, source, writer, existing);
  if (existing) {
    const id = Number(existing._id);
    await db.updateTable('consents').set({ ...columns, updated_at: stamp, _version: Number(existing._version) + 1 }).where('_id', '=', id).execute();
    await audit(db, writer, id, existing);
    return { id, created: false };
  }
  const row = await db.insertInto('consents').values({ ...columns, member, purpose: Number(purpose._id), created_at: stamp, updated_at: stamp }).returning('_id').executeTakeFirstOrThrow();
  await audit(db, writer, Number(row._id), undefined);
  return { id: Number(row._id), created: true };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The public form's answers, `consents: { newsletter: 2 }` (each purpose said yes to, with the
 * version of the text shown), checked against the purposes the form asks: pt-PT messages under
 * `consents`, or nothing wrong. A purpose left out is no consent (nothing recorded).
 */
export async function applicationAnswers(db: Db, answers: unknown): Promise<{ purposes: PurposeRow[]; error: string | null }> {
  if (answers === undefined || answers === null) return { purposes: [], error: null };
  if (!isObject(answers)) return { purposes: [], error: 'Os consentimentos devem indicar cada finalidade aceite e a versão do texto mostrado.' };
  const asked = new Map((await activePurposes(db, { onApplication: true })).map((p) => [p.key, p]));
  const purposes: PurposeRow[] = [];
  for (const [key, version] of Object.entries(answers)) {
    const purpose = asked.get(key);
    if (!purpose) return { purposes: [], error: `O formulário não pede consentimento para "${key}": recarregue a página.` };
    if (version !== Number(purpose.version)) return { purposes: [], error: `O texto de «${purpose.name}» mudou entretanto: recarregue a página, leia-o e responda de novo.` };
    purposes.push(purpose);
  }
  return { purposes, error: null };
}

/** The application form's yeses, on the application until it is accepted (source formulario, the text version shown). */
export async function recordApplicationConsents(db: Db, application: number, purposes: readonly PurposeRow[], writer: ConsentWriter): Promise<void> {
  const stamp = new Date(writer.now).toISOString();
  for (const purpose of purposes) {
    const row = await db
      .insertInto('consents')
      .values({ application, purpose: Number(purpose._id), state: 'granted', granted_at: stamp, source: 'formulario', text_version: Number(purpose.version), created_at: stamp, updated_at: stamp })
      .returning('_id')
      .executeTakeFirstOrThrow();
    await audit(db, writer, Number(row._id), undefined);
  }
}

/** Accepting an application: its consents become the new member's, as given on the form. */
export async function carryApplicationConsents(db: Db, application: number, member: number, writer: ConsentWriter): Promise<void> {
  const rows = (await db.selectFrom('consents').selectAll().where('application', '=', application).where('member', 'is', null).execute()) as Row[];
  const stamp = new Date(writer.now).toISOString();
  for (const row of rows) {
    const id = Number(row._id);
    await db.updateTable('consents').set({ member, updated_at: stamp, _version: Number(row._version) + 1 }).where('_id', '=', id).execute();
    await audit(db, writer, id, row);
  }
}
