import type { Migration } from '../migrate.js';

/**
 * A second-factor ticket remembers how its login began: 'password', or 'code' (an e-mailed
 * link), so the session it ends in carries the code-login mark and may set a new password.
 */
export const ticketOrigin: Migration = {
  name: '007_ticket_origin',
  async up(db) {
    await db.schema
      .alterTable('two_factor_tickets')
      .addColumn('origin', 'varchar(10)', (c) => c.notNull().defaultTo('password'))
      .execute();
  },
};
