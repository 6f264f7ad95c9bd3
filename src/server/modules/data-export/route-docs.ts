import { objectSchema, type RouteDoc } from '../../openapi/route-doc.js';

const TAGS = ['Dados'];
const ADMINS = 'Só administradores.';

const RUN = objectSchema({
  _id: { type: 'integer' },
  state: { type: 'string', enum: ['queued', 'running', 'done', 'failed'] },
  progress: { type: 'integer' },
  total: { type: ['integer', 'null'] },
  requestedAt: { type: 'string', format: 'date-time' },
  finishedAt: { type: ['string', 'null'] },
  requestedBy: { type: ['string', 'null'] },
  size: { type: ['integer', 'null'] },
});

export const EXPORT_START_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Exportar todos os dados',
  description:
    'Começa, em segundo plano, um arquivo zip com todos os recursos que um administrador pode ler, cada um em CSV (Excel em português: UTF-8 com BOM, separador ";", ' +
    'vírgula decimal) e em JSON, os ficheiros guardados (fotografias, documentos, PDF dos cartões e recibos) e um manifest.json com as contagens e o SHA-256 de cada ' +
    `entrada. O progresso chega pelo tópico "jobs"; GET /api/data_exports/{job} dá o endereço do ficheiro quando termina. Fica no registo de auditoria. ${ADMINS}`,
  responses: { 202: { description: 'A exportação pedida', schema: objectSchema({ data: objectSchema({ job: objectSchema({ _id: { type: 'integer' }, state: { type: 'string' } }) }) }) } },
  errors: [401, 403],
};

export const EXPORT_LIST_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'As últimas exportações',
  description: `As dez exportações mais recentes, da mais nova para a mais antiga, com o estado, o progresso, quem as pediu e o tamanho do arquivo. ${ADMINS}`,
  responses: { 200: { description: 'As exportações', schema: objectSchema({ data: { type: 'array', items: RUN } }) } },
  errors: [401, 403],
};

export const EXPORT_DOWNLOAD_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Descarregar uma exportação',
  description: `O endereço curto do arquivo de uma exportação concluída (válido 5 minutos, só para quem o pede). Cada endereço dado fica no registo de auditoria. ${ADMINS}`,
  responses: { 200: { description: 'O endereço do arquivo', schema: objectSchema({ data: objectSchema({ url: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' } }) }) } },
  errors: [401, 403, 404, 409],
};
