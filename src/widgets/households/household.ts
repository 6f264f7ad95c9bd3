// A household as the pages read it (GET /api/households/{id}), its members and what it owes:
// the queries the household's elements share, so one page asks each of them once.
import { LIST_ALL, type QuerySpec } from '../../core/index.js';
import { LEDGER_RESOURCES } from '../../core/modules/payments.js';
import type { Member } from '../../core/records.js';

export const HOUSEHOLDS = 'households';

/** The fields of a household these elements read (the resource `households` of the dues module). */
export interface Household {
  _id: number;
  name: string;
  /** The member who pays, or null: then the contact named by payer_name and payer_nif pays. */
  payer_member: number | null;
  payer_name: string | null;
  payer_nif: string | null;
  members_count?: number | null;
}

/** A member with the household they belong to (members.household). */
export type HouseholdMember = Member & { household?: number | null };

/** The household's members, by number; read again when a member or the household changes. */
export function householdMembersQuery(householdId: string | number): QuerySpec {
  return { path: 'members', params: { _page: 1, _limit: LIST_ALL, _household: householdId, _sort: 'number' }, resources: ['members', HOUSEHOLDS] };
}

/**
 * Every debt the household's payer answers for: those of its members and those charged to the
 * household itself (the ledger's `household` filter), oldest due first. The open ones are chosen
 * in the browser: a filter takes one value per name in a query of the core.
 */
export function householdDebtsQuery(householdId: string | number): QuerySpec {
  return { path: 'unsettled_payments', params: { _page: 1, _limit: LIST_ALL, _household: householdId, _sort: 'due_date' }, resources: [...LEDGER_RESOURCES, 'members', HOUSEHOLDS] };
}

/** Who pays for the household, as a person reads it: the payer member's name, else the contact's (with NIF). */
export function payerText(household: Household, members: readonly HouseholdMember[]): string | null {
  if (household.payer_member !== null) {
    const payer = members.find((member) => member._id === household.payer_member);
    return payer ? `${payer.name} (n.º ${payer.number})` : null;
  }
  if (!household.payer_name) return null;
  return household.payer_nif ? `${household.payer_name} (NIF ${household.payer_nif})` : household.payer_name;
}
