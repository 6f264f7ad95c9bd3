import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import { MAX_REFERENCE_CENTS, portugueseMobile } from './multibanco.js';
import type { RequestMethod } from './payment-requests.js';
import { availableMethods } from './payment-options.js';
import { NOT_THE_HOUSEHOLDS_DEBT } from '../dues/public.js';
import { paysFor } from './household-scope.js';
import { quote } from './requests.js';

const MAX_DEBTS = 100;

/** What a payer asked for, checked: field errors in pt-PT by name, or the debts, method, phone and amount to request. */
export interface PayerChoice {
  errors: Record<string, string>;
  debts: number[];
  method: RequestMethod;
  phone: string | null;
  amount: number;
  /** The household whose debts are asked for (the payer's choice), or null: the member's own. */
  household: number | null;
}

/**
 * Checks a payer's own choice (the member on their dashboard or payment link): debts of
 * `member` still owing, each once (with `household` in the body: debts of the members of a
 * household `member` is the payer of, issue 34); a method the association takes now; a
 * Portuguese mobile for MB WAY; a Multibanco total a reference can carry. Reads only: nothing
 * is asked of the provider, nothing stored.
 */
export async function checkPayerChoice(ctx: Pick<ServerContext, 'config'>, db: Db, member: number, body: Record<string, unknown>): Promise<PayerChoice> {
  const errors: Record<string, string> = {};
  // At least one integer, and multibanco or mbway: the routes' body schemas saw to it (OWN_REQUEST_DOC, PAYMENT_INFO_REQUEST_DOC).
  const given = body.debts as number[];
  if (given.length > MAX_DEBTS || !given.every((id) => Number.isSafeInteger(id) && id > 0) || new Set(given).size !== given.length)
    errors.debts = 'Só pode escolher dívidas em aberto da lista, cada uma uma vez.';
  const debts = errors.debts ? [] : given;
  const methods = await availableMethods(ctx, db);
  const method = body.method as RequestMethod;
  if (!methods.includes(method))
    errors.method = method === 'mbway' ? 'O pagamento por MB WAY não está disponível: use uma referência Multibanco.' : 'A associação ainda não aceita pagamentos por referência Multibanco: contacte-a.';
  let phone: string | null = null;
  if (method === 'mbway') {
    phone = typeof body.phone === 'string' ? portugueseMobile(body.phone) : null;
    if (!phone) errors.phone = 'Indique um telemóvel português para o MB WAY: 9 algarismos começados por 91, 92, 93 ou 96.';
  }
  // An integer when given: the routes' body schemas saw to it. Someone else's household reads as not theirs, whether it exists or not.
  const household = typeof body.household === 'number' ? body.household : null;
  if (household !== null && !(Number.isSafeInteger(household) && household > 0 && (await paysFor(db, member, household))))
    errors.household = 'Só pode pagar as dívidas dos agregados de que é o pagador.';
  let amount = 0;
  if (!errors.debts && !errors.household) {
    try {
      amount = await quote(db, member, debts, household);
    } catch (error) {
      if (!(error instanceof HttpError) || !error.fieldErrors) throw error;
      errors.debts = household === null ? 'Só pode escolher dívidas em aberto da lista.' : NOT_THE_HOUSEHOLDS_DEBT;
    }
    if (!errors.debts && method === 'multibanco' && amount > MAX_REFERENCE_CENTS) errors.debts = 'O total excede o máximo de uma referência Multibanco (999 999,99 €): escolha menos dívidas.';
  }
  return { errors, debts, method, phone, amount, household };
}
