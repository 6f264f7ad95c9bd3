import { objectSchema, type JsonSchema, type RouteDoc } from './route-doc.js';

// Descriptions of the routes outside the resource engine, each attached where its route is
// registered (`config: { openapi: ... }`). Resource operations are generated from the
// definitions in resources/openapi.ts.

const text = (description?: string): JsonSchema => ({ type: 'string', minLength: 1, ...(description ? { description } : {}) });
const object = objectSchema;
const data = (schema: JsonSchema): JsonSchema => object({ data: schema });

const tokenPair = object({ access: text('Token de acesso (JWT), de curta duração'), refresh: text('Token de renovação, de uso único') });
const challenge = object({
  secondFactor: { type: 'string', enum: ['totp', 'enrol'], description: "'totp': peça o código da aplicação; 'enrol': a conta tem de configurar a autenticação em dois passos" },
  ticket: text('De uso único, válido alguns minutos; enviado de volta com o código'),
});
const recoveryCodes = object({ recoveryCodes: { type: 'array', items: { type: 'string' } }, tokens: tokenPair }, ['recoveryCodes']);
const sixDigits = { type: 'string', pattern: '^[0-9]{6}$', description: 'Código de 6 dígitos da aplicação de autenticação' };

const REFRESH_TOKEN: JsonSchema = { ...text(), 'x-message': 'O campo "refreshToken" é obrigatório e deve ser texto.' };

const AUTH = ['Autenticação'];
const TWO_FACTOR = ['Autenticação em dois passos'];

export const LOGIN_DOC: RouteDoc = {
  tags: AUTH,
  summary: 'Entrar, pedir uma ligação de recuperação ou concluir o segundo passo',
  description:
    'Com `username` e `password`: tokens, ou um pedido de segundo passo. Uma conta sem palavra-passe recebe uma ligação por e-mail (204). ' +
    'Com `recover_password` e `email`: envia uma ligação (204, a mesma resposta exista ou não a conta; o e-mail do encarregado de educação de um sócio menor ganha nessa altura a sua conta, com esse e-mail por nome de utilizador). Com `recoverCode`: entra pela ligação. ' +
    'Com `ticket` e `code` (ou `recoveryCode`): conclui o segundo passo.',
  body: {
    schema: {
      oneOf: [
        object({ username: text(), password: { type: 'string', format: 'password' } }, ['username']),
        object({ recover_password: { const: true }, email: { type: 'string', format: 'email' } }),
        object({ recoverCode: text('O código da ligação recebida por e-mail') }),
        object({ ticket: text(), code: sixDigits }),
        object({ ticket: text(), recoveryCode: text('Um dos códigos de recuperação') }),
      ],
    },
  },
  responses: {
    200: { description: 'Sessão iniciada, ou pedido do segundo passo', schema: { oneOf: [tokenPair, challenge] } },
    204: { description: 'Ligação enviada por e-mail, se a conta existir' },
  },
  errors: [400, 403, 404, 413, 415, 429],
};

export const REFRESH_DOC: RouteDoc = {
  tags: AUTH,
  summary: 'Renovar a sessão',
  description: 'Gasta o token de renovação e devolve um par novo. Reutilizar um token já gasto termina a sessão.',
  body: { schema: object({ refreshToken: REFRESH_TOKEN }) },
  responses: { 200: { description: 'Tokens novos', schema: tokenPair } },
  errors: [400, 401],
};

export const LOGOUT_DOC: RouteDoc = {
  tags: AUTH,
  summary: 'Terminar a sessão',
  description: 'A mesma resposta quer a sessão estivesse ativa, já terminada ou nunca tivesse existido.',
  body: { schema: object({ refreshToken: REFRESH_TOKEN }) },
  responses: { 204: { description: 'Sessão terminada' } },
  errors: [400],
};

export const TWO_FACTOR_STATUS_DOC: RouteDoc = {
  tags: TWO_FACTOR,
  summary: 'Estado da autenticação em dois passos da própria conta',
  description: 'Da conta que faz o pedido (pessoa com sessão; uma chave de API não é uma conta). `required`: o perfil da conta obriga a usá-la.',
  responses: {
    200: {
      description: 'Estado',
      schema: data(object({ enabled: { type: 'boolean' }, enabledAt: { type: ['string', 'null'], format: 'date-time' }, recoveryCodesLeft: { type: 'integer' }, required: { type: 'boolean' } })),
    },
  },
  errors: [401, 403],
};

export const TWO_FACTOR_ENROL_DOC: RouteDoc = {
  tags: TWO_FACTOR,
  summary: 'Começar a configurar a autenticação em dois passos',
  description: 'Com sessão, ou com o `ticket` de uma entrada que tem de configurar primeiro.',
  body: { required: false, schema: object({ ticket: text() }, []) },
  responses: { 200: { description: 'Segredo, URI otpauth e código QR (SVG)', schema: data(object({ secret: text(), uri: text(), qrSvg: text() })) } },
  errors: [400, 401, 403, 409],
};

export const TWO_FACTOR_CONFIRM_DOC: RouteDoc = {
  tags: TWO_FACTOR,
  summary: 'Confirmar a configuração com um código',
  description: 'Devolve os códigos de recuperação; se concluiu uma entrada (`ticket`), também os tokens.',
  body: {
    schema: object({ code: sixDigits, ticket: text() }, ['code']),
    handChecked: 'the body says who the caller is (a login ticket) before the code is judged: without a ticket, a caller who may not enrol gets 401 or 403 first',
  },
  responses: { 200: { description: 'Códigos de recuperação', schema: data(recoveryCodes) } },
  errors: [400, 401, 403, 409, 429],
};

