// Every word of the whole export's element, in pt-PT.
import type { DataExportRun } from '../../../core/index.js';

export const DATA_EXPORT_TEXTS = {
  intro:
    'Um arquivo zip com todos os dados: cada lista em CSV (abre no Excel) e em JSON, as fotografias, os documentos e os PDF dos cartões e recibos, ' +
    'e um manifest.json com as contagens e a impressão digital (SHA-256) de cada ficheiro. Só administradores o podem pedir e descarregar; cada pedido fica na auditoria.',
  start: 'Exportar tudo',
  starting: 'A pedir…',
  queued: 'A exportação está em espera.',
  running: 'A exportar todos os dados…',
  done: 'A exportação está pronta.',
  failed: 'A exportação falhou. Tente de novo; se voltar a falhar, veja a página Tarefas.',
  startFailed: 'Não foi possível começar a exportação.',
  download: 'Descarregar',
  downloading: 'A descarregar…',
  downloadFailed: 'Não foi possível descarregar a exportação.',
  last: 'Últimas exportações',
  none: 'Ainda não foi feita nenhuma exportação.',
  listFailed: 'Não foi possível ler as últimas exportações.',
  requestedAt: 'Pedida em',
  requestedBy: 'Por',
  state: 'Estado',
  size: 'Tamanho',
  file: 'Arquivo',
  states: {
    queued: 'Em espera',
    running: 'Em curso',
    done: 'Concluída',
    failed: 'Falhada',
  } satisfies Record<DataExportRun['state'], string>,
  fileName: (requestedAt: string) => `associa-exportacao-${requestedAt.slice(0, 10)}.zip`,
} as const;
