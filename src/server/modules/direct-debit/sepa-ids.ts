// Checks of the identifiers a SEPA direct debit carries: the creditor identifier (a setting), the
// debtor's IBAN and BIC and the mandate reference (a mandate's fields). pt-PT messages, or null.
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { validateCreditorID } from 'sepa';

/**
 * A SEPA creditor identifier: country, two check digits, a three-character business code
 * (usually ZZZ) and the national identifier. The check digits are ISO 7064 mod 97-10 over the
 * national identifier followed by country and digits, the business code left out (EPC262-08);
 * `sepa` computes exactly that.
 */
const CREDITOR_ID = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/;

export const normaliseCreditorId = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

export function creditorIdProblem(value: string): string | null {
  if (value === '') return null;
  const id = normaliseCreditorId(value);
  if (!CREDITOR_ID.test(id)) return 'Indique o identificador de credor SEPA completo, por exemplo PT12ZZZ123456.';
  if (!validateCreditorID(id)) return 'O identificador de credor SEPA não é válido: verifique os algarismos de controlo.';
  return null;
}

/** The IBAN as stored and sent to the bank: no spaces, upper case; null when it is no valid IBAN. */
export function normalisedIban(value: string): string | null {
  const iban = electronicFormatIBAN(value);
  return iban && isValidIBAN(iban) ? iban : null;
}

export const IBAN_MESSAGE = 'O IBAN não é válido: verifique o país, o comprimento e os algarismos de controlo (por exemplo PT50 0002 0123 1234 5678 9015 4).';

export const normalisedBic = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

export function bicProblem(value: string, iban: string | null): string | null {
  const bic = normalisedBic(value);
  if (!isValidBIC(bic)) return 'O BIC não é válido: tem 8 ou 11 letras e algarismos, por exemplo CGDIPTPL.';
  if (iban && bic.slice(4, 6) !== iban.slice(0, 2)) return 'O país do BIC não é o do IBAN.';
  return null;
}

/**
 * A mandate reference (SEPA "Unique Mandate Reference"): up to 35 characters of the SEPA Latin
 * set, not starting with "/" and without "//".
 */
const SEPA_REFERENCE = /^[A-Za-z0-9+?/\-:().,' ]{1,35}$/;

export function mandateReferenceProblem(value: string): string | null {
  if (!SEPA_REFERENCE.test(value)) return "A referência do mandato só pode ter letras sem acentos, algarismos, espaços e + ? / - : ( ) . , ' (até 35).";
  if (value.startsWith('/') || value.includes('//')) return 'A referência do mandato não pode começar por "/" nem ter "//".';
  return null;
}
