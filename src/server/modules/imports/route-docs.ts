import { objectSchema as object, type JsonSchema, type RouteDoc } from '../../openapi/route-doc.js';

const TAGS = ['Importações'];

const KINDS = ['members', 'history'];
const OUTCOMES = ['create', 'update', 'unchanged', 'duplicate', 'error'];
const STATES = ['uploaded', 'checked', 'committing', 'committed', 'undone', 'partly_undone'];

const mappingSchema: JsonSchema = {
  type: 'object',
  description: 'Posição da coluna (0, 1, …) -> chave do campo que preenche, ou null para a ignorar. Várias colunas podem preencher um campo de texto (juntam-se: nome próprio e apelido)',
  additionalProperties: { type: ['string', 'null'] },
};
const defaultsSchema: JsonSchema = {
  type: 'object',
  description: 'Chave do campo -> valor para todas as linhas sem valor nesse campo (por exemplo, a categoria de quota)',
  additionalProperties: { type: 'string' },
};
const summarySchema = object({ create: { type: 'integer' }, update: { type: 'integer' }, unchanged: { type: 'integer' }, duplicate: { type: 'integer' }, error: { type: 'integer' } });
const rowSchema: JsonSchema = object(
  {
    line: { type: 'integer', description: 'Linha do ficheiro (1 = a dos nomes das colunas)' },
    outcome: { type: 'string', enum: OUTCOMES, description: 'create: cria; update: altera o sócio member; unchanged: já está assim; duplicate: repete uma linha anterior do ficheiro; error: não se grava' },
    member: object({ id: { type: 'integer' }, number: { type: 'integer' }, name: { type: 'string' } }),
    matchedBy: { type: 'string', enum: ['nif', 'number', 'email'], description: 'Por onde se encontrou o sócio: NIF, número ou e-mail, por esta ordem' },
    changes: { type: 'array', items: { type: 'string' }, description: 'Os campos que uma alteração muda' },
    errors: { type: 'array', items: object({ field: { type: 'string' }, message: { type: 'string' } }), description: 'O campo e a razão, em português' },
  },
  ['line', 'outcome', 'errors'],
);
const batchSchema = object(
  {
    id: { type: 'integer' },
    kind: { type: 'string', enum: KINDS },
    fileName: { type: 'string' },
    rowCount: { type: 'integer' },
    state: { type: 'string', enum: STATES },
    summary: { type: ['object', 'null'], description: 'As contagens da última verificação' },
    mapping: mappingSchema,
    defaults: defaultsSchema,
    createdBy: { type: ['object', 'null'], description: 'id e nome de quem enviou o ficheiro' },
    createdAt: { type: 'string', format: 'date-time' },
    committedAt: { type: ['string', 'null'], format: 'date-time' },
    undoneAt: { type: ['string', 'null'], format: 'date-time' },
    jobId: { type: ['integer', 'null'], description: 'O trabalho da gravação (GET /api/jobs/{id})' },
    changes: { type: 'integer', description: 'Registos criados ou alterados pela importação e ainda não repostos' },
  },
);
const data = (schema: JsonSchema) => object({ data: schema });

export const UPLOAD_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Enviar uma folha de cálculo para importar',
  description:
    'Equipa (quem pode criar sócios). Corpo multipart/form-data: `kind` (members ou history) e depois `file`, um CSV (UTF-8, com ou sem BOM, ou Windows-1252; ' +
    'separador ";" ou ","; datas dd/mm/aaaa ou aaaa-mm-dd; valores como 12,50) ou um XLSX (a primeira folha). A primeira linha tem os nomes das colunas. ' +
    'Responde com as colunas, os campos que podem preencher e a correspondência sugerida (a da última importação deste tipo, ou pelos nomes das colunas em português, inglês ou do Galette). ' +
    'Não altera nenhum registo.',
  body: {
    type: 'multipart/form-data',
    schema: { type: 'object', properties: { kind: { type: 'string', enum: KINDS }, file: { type: 'string', contentMediaType: 'application/octet-stream' } }, required: ['kind', 'file'] },
  },
  responses: {
    201: {
      description: 'A importação, por verificar',
      schema: data(
        object({
          id: { type: 'integer' },
          kind: { type: 'string', enum: KINDS },
          fileName: { type: 'string' },
          rowCount: { type: 'integer' },
          columns: { type: 'array', items: object({ index: { type: 'integer' }, header: { type: 'string' }, samples: { type: 'array', items: { type: 'string' } } }) },
          fields: { type: 'array', items: object({ key: { type: 'string' }, label: { type: 'string' }, required: { type: 'boolean' }, hint: { type: 'string' }, joins: { type: 'boolean' } }) },
          mapping: mappingSchema,
          defaults: defaultsSchema,
        }),
      ),
    },
  },
  errors: [400, 401, 403, 413, 415, 422],
};

