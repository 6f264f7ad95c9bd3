// The treasury documents' settings: each series' prefix, the VAT wording printed on every
// document, whether recording a payment issues its receipt, and how many documents a printing
// block merges.
import type { SettingDeclaration } from '../../settings/declaration.js';

const prefix = <const N extends string>(name: N, label: string, value: string) =>
  ({
    name, kind: 'text', label, required: true, pattern: '[A-Z]{1,4}', patternMessage: 'Use de uma a quatro letras maiúsculas, por exemplo R.',
    hint: 'Os documentos são numerados por série e ano, por exemplo R 2026/123.', default: value, page: 'treasury', readers: 'authenticated',
  }) as const;

export const TREASURY_DOC_SETTINGS = [
  prefix('treasuryPrefixQuota', 'Série dos recibos de quota', 'R'),
  prefix('treasuryPrefixJoiningFee', 'Série dos recibos de jóia', 'J'),
  prefix('treasuryPrefixDonation', 'Série dos recibos de donativo', 'D'),
  prefix('treasuryPrefixAnnulment', 'Série das notas de anulação', 'A'),
  {
    name: 'treasuryVatWording', kind: 'text', label: 'Menção de IVA nos documentos', required: true, maxLength: 200,
    hint: 'Impressa em cada recibo. As quotas de uma associação sem fins lucrativos estão isentas.',
    default: 'Isento — artigo 9.º do CIVA', page: 'treasury', readers: 'authenticated',
  },
  {
    name: 'treasuryAutoIssue', kind: 'boolean', label: 'Emitir o recibo ao registar um pagamento',
    hint: 'Com a tesouraria ativa, cada pagamento registado recebe o seu recibo na mesma operação.', default: 'true', page: 'treasury', readers: 'authenticated',
  },
  {
    name: 'treasuryBlockSize', kind: 'integer', label: 'Documentos por ficheiro na impressão em blocos',
    min: 1, max: 500, default: '50', page: 'treasury', readers: 'authenticated',
  },
] as const satisfies readonly SettingDeclaration[];
