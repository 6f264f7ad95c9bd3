import { objectSchema as object, type JsonSchema, type RouteDoc } from '../../openapi/route-doc.js';

const TAGS = ['Fotografias e documentos'];
const address = (what: string): JsonSchema => ({ type: ['string', 'null'], description: `Endereço temporário ${what} (GET /api/files/{id}/content), válido 5 minutos e só para quem o pediu; null para o público` });

const photoUrl = address('da fotografia (JPEG, no máximo 1200 píxeis de altura)');
const thumbUrl = address('da miniatura (JPEG, 240 píxeis de altura)');
const photo = object({
  _id: { type: 'integer' },
  url: photoUrl,
  thumbUrl,
  width: { type: 'integer' },
  height: { type: 'integer' },
  createdAt: { type: 'string', format: 'date-time' },
});
const document = object({
  _id: { type: 'integer' },
  url: address('do PDF'),
  originalName: { type: 'string' },
  size: { type: 'integer' },
  createdAt: { type: 'string', format: 'date-time' },
});
const multipart = (fields: Record<string, JsonSchema>, required: string[]) => ({
  type: 'multipart/form-data',
  schema: object({ ...fields, file: { type: 'string', contentMediaType: 'application/octet-stream' } }, [...required, 'file']),
});
const memberId = { type: 'string', pattern: '^[0-9]+$', description: 'O _id do sócio' };
const applicationId = { type: 'string', pattern: '^[0-9]+$', description: 'O _id da candidatura' };
const TOKEN = 'Sem sessão, o navegador que enviou a candidatura mostra o cabeçalho `X-Upload-Token` (da resposta a POST /api/member_applications), válido 60 minutos e só para ela; limite por endereço (429).';
const PHOTO_RULES = 'JPEG, PNG ou WEBP (lido do conteúdo), até 8 MB; guardada em JPEG com no máximo 1200 píxeis de altura, sem metadados (EXIF), e uma miniatura de 240 píxeis. Uma fotografia nova substitui a atual. Recorte 3:4 feito no navegador.';

const uploadPhoto = (who: string, field: string, fieldSchema: JsonSchema, extra: string, errors: number[]): RouteDoc => ({
  tags: TAGS,
  summary: `Enviar a fotografia ${who}`,
  description: `Multipart com \`${field}\` e o ficheiro em \`file\`. ${PHOTO_RULES} ${extra}`,
  body: multipart({ [field]: fieldSchema }, [field]),
  responses: { 201: { description: 'Fotografia guardada', schema: object({ data: object({ _id: { type: 'integer' }, url: photoUrl, thumbUrl }) }) } },
  errors,
});

const list = (what: string, item: JsonSchema, who: string): RouteDoc => ({
  tags: TAGS,
  summary: `Listar ${what}`,
  description: `${who} Os endereços são temporários e só servem a quem os pediu.`,
  responses: { 200: { description: what, schema: object({ data: { type: 'array', items: item } }) } },
  errors: [400, 401, 403, 404],
});

const remove = (what: string, who: string): RouteDoc => ({
  tags: TAGS,
  summary: `Apagar ${what}`,
  description: `${who} Apaga o registo e os ficheiros guardados.`,
  responses: { 204: { description: 'Apagado' } },
  errors: [400, 401, 403, 404, 409, 429],
});

export const DOCS = {
  uploadMemberPhoto: uploadPhoto('de um sócio', 'memberID', memberId, 'Administradores e editores.', [400, 401, 403, 404, 413, 415, 422]),
  uploadApplicationPhoto: uploadPhoto('de uma candidatura', 'memberApplicationID', applicationId, `Administradores e editores, ou o candidato. ${TOKEN} Só enquanto a candidatura não foi decidida (409).`, [400, 401, 403, 404, 409, 413, 415, 422, 429]),
  uploadDocuments: {
    tags: TAGS,
    summary: 'Enviar um documento PDF de um sócio ou de uma candidatura',
    description: `Multipart com \`memberID\` ou \`memberApplicationID\` e o ficheiro em \`file\` (um por pedido, para que cada um tenha o seu progresso), PDF lido do conteúdo, até 10 MB. Para um sócio: administradores e editores. Para uma candidatura: também o candidato. ${TOKEN}`,
    body: multipart({ memberID: memberId, memberApplicationID: applicationId }, []),
    responses: { 201: { description: 'Documento guardado', schema: object({ data: document }) } },
    errors: [400, 401, 403, 404, 409, 413, 415, 429],
  } satisfies RouteDoc,
  memberPhotos: list('as fotografias de um sócio', photo, 'Administradores e editores; um sócio, as suas (a de outro sócio é 404).'),
  applicationPhotos: list('as fotografias de uma candidatura', photo, 'Administradores e editores.'),
  memberDocuments: list('os documentos PDF de um sócio', document, 'Administradores e editores; um sócio, os seus (os de outro sócio são 404).'),
  applicationDocuments: list('os documentos PDF de uma candidatura', document, 'Administradores e editores.'),
  deleteMemberPhoto: remove('a fotografia de um sócio', 'Administradores e editores.'),
  deleteApplicationPhoto: remove('a fotografia de uma candidatura', `Administradores e editores, ou o candidato. ${TOKEN}`),
  deleteDocument: remove('um documento PDF', `De um sócio: administradores e editores. De uma candidatura: também o candidato. ${TOKEN}`),
} as const satisfies Record<string, RouteDoc>;