export const CHECK_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Verificar uma importação (sem gravar)',
  description:
    'Lê todas as linhas com a correspondência indicada e julga cada uma pelas mesmas regras do formulário e da API: cria, altera o sócio encontrado pelo NIF, número ou e-mail (por esta ordem), ' +
    'já está assim, repete uma linha anterior, ou tem erros (o campo e a razão). Não grava nenhum registo: guarda só a correspondência (sugerida na próxima importação) e o resultado. ' +
    'Responde com as contagens e as primeiras 500 linhas; as restantes em GET /api/imports/{id}/rows.',
  body: { schema: object({ mapping: mappingSchema, defaults: defaultsSchema }, ['mapping']), invalid: 'fields' },
  responses: { 200: { description: 'O resultado, linha a linha', schema: data(object({ summary: summarySchema, rows: { type: 'array', items: rowSchema }, rowCount: { type: 'integer' } })) } },
  errors: [400, 401, 403, 404, 409, 422],
};

export const ROWS_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Linhas da última verificação',
  description: 'As linhas da última verificação, 100 por página, pela ordem do ficheiro; `outcome` filtra por resultado.',
  query: {
    outcome: { type: 'string', enum: OUTCOMES, description: 'Só as linhas com este resultado' },
    _page: { type: 'integer', minimum: 1, description: 'Página (a primeira é 1)' },
  },
  responses: { 200: { description: 'Uma página de linhas', schema: data(object({ rows: { type: 'array', items: rowSchema }, total: { type: 'integer' }, page: { type: 'integer' }, pageSize: { type: 'integer' } })) } },
  errors: [400, 401, 403, 404],
};

export const REPORT_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Relatório da verificação (CSV)',
  description: 'As linhas do ficheiro tal como vieram, com as colunas «Resultado» e «Erros» acrescentadas, em CSV para o Excel (BOM, separador ";"): corrija o ficheiro e envie-o de novo.',
  responses: { 200: { description: 'O relatório', type: 'text/csv' } },
  errors: [400, 401, 403, 404, 409],
};

export const COMMIT_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Gravar uma importação verificada',
  description:
    'Grava a importação num trabalho (imports.commit), por partes, com progresso: cada linha é julgada de novo e gravada pelo mesmo caminho que o formulário (com o registo de alterações a nomear a importação); ' +
    'as linhas com erros ou repetidas ficam de fora. Gravar de novo a mesma importação não faz nada; o mesmo ficheiro numa nova importação dá tudo «já está assim».',
  responses: { 202: { description: 'O trabalho que grava', schema: data(object({ jobId: { type: 'integer' } })) } },
  errors: [400, 401, 403, 404, 409],
};

export const UNDO_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Anular uma importação',
  description:
    'Repõe, numa só transação, cada registo que a importação criou ou alterou como estava antes dela. Se trabalho posterior depende dela (um pagamento, um recibo, um cartão emitido desde então), ' +
    'recusa com 409 import_blocked e a lista (blockers); com {"rest": true} anula o resto e deixa esses registos como estão (estado partly_undone).',
  body: { schema: object({ rest: { type: 'boolean', description: 'Anular o que não tem trabalho posterior' } }, []), required: false },
  responses: { 200: { description: 'Anulada', schema: data(object({ undone: { type: 'integer' }, kept: { type: 'integer' }, state: { type: 'string', enum: STATES } })) } },
  errors: [400, 401, 403, 404, 409],
};

export const LIST_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Importações',
  description: 'As importações, da mais recente para a mais antiga, 50 por página: tipo, ficheiro, quem, quando, estado e contagens.',
  query: { _page: { type: 'integer', minimum: 1, description: 'Página (a primeira é 1)' } },
  responses: { 200: { description: 'As importações', schema: data({ type: 'array', items: batchSchema }) } },
  errors: [400, 401, 403],
};

export const READ_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Uma importação',
  description: 'A importação: ficheiro, quem, quando, estado, contagens da última verificação e o trabalho que a gravou.',
  responses: { 200: { description: 'A importação', schema: data(batchSchema) } },
  errors: [400, 401, 403, 404],
};