export const TWO_FACTOR_DISABLE_DOC: RouteDoc = {
  tags: TWO_FACTOR,
  summary: 'Desativar a autenticação em dois passos',
  description: 'Da própria conta, confirmando com a palavra-passe ou com um código da aplicação. Recusado (403) a perfis que a têm de usar.',
  body: { schema: { oneOf: [object({ password: { type: 'string', format: 'password' } }), object({ code: sixDigits })] } },
  responses: { 204: { description: 'Desativada' } },
  errors: [400, 401, 403, 409, 429],
};

export const RECOVERY_CODES_DOC: RouteDoc = {
  tags: TWO_FACTOR,
  summary: 'Gerar novos códigos de recuperação',
  description: 'Os anteriores deixam de funcionar.',
  body: { schema: object({ code: sixDigits }) },
  responses: { 200: { description: 'Códigos de recuperação', schema: data(recoveryCodes) } },
  errors: [400, 401, 403, 409, 429],
};

export const WEBSOCKET_DOC: RouteDoc = {
  tags: ['Tempo real'],
  summary: 'Ligação WebSocket para eventos em tempo real',
  description:
    'Abra a ligação (pedido de upgrade para WebSocket); a primeira mensagem traz o `connectionId`, que se autentica em POST /api/websocket/auth. ' +
    'Uma ligação que não se autentica a tempo é fechada.',
  responses: { 101: { description: 'Ligação WebSocket aberta' } },
  errors: [404, 429],
};

export const WEBSOCKET_AUTH_DOC: RouteDoc = {
  tags: ['Tempo real'],
  summary: 'Autenticar uma ligação em tempo real',
  description: 'Com o token de acesso ou a chave de API de quem pede: a ligação passa a receber os eventos que essa conta pode ver.',
  body: { schema: object({ connectionId: { type: 'string', minLength: 1, maxLength: 100 } }) },
  responses: { 204: { description: 'Ligação autenticada como quem faz o pedido' } },
  errors: [400, 401, 404, 429],
};

export const HEALTH_DOC: RouteDoc = {
  tags: ['Metadados'],
  summary: 'Estado do servidor e da base de dados',
  description: 'Público. Responde 503 quando a base de dados não responde; serve para monitorização e para o navegador saber quando o servidor voltou.',
  responses: {
    200: {
      description: 'Servidor disponível',
      schema: object({
        status: { const: 'ok' },
        version: text(),
        database: { const: 'ok' },
        engine: { type: 'string', enum: ['sqlite', 'postgres'] },
        mode: { type: 'string', enum: ['test', 'production'] },
      }),
    },
  },
  errors: [503],
};

export const SENTRY_DOC: RouteDoc = {
  tags: ['Metadados'],
  summary: 'Túnel de relatórios de erros do navegador para o Sentry',
  description: 'Só envelopes para o DSN configurado são reencaminhados; sem SENTRY_DSN são aceites e descartados (204).',
  body: { type: 'text/plain', schema: { type: 'string', description: 'Envelope do Sentry' } },
  responses: {
    200: { description: 'Resposta do Sentry, tal como veio', schema: { type: 'object' } },
    204: { description: 'Aceite e descartado (sem SENTRY_DSN)' },
  },
  errors: [400, 413, 415, 502],
};

export const OPENAPI_DOC: RouteDoc = {
  tags: ['Metadados'],
  summary: 'Este documento OpenAPI 3.1',
  description: 'Público. Gerado das definições dos recursos e das rotas: descreve exatamente as rotas que o servidor tem. A página GET /api/docs mostra-o a pessoas.',
  responses: { 200: { description: 'O documento', schema: { type: 'object' } } },
  errors: [],
};

export const REFERENCE_PAGE_DOC: RouteDoc = {
  tags: ['Metadados'],
  summary: 'Referência da API para pessoas (HTML)',
  description: 'Público. Mostra este documento OpenAPI de forma legível, com os ficheiros servidos por este servidor (funciona sem acesso à internet).',
  responses: { 200: { description: 'A página', type: 'text/html', schema: { type: 'string' } } },
  errors: [],
};

export const REFERENCE_ASSET_DOC: RouteDoc = {
  tags: ['Metadados'],
  summary: 'Ficheiros da referência da API (scripts e estilos)',
  description: 'Público. Só os ficheiros que a página GET /api/docs carrega; qualquer outro nome é 404.',
  responses: { 200: { description: 'O ficheiro (JavaScript ou CSS)', type: 'text/plain', schema: { type: 'string' } } },
  errors: [404],
};

export const SETTINGS_SCHEMA_DOC: RouteDoc = {
  tags: ['Metadados'],
  summary: 'Definições declaradas: tipo, valores aceites, rótulo e página de cada uma',
  description: 'Os formulários de definições são construídos a partir deste esquema.',
  responses: {
    200: {
      description: 'Esquema das definições',
      schema: data(
        object({
          settings: {
            type: 'array',
            items: object(
              {
                name: text(),
                kind: { type: 'string', enum: ['boolean', 'integer', 'decimal', 'text', 'enum', 'email', 'url'] },
                label: text(),
                hint: { type: 'string' },
                min: { type: 'number' },
                max: { type: 'number' },
                scale: { type: 'integer' },
                maxLength: { type: 'integer' },
                pattern: { type: 'string' },
                patternMessage: { type: 'string' },
                required: { type: 'boolean' },
                options: { type: 'array', items: object({ value: { type: 'string' }, label: { type: 'string' } }) },
                page: { type: ['string', 'null'] },
                readers: { type: 'string', enum: ['public', 'authenticated'] },
                readOnly: { type: 'boolean' },
                changedIn: { type: 'string' },
              },
              ['name', 'kind', 'label', 'page', 'readers'],
            ),
          },
        }),
      ),
    },
  },
  errors: [401],
};
