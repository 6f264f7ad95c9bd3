import type { JsonSchema, RouteDoc } from '../openapi/route-doc.js';
import { FILE_KINDS } from './kinds.js';
import { FILE_URL_LIFETIME_MS } from './signed-urls.js';

const TAGS = ['Ficheiros'];

const fileRecord: JsonSchema = {
  type: 'object',
  properties: {
    _id: { type: 'integer' },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
    _version: { type: 'integer' },
    originalName: { type: 'string', description: 'Nome com que o ficheiro foi enviado' },
    contentType: { type: 'string', enum: Object.values(FILE_KINDS).flat(), description: 'Lido do conteúdo do ficheiro' },
    size: { type: 'integer', description: 'Bytes guardados' },
    sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    owner: {
      type: ['object', 'null'],
      properties: { resource: { type: 'string' }, record: { type: 'integer' }, field: { type: 'string' } },
      description: 'O campo do registo a que o ficheiro pertence; null enquanto nenhum o usa',
    },
  },
  required: ['_id', 'created_at', 'updated_at', '_version', 'originalName', 'contentType', 'size', 'sha256', 'owner'],
};

export const UPLOAD_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Enviar um ficheiro (fotografia ou PDF)',
  description:
    'Corpo multipart/form-data com o ficheiro no campo `file`. O tipo é lido do conteúdo, não do nome. ' +
    'As imagens são recodificadas, sem metadados (EXIF). O tamanho máximo é ASSOCIA_MAX_UPLOAD_BYTES.',
  query: {
    kind: { type: 'string', enum: Object.keys(FILE_KINDS), description: '`image`: JPEG, PNG ou WEBP; `document`: PDF; `statement`: extrato CSV (UTF-8). Sem ele, imagem ou PDF.' },
  },
  body: {
    type: 'multipart/form-data',
    schema: { type: 'object', properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } }, required: ['file'] },
  },
  responses: { 201: { description: 'Ficheiro guardado', schema: { type: 'object', properties: { data: fileRecord }, required: ['data'] } } },
  errors: [400, 401, 403, 413, 415, 422],
};

export const FILE_URL_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Obter um endereço temporário para ler um ficheiro',
  description: `O endereço funciona durante ${FILE_URL_LIFETIME_MS / 60_000} minutos e só para quem o pediu, com a mesma autenticação. O arquivo de uma exportação de todos os dados só é dado a administradores.`,
  responses: {
    200: {
      description: 'Endereço assinado',
      schema: {
        type: 'object',
        properties: { url: { type: 'string', description: 'Caminho relativo à origem do servidor' }, expiresAt: { type: 'string', format: 'date-time' } },
        required: ['url', 'expiresAt'],
      },
    },
  },
  errors: [400, 401, 403, 404],
};

export const FILE_CONTENT_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Ler o conteúdo de um ficheiro por um endereço temporário',
  description: 'Use o endereço devolvido por GET /api/files/{id}/url (ou pelo PDF do próprio cartão de um sócio), com a mesma autenticação com que o pediu: o endereço só serve a quem o recebeu.',
  query: {
    exp: { type: 'string', pattern: '^[0-9]+$', description: 'Fim da validade (milissegundos desde 1970)' },
    sig: { type: 'string', description: 'Assinatura do endereço' },
  },
  responses: { 200: { description: 'O ficheiro', type: 'application/octet-stream', schema: { type: 'string', contentMediaType: 'application/octet-stream' } } },
  errors: [400, 401, 403, 404],
};
