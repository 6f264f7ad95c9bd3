import { ROLE } from '../../core/contract.js';
import { insertAccount, type Account } from './accounts.js';
import { type SeedContext, seededBy } from './context.js';
import { randomPassword } from './passwords.js';

/**
 * The users module's demo data: two accounts besides the admin (made by the first start), an
 * editor and a member user linked to the first member, with random passwords the first start
 * shows. Nothing else in the demo reads them (the payment history is the admin's).
 */
export async function seedDemoAccounts(ctx: SeedContext): Promise<void> {
  const memberIds = seededBy(ctx, 'memberIds', 'members');
  const firstMember = await ctx.db
    .selectFrom('members')
    .select(['_id', 'name', 'email'])
    .where('_id', '=', memberIds[0] ?? -1)
    .executeTakeFirstOrThrow();
  const accounts: Account[] = [
    { username: 'editor', name: 'Editor de demonstração', role: ROLE.editor, email: 'editor@example.com', member: null, password: randomPassword() },
    {
      username: 'socio',
      name: String(firstMember.name),
      role: ROLE.member,
      email: String(firstMember.email),
      member: Number(firstMember._id),
      password: randomPassword(),
    },
  ];
  for (const account of accounts) await insertAccount(ctx.db, account, ctx.stamp);
  ctx.accounts.push(...accounts);
}
