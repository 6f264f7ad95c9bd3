// Written by hand from the definitions of consent_purposes and consents. Frozen once released:
// its names are literal, so a later change to the definitions needs a migration of its own.
import { sql } from 'kysely';
import type { Migration } from '../../../db/migrate.js';
import { BOOL, withRecordColumns } from '../../../db/migrations/schema-helpers.js';

/** The purposes every association starts with: its life as members (contract), then three that need a yes. */
const SEEDED = [
  {
    key: 'quotas', basis: 'contrato', on_application: 0,
    name: 'Quotas e vida associativa',
    description: 'Usamos os seus dados para gerir a sua inscrição, as quotas, os recibos e as convocatórias das assembleias, como pedem os estatutos.',
  },
  {
    key: 'newsletter', basis: 'consentimento', on_application: 1,
    name: 'Newsletter',
    description: 'Aceito receber por e-mail a newsletter e notícias das atividades da associação.',
  },
  {
    key: 'fotografias', basis: 'consentimento', on_application: 1,
    name: 'Fotografias no sítio da associação',
    description: 'Aceito que fotografias de atividades em que apareço sejam publicadas no sítio e nas redes sociais da associação.',
  },
  {
    key: 'federacao', basis: 'consentimento', on_application: 1,
    name: 'Partilha de dados com a federação',
    description: 'Aceito que o meu nome e contactos sejam partilhados com a federação em que a associação está filiada, para a inscrição em provas e seguros.',
  },
] as const;

/** The consent register (issue 34): purposes and each person's consent to each. */
export const consentsMigration: Migration = {
  name: 'privacy/045_consents',
  async up(db, engine) {
    const nullsFirst = engine === 'postgres' ? sql` NULLS FIRST` : sql``;
    await withRecordColumns(db.schema.createTable('consent_purposes'), engine)
      .addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('key', 'varchar(40)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(120)', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('basis', 'varchar(30)', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('active', BOOL, (c) => c.notNull().defaultTo(1))
      .addColumn('on_application', BOOL, (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`CREATE INDEX consent_purposes_name_keyset ON consent_purposes (name, _id)`.execute(db);
    await sql`CREATE INDEX consent_purposes_created_at_keyset ON consent_purposes (created_at, _id)`.execute(db);
    await sql`CREATE INDEX consent_purposes_updated_at_keyset ON consent_purposes (updated_at, _id)`.execute(db);

    await withRecordColumns(db.schema.createTable('consents'), engine)
      .addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('member', 'integer', (c) => c.references('members._id'))
      .addColumn('application', 'integer', (c) => c.references('member_applications._id'))
      .addColumn('purpose', 'integer', (c) => c.notNull().references('consent_purposes._id'))
      .addColumn('state', 'varchar(20)', (c) => c.notNull())
      .addColumn('granted_at', 'varchar(30)')
      .addColumn('withdrawn_at', 'varchar(30)')
      .addColumn('source', 'varchar(20)', (c) => c.notNull())
      .addColumn('text_version', 'integer', (c) => c.notNull())
      .addColumn('recorded_by', 'integer', (c) => c.references('users._id'))
      .execute();
    // One row per person and purpose: a change updates it, its history is the audit trail.
    await sql`CREATE UNIQUE INDEX consents_member_purpose ON consents (member, purpose) WHERE member IS NOT NULL`.execute(db);
    await sql`CREATE UNIQUE INDEX consents_application_purpose ON consents (application, purpose) WHERE application IS NOT NULL AND member IS NULL`.execute(db);
    await sql`CREATE INDEX consents_application ON consents (application)`.execute(db);
    await sql`CREATE INDEX consents_granted_at_keyset ON consents (granted_at${nullsFirst}, _id)`.execute(db);
    await sql`CREATE INDEX consents_withdrawn_at_keyset ON consents (withdrawn_at${nullsFirst}, _id)`.execute(db);
    await sql`CREATE INDEX consents_created_at_keyset ON consents (created_at, _id)`.execute(db);
    await sql`CREATE INDEX consents_updated_at_keyset ON consents (updated_at, _id)`.execute(db);

    // A migration has no clock of the server's: the seeded rows say when the database got them.
    const stamp = new Date().toISOString();
    for (const purpose of SEEDED) {
      await sql`
        INSERT INTO consent_purposes ("key", name, description, basis, version, active, on_application, created_at, updated_at)
        VALUES (${purpose.key}, ${purpose.name}, ${purpose.description}, ${purpose.basis}, 1, 1, ${purpose.on_application}, ${stamp}, ${stamp})`.execute(db);
    }
  },
};
