import { objectSchema, type RouteDoc } from '../../openapi/route-doc.js';
import type { RequestTakeover } from '../../resources/takeovers.js';
import { PRINT_INLINE_MAX } from './print.js';
import { CARD_STANDINGS } from './card-state.js';
import { VERIFICATION_STATUSES } from './verify.js';

const TAGS = ['Cartões de sócio'];
const object = objectSchema;

export const CARD_VERIFY_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Verificar um cartão de sócio',
  description:
    'Público, sem sessão nem chave de API: o código impresso no cartão (e no seu código QR, que abre /v/{código}) é a prova. ' +
    'Responde só o mínimo (RGPD): a organização, o primeiro e o último nome, o número, a categoria, o estado em palavras e a validade. ' +
    "Estados, julgados no dia de hoje (Lisboa): 'Válido'; 'Quotas em atraso' (cartão ativo de quem deve uma dívida já vencida; uma quota por vencer não conta); " +
    "'Expirado' (passou a data de validade); 'Substituído' (o cartão foi reemitido); 'Inválido' (revogado, ou o sócio saiu). `expired` diz se a validade já passou, também quando outro estado vem primeiro. O código aceita minúsculas, espaços e hífenes. Um código desconhecido ou mal formado é 404. " +
    'Cada verificação fica registada (código, hora, endereço cifrado, resultado). Limite por endereço (429). Respostas com `Cache-Control: no-store` e `X-Robots-Tag: noindex`.',
  responses: {
    200: {
      description: 'O cartão',
      schema: object({
        data: object({
          organisation: { type: 'string' },
          first_name: { type: 'string' },
          last_name: { type: 'string' },
          number: { type: ['integer', 'null'] },
          category: { type: ['string', 'null'] },
          status: { type: 'string', enum: Object.keys(VERIFICATION_STATUSES) },
          state: { type: 'string', enum: Object.values(VERIFICATION_STATUSES) },
          valid_until: { type: 'string', format: 'date' },
          expired: { type: 'boolean', description: 'A validade já passou' },
          code: { type: 'string', description: 'O código como se imprime, em grupos (XXXX-XXXX-XXXXX)' },
        }),
      }),
    },
  },
  errors: [404, 429],
};

const SIGNED_URL = {
  url: { type: 'string', description: 'Endereço curto do ficheiro PDF (GET /api/files/{id}/content), válido 5 minutos e só para quem o pediu' },
  expiresAt: { type: 'string', format: 'date-time' },
};

const PRINT_QUERY: NonNullable<RouteDoc['query']> = {
  type: { type: 'string', enum: ['active', 'ids', 'category'], description: 'Imprimir em vez de listar. active: todos os cartões ativos; ids: os cartões indicados; category: os cartões ativos dos sócios de uma categoria' },
  ids: { type: 'string', description: 'Com type=ids: identificadores dos cartões, separados por vírgulas' },
  category: { type: 'integer', description: 'Com type=category: a categoria de quota' },
  includeLetters: { type: 'boolean', description: 'Com type: a carta de envio de cada sócio, com o seu cartão ao fundo, em vez dos cartões sozinhos' },
};

/** `GET membership_cards/{id}` with `Accept: application/pdf` (SPEC 7). */
export const CARD_PDF_TAKEOVER_DOC: RequestTakeover['doc'] = {
  description:
    '**PDF do cartão.** Com `Accept: application/pdf`, responde 302 para o endereço curto do PDF do cartão, que o corpo também traz (SPEC 7: "redirects to the returned url"); ' +
    'sem esse cabeçalho é a leitura do registo. O PDF fica guardado e só é desenhado de novo quando muda o que mostra ' +
    '(dados do sócio, validade, terminologia, formato ou acertos de impressão). Administradores e editores, de qualquer cartão; um sócio, dos seus.',
  headers: { Accept: { type: 'string', enum: ['application/pdf'], description: 'application/pdf: o PDF do cartão (302) em vez do registo' } },
  responses: { 302: { description: 'Com Accept: application/pdf, o endereço do PDF', schema: object({ data: object(SIGNED_URL) }) } },
  errors: [404],
};

