import type { Role } from '../../core/contract.js';
import type { Db } from '../db/database.js';
import { hashPassword } from '../auth/passwords.js';

/** An account created at first start, with the password to show its owner once. */
export interface Account {
  username: string;
  name: string;
  role: Role;
  email: string | null;
  member: number | null;
  password: string;
}

export async function insertAccount(db: Db, account: Account, stamp: string): Promise<void> {
  await db
    .insertInto('users')
    .values({
      username: account.username,
      name: account.name,
      email: account.email,
      role: account.role,
      member: account.member,
      active: 1,
      password_hash: await hashPassword(account.password),
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
}
