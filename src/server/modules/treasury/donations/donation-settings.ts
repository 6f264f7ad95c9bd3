// What a donation receipt must state under the Estatuto dos Benefícios Fiscais (art. 66.º, n.º 1,
// alínea b): the beneficiary's legal status and the legal basis of the donation. The Modelo 25
// code is the accountant's choice from the declaration's instructions, so it is a setting too.
import type { SettingDeclaration } from '../../../settings/declaration.js';

export const DONATION_SETTINGS = [
  {
    name: 'donationEntityStatus', kind: 'text', label: 'Qualidade jurídica da entidade (recibos de donativo)',
    hint: 'Consta de cada recibo de donativo, por exemplo "Associação sem fins lucrativos".',
    required: true, maxLength: 200, default: 'Entidade sem fins lucrativos', page: 'treasury', readers: 'authenticated',
  },
  {
    name: 'donationLegalBasis', kind: 'text', label: 'Enquadramento legal dos donativos',
    hint: 'Norma do Estatuto dos Benefícios Fiscais em que se enquadram os donativos, por exemplo "art. 62.º do EBF".',
    required: true, maxLength: 200, default: 'art. 62.º do EBF', page: 'treasury', readers: 'authenticated',
  },
  {
    name: 'modelo25DonationCode', kind: 'text', label: 'Código do donativo (declaração modelo 25)',
    hint: 'Código da tabela das instruções da declaração modelo 25 que corresponde ao enquadramento acima; confirme-o com o contabilista.',
    pattern: '[A-Z0-9]{1,4}', patternMessage: 'Indique o código tal como vem na tabela da declaração modelo 25, por exemplo 01.',
    default: '', page: 'treasury', readers: 'authenticated',
  },
] as const satisfies readonly SettingDeclaration[];
