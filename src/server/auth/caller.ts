import { isStaffRole, type Role } from '../../core/contract.js';

/** Who is asking: set on every request by the auth plugin before any handler runs. */
export type Caller =
  | { kind: 'anonymous' }
  | {
      kind: 'user';
      /** users._id */
      id: number;
      name: string;
      role: Role;
      /** members._id linked to this user, if any. */
      memberId: number | null;
      /** When the access token that identified this caller expires (ms since the epoch). */
      expiresAt?: number;
      /** When the session began with a one-time code sent by e-mail (recovery, login link), if it did (ms). */
      codeLoginAt?: number;
    }
  | {
      kind: 'apiKey';
      /** api_secrets._id */
      id: number;
      name: string;
      role: Role;
      memberId: null;
      /** When the key expires (ms since the epoch); absent for a key without an end. */
      expiresAt?: number;
    };

export type AuthenticatedCaller = Exclude<Caller, { kind: 'anonymous' }>;

export const isStaff = (caller: Caller): boolean =>
  caller.kind !== 'anonymous' && isStaffRole(caller.role);
