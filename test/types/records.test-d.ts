// Checked by tsc (npx tsc -p tsconfig.json --noEmit), not run: the record types inferred from
// the definitions have the shapes widgets rely on, and the browser's copy is up to date.
import { expectTypeOf } from 'vitest';
import type * as Contract from '../../src/core/contract.js';
import type * as Copy from '../../src/core/records.js';
import type { RecordOfFields, RecordsByResource as Records } from '../../src/server/resources/record-types.js';

// The browser's copy (src/core/records.ts, through the contract) is the inferred type: after a
// definition changes, `node scripts/record-types.mjs` brings it back in line.
// Every resource, each by its name.
expectTypeOf<Copy.RecordsByResource>().toEqualTypeOf<Records>();
expectTypeOf<Contract.Member>().toEqualTypeOf<Records['members']>();
expectTypeOf<Contract.User>().toEqualTypeOf<Records['users']>();
expectTypeOf<Contract.Tag>().toEqualTypeOf<Records['tags']>();
expectTypeOf<Contract.Country>().toEqualTypeOf<Records['countries']>();
expectTypeOf<Contract.MemberState>().toEqualTypeOf<Records['member_states']>();
expectTypeOf<Contract.Contact>().toEqualTypeOf<Records['contacts']>();
expectTypeOf<Contract.ApiSecret>().toEqualTypeOf<Records['api_secrets']>();
expectTypeOf<Contract.Message>().toEqualTypeOf<Records['messages']>();
expectTypeOf<Contract.AuditLog>().toEqualTypeOf<Records['audit_log']>();

// Required fields are never null, optional ones may be; references are ids, lists arrays of ids.
expectTypeOf<Records['members']['number']>().toEqualTypeOf<number>();
expectTypeOf<Records['members']['name']>().toEqualTypeOf<string>();
expectTypeOf<Records['members']['email']>().toEqualTypeOf<string | null>();
expectTypeOf<Records['members']['state']>().toEqualTypeOf<number>();
expectTypeOf<Records['members']['country']>().toEqualTypeOf<number | null>();
expectTypeOf<Records['members']['tags']>().toEqualTypeOf<number[]>();
// Staff-only notes are absent from what a member reads of their own record.
expectTypeOf<Records['members']>().toHaveProperty('notes');
// Booleans come as true/false; write-only passwords are never in a record.
expectTypeOf<Records['users']['active']>().toEqualTypeOf<boolean>();
expectTypeOf<Records['users']>().not.toHaveProperty('password');
expectTypeOf<Records['users']>().not.toHaveProperty('current_password');
// Every record carries its id, version and times.
expectTypeOf<Records['api_secrets']>().toMatchTypeOf<{ _id: number; _version: number; created_at: string; updated_at: string }>();
expectTypeOf<Records['api_secrets']['revoked_at']>().toEqualTypeOf<string | null>();

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
