import { sql } from 'kysely';
import type { Migration } from '../../db/migrate.js';

/**
 * Usernames as long as an e-mail address may be (254): a guardian's account is named by the
 * guardian's e-mail (auth/guardianship.ts), and an address of 101 to 254 characters left the
 * guardian without one. SQLite does not enforce a varchar's length; PostgreSQL does.
 */
export const usernameLengthMigration: Migration = {
  name: 'users/049_username_length',
  async up(db, engine) {
    if (engine === 'postgres') await sql`ALTER TABLE users ALTER COLUMN username TYPE varchar(254)`.execute(db);
  },
};
