// Every word the erasure flow shows (pt-PT).
const day = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

export const ERASURE_TEXTS = {
  heading: 'Dados pessoais',
  start: 'Apagar dados pessoais',
  cancel: 'Cancelar',
  intro: 'Apaga ou anonimiza os dados pessoais deste sócio numa só operação, que não se pode desfazer.',
  erasedHeading: 'O que é apagado',
  keptHeading: 'O que fica, e porquê',
  rows: (count: number) => (count === 1 ? '1 registo' : `${count} registos`),
  until: (iso: string | null) => (iso ? `até ${day(iso)}` : 'sem prazo'),
  request: 'Pedido de apagamento a que responde',
  noRequest: 'Nenhum (decisão da associação)',
  requestOption: (received: string, name: string) => `Recebido em ${day(received)} — ${name}`,
  confirm: (number: number) => `Para confirmar, escreva o número do sócio (${number})`,
  confirmHint: 'Só um administrador pode apagar.',
  erase: 'Apagar definitivamente',
  erasing: 'A apagar…',
  refused: 'Ainda não é possível apagar:',
  done: (at: string) => `Dados pessoais apagados em ${day(at)}.`,
  doneBy: (name: string | null, reason: 'pedido' | 'retencao') => (reason === 'retencao' ? 'Anonimizados automaticamente, passado o prazo de conservação.' : name ? `Apagados por ${name}.` : ''),
  onRequest: 'Em resposta a um pedido do titular:',
  openRequest: 'ver o pedido',
  failed: 'Não foi possível ler o que seria apagado.',
} as const;
