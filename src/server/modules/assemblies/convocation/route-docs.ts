import { objectSchema, type JsonSchema, type RouteDoc } from '../../../openapi/route-doc.js';

const TAGS = ['Assembleias'];
const object = objectSchema;
const STAFF = 'Só administradores, editores e chaves de API; um sócio recebe 403 e um pedido sem sessão 401.';
const nullable = (type: string, extra: JsonSchema = {}): JsonSchema => ({ type: [type, 'null'], ...extra });
const PDF = { type: 'application/pdf', schema: { type: 'string', format: 'binary' } } as const;

export const CHANNELS = ['email', 'post'] as const;
/** A convocation's delivery: the outbox message's status (e-mail), or whether the letter was printed (post: pending until then). */
export const DELIVERY_STATES = ['pending', 'sending', 'sent', 'failed', 'printed'] as const;

export const CONVOCATION_PREVIEW_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Pré-visualizar a convocatória de uma assembleia',
  description:
    'O que a convocatória enviaria hoje, sem nada escrever: o último dia em que ainda pode ser enviada (a data da assembleia menos a antecedência mínima, ' +
    'que é a da configuração e nunca menos do que a lei: 8 dias nas associações, 15 nas cooperativas), se esse dia já passou (`late`), quantos associados com direito de voto ' +
    'na data de referência a recebem (vazia: hoje) e quantos por e-mail e por carta, quem não tem morada completa para a carta, e o texto da convocatória preenchido. ' +
    'Depois de convocada, os números são os das convocatórias enviadas e o texto o que foi enviado. ' + STAFF,
  responses: {
    200: {
      description: 'A pré-visualização',
      schema: object({
        data: object({
          status: { type: 'string', enum: ['draft', 'convened', 'in_session', 'closed'] },
          today: { type: 'string', format: 'date' },
          cutoff_date: { type: 'string', format: 'date', description: 'Data de referência dos direitos de voto (a da assembleia, ou hoje se estiver vazia)' },
          last_notice_day: { type: 'string', format: 'date' },
          notice_days: { type: 'integer', description: 'A antecedência mínima aplicada (dias)' },
          late: { type: 'boolean', description: 'Hoje já é depois do último dia: convocar seria recusado' },
          associates: { type: 'integer', description: 'Associados na data de referência, com ou sem direito de voto' },
          voters: { type: 'integer', description: 'Associados com direito de voto: recebem a convocatória' },
          emails: { type: 'integer' },
          letters: { type: 'integer' },
          agenda_items: { type: 'integer' },
          missing_address: {
            type: 'array',
            description: 'Quem recebe por carta e não tem morada, código postal ou localidade: convocar é recusado até se completar a morada ou o e-mail',
            items: object({ member: { type: 'integer' }, number: nullable('integer'), name: { type: 'string' }, missing: { type: 'array', items: { type: 'string' } } }),
          },
          notice_text: { type: 'string' },
          subject: { type: 'string', description: 'O assunto do e-mail' },
        }),
      }),
    },
  },
  errors: [400, 401, 403, 404],
};

export const LETTERS_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Cartas da convocatória',
  description:
    'Um só PDF com uma carta A4 por associado convocado por carta, para envelope de janela: cabeçalho da organização e data da convocatória, ' +
    'a morada tal como foi registada ao convocar, na posição da janela e com os acertos da impressora da configuração dos cartões, e o texto da convocatória. ' +
    'A primeira impressão fica registada como a data de envio das cartas (a prova de convocação mostra-a). 409 antes de a assembleia ser convocada; 404 se ninguém recebe carta. ' +
    STAFF,
  responses: { 200: { description: 'As cartas', ...PDF } },
  errors: [400, 401, 403, 404, 409],
};

const PROOF_ROW = object(
  {
    member: { type: 'integer' },
    number: nullable('integer'),
    name: { type: 'string' },
    channel: { type: 'string', enum: [...CHANNELS] },
    recipient: { type: 'string', description: 'O e-mail, ou as linhas da morada separadas por mudanças de linha' },
    sent_at: nullable('string', { format: 'date-time', description: 'E-mail: quando entrou na fila de envio; carta: quando foi impressa' }),
    message: nullable('integer', { description: 'A mensagem da caixa de saída (e-mail)' }),
    delivery: { type: 'string', enum: [...DELIVERY_STATES] },
    delivery_at: nullable('string', { format: 'date-time', description: 'Quando foi entregue ao servidor de correio, desistiu de enviar, ou foi impressa' }),
    attempts: nullable('integer'),
    last_error: nullable('string'),
  },
  ['member', 'number', 'name', 'channel', 'recipient', 'sent_at', 'message', 'delivery', 'delivery_at'],
);

export const PROOF_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Prova de convocação',
  description:
    'Cada associado convocado: número, nome, meio (e-mail ou carta), destinatário, data de envio e o estado da entrega: para o e-mail, o da mensagem na caixa de saída ' +
    '(por enviar, a enviar, enviada, falhou) com a data em que foi enviada ou falhou; para a carta, impressa (com a data da impressão) ou por imprimir. ' +
    'E o lote de cartas impresso, com a sua data, e os totais. Antes de convocar, a lista está vazia. ' +
    STAFF,
  responses: {
    200: {
      description: 'A prova',
      schema: object({
        data: object({
          assembly: object(
            {
              _id: { type: 'integer' },
              kind: { type: 'string' },
              title: { type: 'string' },
              date: { type: 'string', format: 'date' },
              time: { type: 'string' },
              place: nullable('string'),
              online_link: nullable('string'),
              status: { type: 'string' },
              cutoff_date: nullable('string', { format: 'date' }),
              convened_at: nullable('string', { format: 'date-time' }),
              convened_by: nullable('string', { description: 'Nome de quem convocou' }),
              last_notice_day: nullable('string', { format: 'date' }),
              notice_text: nullable('string'),
            },
          ),
          rows: { type: 'array', items: PROOF_ROW },
          printed: { ...nullable('object'), properties: { at: { type: 'string', format: 'date-time' }, letters: { type: 'integer' } }, required: ['at', 'letters'] },
          totals: object({
            rows: { type: 'integer' },
            emails: { type: 'integer' },
            letters: { type: 'integer' },
            sent: { type: 'integer' },
            failed: { type: 'integer' },
            pending: { type: 'integer', description: 'E-mails ainda por entregar e cartas por imprimir' },
            printed: { type: 'integer' },
          }),
        }),
      }),
    },
  },
  errors: [400, 401, 403, 404],
};

export const PROOF_PDF_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Prova de convocação (PDF)',
  description:
    'A prova de convocação num documento A4 para arquivo: a assembleia (tipo, data, hora, local, quem convocou e quando, último dia válido), o texto da convocatória, ' +
    'a tabela dos associados convocados (número, nome, meio, destinatário, envio e estado da entrega) e os totais. ' +
    STAFF,
  responses: { 200: { description: 'A prova de convocação', ...PDF } },
  errors: [400, 401, 403, 404],
};
