// Checked by tsc (npx tsc -p tsconfig.json --noEmit), not run: the tables Kysely knows are the
// resource definitions' and the modules' own, so a query naming a column or a table that does not
// exist, or a field renamed in a definition, fails to compile.
import type { Kysely, Selectable } from 'kysely';
import { expectTypeOf } from 'vitest';
import type { Db, Tables } from '../../src/server/db/database.js';
import type { RowOfFields } from '../../src/server/db/resource-tables.js';
import type { DefinedResource } from '../../src/server/resources/define.js';
import type { payments } from '../../src/server/modules/dues/payments.js';

declare const db: Db;

// Columns of a resource's table are its definition's fields, as stored.
type Payment = Selectable<Tables['payments']>;
expectTypeOf<Payment['amount']>().toEqualTypeOf<number>(); // money: integer cents; NOT NULL (dues/tables.ts)
expectTypeOf<Payment['date']>().toEqualTypeOf<string>(); // dates: ISO text
expectTypeOf<Payment['reference']>().toEqualTypeOf<string | null>(); // optional: may be null
expectTypeOf<Payment['external_id']>().toEqualTypeOf<string | null>(); // a column no field names (dues/tables.ts)
expectTypeOf<Payment>().not.toHaveProperty('credit'); // computed: no column
expectTypeOf<Selectable<Tables['users']>['active']>().toEqualTypeOf<number>(); // booleans: 0/1
expectTypeOf<Selectable<Tables['users']>>().not.toHaveProperty('password'); // write-only: no column of its name
expectTypeOf<Selectable<Tables['users']>['password_hash']>().toEqualTypeOf<string | null>();
// Join tables of lists of references, from their `through`; a module's own tables, from its tables.ts.
expectTypeOf<Selectable<Tables['member_tags']>>().toEqualTypeOf<{ member_id: number; tag_id: number }>();
expectTypeOf<Selectable<Tables['treasury_doc_payments']>>().toEqualTypeOf<{ doc: number; payment: number }>();

// A query's row has the selected columns' types: no conversion by hand.
async function typedQueries() {
  const row = await db.selectFrom('payments').select(['amount', 'method', 'annulled_at']).executeTakeFirstOrThrow();
  expectTypeOf(row).toEqualTypeOf<{ amount: number; method: string; annulled_at: string | null }>();

  // @ts-expect-error: payments has no such column.
  await db.selectFrom('payments').select('no_such_column').execute();
  // @ts-expect-error: nor may a condition name one.
  await db.selectFrom('payments').selectAll().where('no_such_column', '=', 1).execute();
  // @ts-expect-error: there is no such table.
  await db.selectFrom('no_such_table').selectAll().execute();
  // @ts-expect-error: a column's value has its stored type (amount is integer cents, not text).
  await db.updateTable('payments').set({ amount: '12.50' }).execute();
}
void typedQueries;

// A field renamed in a definition renames the column in the row type: code naming the old
// column no longer compiles. The payments definition, with `amount` renamed `total`:
type PaymentFields = typeof payments extends DefinedResource<infer F> ? F : never;
type Renamed<F, From extends string, To extends string> = { [I in keyof F]: F[I] extends { name: From } ? Omit<F[I], 'name'> & { name: To } : F[I] };
type RenamedRow = RowOfFields<Renamed<PaymentFields, 'amount', 'total'>>;
expectTypeOf<RenamedRow>().toHaveProperty('total');
expectTypeOf<RenamedRow>().not.toHaveProperty('amount');
expectTypeOf<RowOfFields<PaymentFields>>().toHaveProperty('amount');

async function renamedQueries(renamed: Kysely<{ payments: RenamedRow }>) {
  await renamed.selectFrom('payments').select('total').execute();
  // @ts-expect-error: after the rename, the old column is not there.
  await renamed.selectFrom('payments').select('amount').execute();
}
void renamedQueries;