/** `GET membership_cards?type&includeLetters` (SPEC 7). */
export const CARD_PRINT_TAKEOVER_DOC: RequestTakeover['doc'] = {
  description:
    '**Imprimir vários cartões num só PDF.** Com o parâmetro `type`, o pedido não lista: responde um PDF com os cartões escolhidos, no formato e com os acertos da configuração dos cartões ' +
    `(SPEC 7: "returns a url"). Até ${PRINT_INLINE_MAX} cartões responde logo 200 com o endereço, { data: { url, expiresAt, count } }; ` +
    'acima disso cria uma tarefa em segundo plano (202), cujo progresso chega pelo tópico de tarefas e cujo endereço se pede em GET /api/membership_cards/print/{job}. ' +
    'Uma seleção sem cartões é um erro 400. Com includeLetters=true, cada cartão vem na sua carta de envio (uma página A4 por sócio, o cartão ao fundo); ' +
    'um sócio sem morada completa é um erro 422 que o nomeia. Só administradores e editores.',
  query: PRINT_QUERY,
  responses: {
    202: { description: 'Com type, seleção grande: tarefa criada', schema: object({ data: object({ job: object({ _id: { type: 'integer' }, state: { type: 'string' }, name: { type: 'string' } }), count: { type: 'integer' } }) }) },
  },
  errors: [422],
};

export const CARD_LETTER_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Carta de envio de um cartão',
  description:
    'Redireciona (302) para o endereço curto do PDF da carta: uma página A4 com a morada do sócio na janela do envelope (acertos na configuração), ' +
    'o texto da configuração com os marcadores preenchidos e o cartão ao fundo, com marcas de corte. O identificador é o do cartão. ' +
    'Um sócio sem morada, código postal ou localidade é um erro 422 que diz o que falta. Só administradores e editores.',
  responses: { 302: { description: 'O endereço do PDF', schema: object({ data: object(SIGNED_URL) }) } },
  errors: [401, 403, 404, 422],
};

export const CARD_PRINT_JOB_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Estado de uma impressão de cartões',
  description: 'O estado da tarefa (queued, running, done, failed) e o progresso; quando termina, o endereço curto do PDF para quem pergunta.',
  responses: {
    200: {
      description: 'A impressão',
      schema: object(
        { state: { type: 'string', enum: ['queued', 'running', 'done', 'failed'] }, progress: { type: 'integer' }, total: { type: ['integer', 'null'] }, ...SIGNED_URL, count: { type: 'integer' } },
        ['state', 'progress', 'total'],
      ),
    },
  },
  errors: [401, 403, 404],
};

export const CARD_CALIBRATION_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Página de calibração da impressão',
  description: 'Os contornos dos cartões onde a configuração os põe, uma escala de 10 mm e como medir os acertos horizontal e vertical. Só administradores e editores.',
  responses: { 200: { description: 'A página de calibração', type: 'application/pdf', schema: { type: 'string', format: 'binary' } } },
  errors: [401, 403],
};

export const CARD_STANDING_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Estado de um cartão hoje',
  description:
    'O estado do cartão julgado hoje (Lisboa), o mesmo que a verificação pública e o painel do sócio mostram: ' +
    "'Válido', 'Quotas em atraso' (o sócio deve uma dívida já vencida; uma quota por vencer não conta), 'Expirado' (passou a validade), " +
    "'Substituído', 'Revogado' ou 'Inválido' (o sócio saiu). Administradores e editores, qualquer cartão; um sócio, os seus.",
  responses: {
    200: {
      description: 'O estado',
      schema: object({
        data: object({
          status: { type: 'string', enum: Object.keys(CARD_STANDINGS) },
          state: { type: 'string', enum: Object.values(CARD_STANDINGS) },
          valid_until: { type: 'string', format: 'date' },
          expired: { type: 'boolean', description: 'A validade já passou' },
        }),
      }),
    },
  },
  errors: [400, 401, 404],
};
