import { objectSchema, type JsonSchema, type RouteDoc } from '../../../openapi/route-doc.js';

const TAGS = ['Assembleias'];
const OFF = 'Com o módulo de assembleias desligado (hasAssemblies), 404.';
const text = { type: 'string' };
const maybeText = { type: ['string', 'null'] };
/** An object, or null when there is none. */
const nullable = (properties: Record<string, JsonSchema>): JsonSchema => ({ anyOf: [objectSchema(properties), { type: 'null' }] });
const agenda = { type: 'array', items: text, description: 'Os títulos dos pontos da ordem de trabalhos, pela sua ordem' };

export const STAFF_MINUTES_PDF_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'PDF da ata de uma assembleia',
  description:
    'A ata final tal como foi aprovada: o ficheiro guardado, depois de conferido o seu SHA-256 (minutes_sha256; se não corresponder, 409 e nada é enviado). ' +
    `Administradores, editores e chaves de API; sócios 403. Sem ata final, 404. ${OFF}`,
  responses: { 200: { description: 'O PDF', type: 'application/pdf' } },
  errors: [400, 401, 403, 404, 409],
};

export const OWN_ASSEMBLIES_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'As assembleias do sócio',
  description:
    'Para a página do sócio: as assembleias já convocadas (nunca as que estão em preparação), da mais recente para a mais antiga, com a data, a hora, o local, ' +
    'a ordem de trabalhos e o texto da convocatória; `minutes` diz se a ata final está publicada (definição assemblyPublishMinutes) e se pode ler em ' +
    `/own/assemblies/{id}/minutes.pdf. Qualquer conta com sessão iniciada; sem sessão, 401. ${OFF}`,
  responses: {
    200: {
      description: 'As assembleias',
      schema: objectSchema({
        data: {
          type: 'array',
          items: objectSchema({
            _id: { type: 'integer' },
            title: text,
            kind: { type: 'string', enum: ['ordinaria', 'extraordinaria'] },
            date: { type: 'string', format: 'date' },
            time: { type: 'string', description: 'HH:MM' },
            place: maybeText,
            online_link: maybeText,
            status: { type: 'string', enum: ['convened', 'in_session', 'closed'] },
            agenda,
            notice_text: maybeText,
            minutes: { type: 'boolean', description: 'A ata final está publicada aos sócios' },
          }),
        },
      }),
    },
  },
  errors: [401, 404],
};

export const OWN_MINUTES_PDF_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'PDF da ata publicada de uma assembleia',
  description:
    'A ata final publicada aos sócios, conferido o seu SHA-256 (se não corresponder, 409). Uma assembleia sem ata final ou com a ata por publicar responde 404, ' +
    `como se não existisse. Qualquer conta com sessão iniciada; sem sessão, 401. ${OFF}`,
  responses: { 200: { description: 'O PDF', type: 'application/pdf' } },
  errors: [400, 401, 404, 409],
};

export const PUBLIC_NEXT_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'A próxima assembleia convocada',
  description:
    'Público, sem sessão nem chave de API, para o elemento `<associa-assembly>` no sítio da associação: a próxima assembleia já convocada com data de hoje (Lisboa) ou posterior, ' +
    'só com o título, o tipo, a data, a hora, o local ou o endereço em linha e os títulos da ordem de trabalhos. Nenhuma: `data` vazio (null). ' +
    `Limite por endereço (429, com Retry-After). Resposta com \`Cache-Control: public, max-age=60\`. ${OFF}`,
  responses: {
    200: {
      description: 'A próxima assembleia, ou null quando nenhuma está convocada',
      schema: objectSchema({
        data: nullable({
          title: text,
          kind: { type: 'string', enum: ['ordinaria', 'extraordinaria'] },
          date: { type: 'string', format: 'date' },
          time: { type: 'string', description: 'HH:MM' },
          place: maybeText,
          online_link: maybeText,
          agenda,
        }),
      }),
    },
  },
  errors: [429],
};
