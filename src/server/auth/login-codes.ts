import type { Db } from '../db/database.js';
import { enqueueMessage } from '../messages/outbox.js';
import { randomToken, sha256 } from './secrets.js';

const LOGIN_CODE_MS = 60 * 60_000;

interface Recipient {
  _id: unknown;
  name: unknown;
  email: unknown;
}

/**
 * Creates a single-use code valid for one hour and queues the e-mail carrying its link,
 * in one transaction: no code without its message, no message without its code. Returns
 * the id of the queued message.
 */
export async function sendLoginLink(db: Db, now: number, publicUrl: string, user: Recipient, reason: 'login' | 'recover'): Promise<number> {
  const code = randomToken(24);
  const stamp = new Date(now).toISOString();
  const link = `${publicUrl}/autorizacao/loginporlink/${code}`;
  const subject = reason === 'login' ? 'Entrar no Associa' : 'Recuperação da palavra-passe';
  const intro =
    reason === 'login'
      ? 'Use a ligação abaixo para entrar na sua conta.'
      : 'Recebemos um pedido para recuperar o acesso à sua conta. Use a ligação abaixo para entrar e definir uma nova palavra-passe.';
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('login_codes')
      .values({
        user_id: Number(user._id),
        code_hash: sha256(code),
        expires_at: new Date(now + LOGIN_CODE_MS).toISOString(),
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    return enqueueMessage(trx, now, {
      recipient: String(user.email),
      subject,
      body: `Olá ${String(user.name)},\n\n${intro}\n\n{{ligacao}}\n\nA ligação é válida durante uma hora e só pode ser usada uma vez. Se não fez este pedido, ignore esta mensagem.`,
      // The link is a login: staff reading the outbox must not be able to use it.
      secretLinks: { ligacao: link },
    });
  });
}

/** Spends a code; returns the user id it belongs to, or null if unknown, used or expired. */
export async function redeemLoginCode(db: Db, now: number, code: string): Promise<number | null> {
  const stamp = new Date(now).toISOString();
  const row = await db
    .selectFrom('login_codes')
    .select(['_id', 'user_id', 'expires_at'])
    .where('code_hash', '=', sha256(code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (!row || row.expires_at <= stamp) return null;
  const spent = await db
    .updateTable('login_codes')
    .set({ used_at: stamp, updated_at: stamp })
    .where('_id', '=', row._id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1 ? row.user_id : null;
}

/** Deletes spent and expired codes: a code is worth keeping only while it can still be used. */
export async function pruneLoginCodes(db: Db, now: number): Promise<void> {
  await db
    .deleteFrom('login_codes')
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', new Date(now).toISOString())]))
    .execute();
}
