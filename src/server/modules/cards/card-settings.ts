// The cards module's settings: how long a card is valid, how cards are printed and where the
// printer puts them. How many years the 'years' rule counts is the members domain's
// membershipCardValidityYears.
import type { SettingDeclaration } from '../../settings/declaration.js';
import { LETTER_PLACEHOLDERS, templateProblem } from './letter-template.js';

const offset = <const N extends string>(name: N, label: string, hint: string) =>
  ({ name, kind: 'decimal', label, hint, min: -20, max: 20, scale: 1, default: '0', page: 'cards', readers: 'authenticated' }) as const;

export const CARD_SETTINGS = [
  {
    name: 'cardValidityRule', kind: 'enum', label: 'Validade dos cartões',
    hint: 'Até ao fim do último período de quotas pago, ou um número fixo de anos a contar da emissão.',
    options: [
      { value: 'paid', label: 'Até ao fim do último período de quotas pago' },
      { value: 'years', label: 'Anos a contar da emissão' },
    ],
    default: 'paid', page: 'cards', readers: 'authenticated',
  },
  {
    name: 'cardLayout', kind: 'enum', label: 'Formato de impressão dos cartões',
    options: [
      { value: 'id1', label: 'Cartão (85,6 × 54 mm), um por página, para impressoras de cartões' },
      { value: 'a4', label: 'Folhas A4 com 10 cartões e marcas de corte' },
    ],
    default: 'a4', page: 'cards', readers: 'authenticated',
  },
  offset('cardOffsetX', 'Acerto horizontal da impressão (mm)', 'Desloca os cartões para a direita (positivo) ou para a esquerda (negativo); confirme com a página de calibração.'),
  offset('cardOffsetY', 'Acerto vertical da impressão (mm)', 'Desloca os cartões para baixo (positivo) ou para cima (negativo); confirme com a página de calibração.'),
  {
    name: 'cardLetterTemplate', kind: 'text', label: 'Texto da carta de envio do cartão',
    hint: `Marcadores: ${LETTER_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}.`,
    maxLength: 3000, check: templateProblem, page: 'cards', readers: 'authenticated',
    default:
      'Caro(a) {primeiro_nome},\n\nJunto enviamos o seu {cartao}, com o número {numero}, válido até {valido_ate}.\n\n' +
      'O código QR do cartão permite a quem o ler confirmar que é membro de {organizacao}. Se perder o cartão, avise-nos: emitiremos outro e este deixa de ser válido.\n\n' +
      'Com os melhores cumprimentos,\nA Direção',
  },
  {
    name: 'cardLetterAddressX', kind: 'decimal', label: 'Morada na carta: distância à margem esquerda (mm)',
    hint: 'Onde começa o bloco da morada, para aparecer na janela do envelope.', min: 0, max: 150, scale: 1, default: '110', page: 'cards', readers: 'authenticated',
  },
  {
    name: 'cardLetterAddressY', kind: 'decimal', label: 'Morada na carta: distância ao topo (mm)',
    hint: 'Onde começa o bloco da morada, para aparecer na janela do envelope.', min: 0, max: 250, scale: 1, default: '50', page: 'cards', readers: 'authenticated',
  },
] as const satisfies readonly SettingDeclaration[];
