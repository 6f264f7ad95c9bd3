// Words of the imports page (Sócios › Importar): choosing and sending a file, mapping its
// columns, the dry run's report, the import itself and the list of earlier imports (pt-PT).

const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/** A check's or a batch's outcome, as the report and its filter name it. */
export const OUTCOME_LABELS = {
  create: 'A criar',
  update: 'A atualizar',
  unchanged: 'Sem alterações',
  duplicate: 'Repetidas no ficheiro',
  error: 'Com erros',
} as const;

export const IMPORT_TEXTS = {
  // Choosing what to import and the file
  kindLegend: 'O que importar',
  kinds: { members: 'Sócios', history: 'Histórico de quotas e pagamentos' } as Record<string, string>,
  kindHints: {
    members: 'Uma linha por sócio: nome, n.º, NIF, contactos… Os sócios já existentes (pelo NIF, n.º ou e-mail) são atualizados.',
    history: 'Uma linha por quota ou pagamento de anos anteriores, de sócios já existentes.',
  } as Record<string, string>,
  fileLabel: 'Ficheiro (CSV ou Excel)',
  fileHint: 'Folha de cálculo em Excel (.xlsx) ou CSV (separado por «;» ou «,»), com os nomes das colunas na primeira linha.',
  chooseFile: 'Escolher ficheiro',
  dropHere: 'ou arraste o ficheiro para aqui',
  dropZone: 'Largar o ficheiro aqui',
  wrongType: 'O ficheiro tem de ser CSV (.csv) ou Excel (.xlsx).',
  sending: (name: string) => `A enviar «${name}»…`,
  uploadFailed: 'Não foi possível ler o ficheiro.',

  // Mapping the columns
  mapTitle: (file: string) => `Colunas de «${file}»`,
  mapIntro: (rows: number) =>
    `${count(rows, 'linha', 'linhas')} de dados. Indique a que campo corresponde cada coluna; as colunas sem campo não são importadas. Já vêm escolhidos os campos sugeridos pelos nomes das colunas (ou pela última importação).`,
  column: 'Coluna',
  samples: 'Exemplos',
  field: 'Campo',
  fieldFor: (header: string) => `Campo da coluna «${header}»`,
  noField: 'Não importar',
  required: 'obrigatório',
  requiredLegend: 'Campos obrigatórios',
  requiredMapped: (field: string, column: string) => `${field}: coluna «${column}»`,
  requiredUnmapped: (field: string) => `${field}: sem coluna`,
  requiredByDefault: (field: string, value: string) => `${field}: «${value}» em todas as linhas`,
  mapCaption: 'Colunas do ficheiro e campo de cada uma',
  untitled: (index: number) => `Coluna ${index + 1}`,
  emptySample: '(vazio)',
  missingRequired: (labels: readonly string[]) =>
    labels.length === 1
      ? `Falta indicar a coluna do campo obrigatório «${labels[0]}» (ou um valor para todas as linhas).`
      : `Falta indicar as colunas dos campos obrigatórios ${labels.map((l) => `«${l}»`).join(', ')} (ou um valor para todas as linhas).`,
  usedTwice: (label: string, headers: readonly string[]) => `O campo «${label}» só pode ser preenchido por uma coluna: está escolhido em ${headers.map((h) => `«${h}»`).join(' e ')}.`,
  defaultsTitle: 'Valores para todas as linhas (opcional)',
  defaultsHint: 'Um valor aqui preenche o campo nas linhas em que a coluna está vazia, ou em todas se nenhuma coluna o preenche (por exemplo, a mesma categoria de quota para todos).',
  otherFile: 'Escolher outro ficheiro',

  // The dry run
  check: 'Verificar',
  checking: 'A verificar…',
  checkFailed: 'Não foi possível verificar o ficheiro.',
  reportTitle: 'Resultado da verificação',
  nothingWritten: 'Nada foi gravado.',
  checkedAt: 'Verificação: o que a importação faria com estas colunas.',
  summaryLabel: 'Resumo',
  outcomes: OUTCOME_LABELS,
  show: 'Mostrar',
  allRows: 'Todas as linhas',
  line: 'Linha',
  outcome: 'Resultado',
  member: 'Sócio',
  errors: 'Erros',
  matchedBy: { nif: 'pelo NIF', number: 'pelo n.º', email: 'pelo e-mail' } as Record<string, string>,
  memberLabel: (name: string, number: number | string | null | undefined) => (number === null || number === undefined || number === '' ? name : `${name} (n.º ${number})`),
  changes: (labels: readonly string[]) => `(${labels.join(', ')})`,
  errorLine: (field: string, message: string) => (field ? `${field}: ${message}` : message),
  noRows: 'Nenhuma linha com este resultado.',
  firstRows: (shown: number, total: number) => `A mostrar ${shown} de ${total} linhas.`,
  moreRows: 'Mostrar mais linhas',
  report: 'Descarregar relatório (CSV)',
  reportFailed: 'Não foi possível descarregar o relatório.',
  mappingChanged: 'As colunas mudaram desde a verificação: verifique de novo antes de importar.',

  // The import
  commit: (n: number) => (n === 1 ? 'Importar 1 linha' : `Importar ${n} linhas`),
  nothingToImport: 'Nada a importar: nenhuma linha cria ou atualiza um registo.',
  skipped: (n: number) => (n === 1 ? '1 linha com erros ou repetida fica de fora.' : `${n} linhas com erros ou repetidas ficam de fora.`),
  commitQueued: 'Importação em espera…',
  commitRunning: 'A importar…',
  commitDone: 'Importação concluída.',
  commitFailed: 'A importação falhou: nada foi gravado.',
  startFailed: 'Não foi possível iniciar a importação.',
  committed: (r: { created: number; updated: number; unchanged: number; skipped: number }) =>
    `Importação concluída: ${[
      count(r.created, 'registo criado', 'registos criados'),
      count(r.updated, 'atualizado', 'atualizados'),
      r.unchanged ? `${r.unchanged} sem alterações` : '',
      r.skipped ? count(r.skipped, 'linha deixada de fora', 'linhas deixadas de fora') : '',
    ]
      .filter(Boolean)
      .join(', ')}.`,
  failuresIntro: (n: number) => (n === 1 ? 'Uma linha foi recusada ao gravar (mudou alguma coisa desde a verificação):' : `${n} linhas foram recusadas ao gravar (mudou alguma coisa desde a verificação):`),
  failureLine: (line: number, message: string) => `Linha ${line}: ${message}`,
  seeMembers: (plural: string) => `Ver a lista de ${plural.toLowerCase()}`,
  another: 'Importar outro ficheiro',

  // Earlier imports
  historyTitle: 'Importações anteriores',
  noImports: 'Ainda não houve importações.',
  loadFailed: 'Não foi possível ler as importações anteriores.',
  kind: 'Tipo',
  file: 'Ficheiro',
  who: 'Por',
  when: 'Data',
  state: 'Estado',
  counts: 'Linhas',
  actions: 'Ações',
  states: {
    uploaded: 'Enviado',
    checked: 'Verificado',
    committing: 'A importar',
    committed: 'Importado',
    undone: 'Anulado',
    partly_undone: 'Anulado em parte',
  } as Record<string, string>,
  countsText: (c: { create?: number; update?: number; unchanged?: number; duplicate?: number; error?: number }) =>
    [
      c.create ? `${c.create} ${c.create === 1 ? 'criado' : 'criados'}` : '',
      c.update ? `${c.update} ${c.update === 1 ? 'atualizado' : 'atualizados'}` : '',
      c.unchanged ? `${c.unchanged} sem alterações` : '',
      c.duplicate ? `${c.duplicate} ${c.duplicate === 1 ? 'repetida' : 'repetidas'}` : '',
      c.error ? `${c.error} com erros` : '',
    ]
      .filter(Boolean)
      .join(', ') || '—',
  unknownUser: 'Desconhecido',

  // Undoing
  undo: 'Anular importação',
  undoOf: (file: string) => `Anular importação de «${file}»`,
  undoTitle: 'Anular esta importação?',
  undoBody: (file: string) => `Os registos criados pela importação de «${file}» são apagados e os atualizados voltam ao que eram antes. Não é possível desfazer a anulação.`,
  undoConfirm: 'Anular importação',
  undoing: 'A anular…',
  undone: (undone: number, kept: number) =>
    kept === 0 ? `Importação anulada: ${count(undone, 'registo reposto', 'registos repostos')}.` : `Importação anulada em parte: ${count(undone, 'registo reposto', 'registos repostos')}, ${count(kept, 'mantido', 'mantidos')} por ter trabalho feito depois.`,
  undoFailed: 'Não foi possível anular a importação.',
  blockedTitle: 'Não é possível anular tudo',
  blockedIntro: (n: number) =>
    n === 1
      ? 'Depois desta importação foi feito trabalho que depende dela. Este registo fica como está:'
      : `Depois desta importação foi feito trabalho que depende dela. Estes ${n} registos ficam como estão:`,
  blockedRest: 'Pode anular o resto: tudo o que não depende desse trabalho volta ao que era antes.',
  undoRest: 'Anular o resto',
  cancel: 'Cancelar',
} as const;
