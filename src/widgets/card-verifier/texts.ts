// Every word <associa-card-verifier> shows, in pt-PT.
import type { CardStatus } from '../../core/modules/card-check.js';

export const CARD_VERIFIER_TEXTS = {
  title: 'Verificação de cartão',
  codeLabel: 'Código do cartão',
  codeHint: 'As 13 letras e algarismos impressos por baixo do código QR (por exemplo ABCD-EFGH-JKMNP).',
  codeInvalid: 'Este código não tem o formato de um cartão: são 13 letras e algarismos, como estão impressos no cartão.',
  codeMissing: 'Escreva o código impresso no cartão.',
  submit: 'Verificar',
  checking: 'A verificar o cartão…',
  anotherTitle: 'Verificar outro cartão',
  /** Why each verdict, under the big word the server sends. */
  explanations: {
    valid: 'Cartão verdadeiro e em vigor: sócio com as quotas em dia.',
    arrears: 'Cartão verdadeiro, mas o sócio tem quotas vencidas por pagar.',
    expired: 'Cartão verdadeiro, mas já passou a data de validade: peça o cartão atual.',
    superseded: 'Este cartão foi substituído por um mais recente e já não serve: peça o cartão atual.',
    invalid: 'Este cartão não é válido: foi revogado, ou o sócio já não pertence à organização.',
  } satisfies Record<CardStatus, string>,
  number: 'Número',
  category: 'Categoria',
  validUntil: 'Válido até',
  /** Beside a valid-until already past, whatever the verdict. */
  past: 'expirado',
  code: 'Código',
  none: '—',
  notFoundTitle: 'Cartão não encontrado',
  notFound: 'Não existe nenhum cartão com este código. Confirme o código impresso no cartão e tente de novo.',
  tooManyTitle: 'Demasiadas verificações',
  tooMany: 'Foram feitas demasiadas verificações seguidas a partir desta ligação. Aguarde um minuto e tente novamente.',
  failed: 'Não foi possível verificar o cartão: confirme a ligação à internet e tente novamente.',
  retry: 'Tentar novamente',
} as const;
