// The collecting module's settings: the association's own Multibanco entity and sub-entity (local
// references, when no payment provider is configured) and how long a payment request stays open.
// Provider keys are configuration (ASSOCIA_IFTHENPAY_*), never settings: members read settings.
import type { SettingDeclaration } from '../../settings/declaration.js';

export const COLLECTING_SETTINGS = [
  {
    name: 'multibancoEntity', kind: 'text', label: 'Entidade Multibanco',
    hint: 'Os 5 algarismos da entidade da associação, para referências Multibanco próprias (sem fornecedor de pagamentos).',
    pattern: '[0-9]{5}', patternMessage: 'Indique os 5 algarismos da entidade, por exemplo 12345.',
    default: '', page: 'members', readers: 'authenticated',
  },
  {
    name: 'multibancoSubEntity', kind: 'text', label: 'Subentidade Multibanco',
    hint: 'Os 3 algarismos da subentidade: as referências próprias começam por eles.',
    pattern: '[0-9]{3}', patternMessage: 'Indique os 3 algarismos da subentidade, por exemplo 001.',
    default: '', page: 'members', readers: 'authenticated',
  },
  {
    name: 'paymentRequestDays', kind: 'integer', label: 'Validade dos pedidos de pagamento (dias)',
    hint: 'Durante quantos dias uma referência Multibanco ou um pedido MB WAY pode ser pago.',
    min: 1, max: 90, default: '3', page: 'members', readers: 'authenticated',
  },
  {
    name: 'letterReferenceDays', kind: 'integer', label: 'Validade das referências em cartas e avisos (dias)',
    hint: 'Durante quantos dias pode ser paga uma referência Multibanco pedida pelos serviços (Pedir pagamento) ou enviada num aviso: a carta tem de chegar antes de ela expirar. A data-limite vai impressa com a referência.',
    min: 1, max: 180, default: '30', page: 'members', readers: 'authenticated',
  },
] as const satisfies readonly SettingDeclaration[];
