// Checked by tsc (npx tsc -p tsconfig.json --noEmit), not run: the record types inferred from
// the definitions have the shapes widgets rely on, and the browser's copy is up to date.
import { expectTypeOf } from 'vitest';
import type * as Contract from '../../src/core/contract.js';
import type * as Inferred from '../../src/server/resources/record-types.js';
import type { RecordOfFields } from '../../src/server/resources/record-types.js';

// The browser's copy (src/core/records.ts, through the contract) is the inferred type: after a
// definition changes, `node scripts/record-types.mjs` brings it back in line.
expectTypeOf<Contract.Member>().toEqualTypeOf<Inferred.Member>();
expectTypeOf<Contract.User>().toEqualTypeOf<Inferred.User>();
expectTypeOf<Contract.Tag>().toEqualTypeOf<Inferred.Tag>();
expectTypeOf<Contract.Country>().toEqualTypeOf<Inferred.Country>();
expectTypeOf<Contract.MemberState>().toEqualTypeOf<Inferred.MemberState>();
expectTypeOf<Contract.Contact>().toEqualTypeOf<Inferred.Contact>();
expectTypeOf<Contract.ApiSecret>().toEqualTypeOf<Inferred.ApiSecret>();
expectTypeOf<Contract.Message>().toEqualTypeOf<Inferred.Message>();
expectTypeOf<Contract.AuditEntry>().toEqualTypeOf<Inferred.AuditEntry>();

// Required fields are never null, optional ones may be; references are ids, lists arrays of ids.
expectTypeOf<Inferred.Member['number']>().toEqualTypeOf<number>();
expectTypeOf<Inferred.Member['name']>().toEqualTypeOf<string>();
expectTypeOf<Inferred.Member['email']>().toEqualTypeOf<string | null>();
expectTypeOf<Inferred.Member['state']>().toEqualTypeOf<number>();
expectTypeOf<Inferred.Member['country']>().toEqualTypeOf<number | null>();
expectTypeOf<Inferred.Member['tags']>().toEqualTypeOf<number[]>();
// Staff-only notes are absent from what a member reads of their own record.
expectTypeOf<Inferred.Member>().toHaveProperty('notes');
// Booleans come as true/false; write-only passwords are never in a record.
expectTypeOf<Inferred.User['active']>().toEqualTypeOf<boolean>();
expectTypeOf<Inferred.User>().not.toHaveProperty('password');
expectTypeOf<Inferred.User>().not.toHaveProperty('current_password');
// Every record carries its id, version and times.
expectTypeOf<Inferred.ApiSecret>().toMatchTypeOf<{ _id: number; _version: number; created_at: string; updated_at: string }>();
expectTypeOf<Inferred.ApiSecret['revoked_at']>().toEqualTypeOf<string | null>();

// Field types map to their JSON values.
type Sample = RecordOfFields<
  [
    { name: 'ratio'; type: 'float32'; label: 'Rácio'; validation: { required: true } },
    { name: 'day'; type: 'date'; label: 'Dia' },
    { name: 'kind'; type: 'enum'; label: 'Tipo'; options: [{ value: 'a'; label: 'A' }] },
    { name: 'secret'; type: 'string'; label: 'Segredo'; writeOnly: true },
    { name: 'fee'; type: 'money'; label: 'Quota'; validation: { required: true } },
    { name: 'photo'; type: 'image'; label: 'Foto' },
    { name: 'total'; type: 'computed'; label: 'Total'; computed: { sql: 'a + b'; numeric: true } },
    { name: 'title'; type: 'computed'; label: 'Título'; computed: { sql: "a || ' ' || b" } },
  ]
>;
expectTypeOf<Sample['fee']>().toEqualTypeOf<number>();
expectTypeOf<Sample['photo']>().toEqualTypeOf<number | null>();
expectTypeOf<Sample['total']>().toEqualTypeOf<number | null>();
expectTypeOf<Sample['title']>().toEqualTypeOf<string | null>();
expectTypeOf<Sample['ratio']>().toEqualTypeOf<number>();
expectTypeOf<Sample['day']>().toEqualTypeOf<string | null>();
expectTypeOf<Sample['kind']>().toEqualTypeOf<string | null>();
expectTypeOf<Sample>().not.toHaveProperty('secret');
