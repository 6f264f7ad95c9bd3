// What the form says about other people's changes (conflicts, remote changes), in pt-PT.
export const CONFLICT_TEXTS = {
  heading: 'Este registo foi alterado por outra pessoa enquanto o editava.',
  explanation: 'Nada do que escreveu se perdeu. O que só um de vocês alterou foi combinado; nos campos que ambos alteraram, escolha o valor a manter. Depois, guarde de novo.',
  combined: 'O que só um de vocês alterou foi combinado. Confirme e guarde de novo.',
  changes: 'Campos alterados',
  field: 'Campo',
  whenOpened: 'Quando abriu',
  yours: 'A sua versão',
  stored: 'Guardada agora',
  result: 'Fica',
  keepMine: 'Manter a minha',
  useStored: 'Usar a guardada',
  keptMine: 'A sua (só você alterou)',
  tookStored: 'A guardada (só a outra pessoa alterou)',
  sameChange: 'A mesma (ambos fizeram esta alteração)',
  chooseAll: 'Escolha o valor a manter em cada campo que ambos alteraram.',
  saveMerged: 'Guardar com estas escolhas',
  applyMerged: 'Aplicar e continuar a editar',
  discardMine: 'Descartar as minhas alterações',
  merged: 'As alterações foram combinadas. Reveja o formulário e guarde para as gravar.',
  remoteChanged: 'Este registo foi alterado por outra pessoa. Reveja as alterações antes de guardar, para que nenhuma se perca.',
  review: 'Rever alterações',
  remoteRefreshed: 'Este registo foi alterado por outra pessoa. O formulário mostra agora os dados atuais.',
  remoteDeleted: 'Este registo foi apagado por outra pessoa. O que escreveu continua no formulário, mas já não pode ser guardado.',
  newPassword: 'nova palavra-passe',
} as const;

/** Name of one field's choice, for screen readers: 'Nome: que valor manter?' */
export const chooseFor = (label: string) => `${label}: que valor manter?`;
