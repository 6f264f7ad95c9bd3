import { ERROR_CODES, LIST_AFTER, LIST_ALL, LIST_MAX_LIMIT, type ErrorCode } from '../../core/contract.js';
import { ADDRESS_BACKOFF, ACCOUNT_BACKOFF, LINK_REQUESTS_PER_ADDRESS, LINK_REQUESTS_PER_RECIPIENT } from '../auth/throttle.js';
import { MAX_TWO_FACTOR_FAILURES } from '../auth/totp.js';

/*
 * The words of the OpenAPI document that belong to no single operation: how to authenticate,
 * how lists work, the limits on requests and every error code. Markdown, as OpenAPI allows.
 */

/** The status and meaning (pt-PT) of each error code; every code of the contract must have its line. */
const ERROR_MEANINGS: Readonly<Record<ErrorCode, readonly [status: number, meaning: string]>> = {
  bad_request: [400, 'pedido inválido (parâmetro desconhecido ou com valor errado); a mensagem diz qual'],
  invalid_json: [400, 'o corpo não é JSON válido'],
  control_characters: [400, 'um texto tem caracteres de controlo; a mensagem diz em que campo'],
  unauthorized: [401, 'falta autenticação, ou o token ou a chave não são válidos'],
  session_expired: [401, 'a sessão expirou: renove-a em POST /api/auth/refresh'],
  forbidden: [403, 'quem pede não tem permissão para esta operação'],
  wrong_password: [403, 'a palavra-passe atual está errada'],
  own_account: [403, 'operação que não se pode fazer na própria conta'],
  account_disabled: [403, 'a conta está desativada'],
  login_link_invalid: [403, 'a ligação de entrada é desconhecida, já foi usada ou expirou'],
  two_factor_code_wrong: [403, 'o código da aplicação de autenticação está errado'],
  two_factor_code_used: [403, 'o código da aplicação de autenticação já foi usado'],
  two_factor_ticket_void: [403, 'o pedido de segundo passo expirou ou já foi usado: entre de novo'],
  two_factor_enrolment_required: [403, 'a conta tem de configurar a autenticação em dois passos'],
  recovery_code_wrong: [403, 'o código de recuperação está errado ou já foi usado'],
  not_found: [404, 'o registo não existe, ou quem pede não o pode ver'],
  route_not_found: [404, 'o endereço não existe (ou a operação não está disponível para ninguém)'],
  payment_link_invalid: [404, 'a ligação de pagamento é desconhecida, expirou ou foi revogada'],
  verification_unknown: [404, 'o código de confirmação de uma candidatura não existe'],
  verification_expired: [410, 'o código de confirmação de uma candidatura expirou'],
  method_not_allowed: [405, 'método HTTP não aceite neste endereço'],
  request_timeout: [408, 'o pedido demorou demasiado a chegar'],
  conflict: [409, 'a operação choca com o estado atual dos dados'],
  stale_version: [409, 'o registo foi alterado entretanto (versão de `If-Match` desatualizada); `data` traz o registo atual'],
  last_admin: [409, 'deixaria a organização sem nenhum administrador ativo'],
  in_use: [409, 'o registo é usado noutro lado e não pode ser apagado'],
  probable_duplicate: [409, 'o registo parece ser de alguém já registado (o mesmo NIF, e-mail, ou nome e data de nascimento); `duplicates` nomeia-os e, para gravar mesmo assim, repita o pedido com o campo indicado em `confirm` a `true`'],
  ledger_conflict: [409, 'o estado da dívida ou do pagamento não permite esta operação'],
  direct_debit_not_configured: [409, 'falta configurar o identificador de credor, o IBAN ou o nome da organização'],
  email_not_confirmed: [409, 'a candidatura ainda não tem o e-mail confirmado e a configuração exige essa confirmação antes de a aceitar'],
  import_blocked: [409, 'a anulação de uma importação esbarra em trabalho posterior (um pagamento, um recibo, um cartão emitido desde então); `blockers` lista-o e, para anular o resto, repita o pedido com `rest: true`'],
  gone: [410, 'o recurso existiu mas já não está disponível'],
  payload_too_large: [413, 'o corpo do pedido é demasiado grande'],
  unsupported_media_type: [415, 'tipo de conteúdo não aceite (envie `application/json`)'],
  invalid_record: [422, 'o registo tem erros de validação; `errors` traz a mensagem de cada campo'],
  too_many_requests: [429, 'demasiados pedidos ou tentativas; o cabeçalho `Retry-After` diz quantos segundos esperar'],
  headers_too_large: [431, 'os cabeçalhos do pedido são demasiado grandes'],
  internal: [500, 'erro interno do servidor'],
  bad_gateway: [502, 'o serviço externo (pagamentos, relatórios de erros) não respondeu bem'],
  service_unavailable: [503, 'o servidor ou a base de dados estão indisponíveis de momento'],
};

const errorTable = ERROR_CODES.map((code) => `| ${ERROR_MEANINGS[code][0]} | \`${code}\` | ${ERROR_MEANINGS[code][1]} |`).join('\n');

export const API_INTRODUCTION = `API de gestão de sócios do Associa. Pedidos e respostas em JSON (UTF-8); mensagens de erro em português, para mostrar a quem usa.

## Autenticação

Cada operação diz quem a pode usar. As que não dizem "sem autenticação" precisam de um destes, no cabeçalho \`Authorization\`:

- **Sessão de uma pessoa**: \`POST /api/auth\` com \`username\` e \`password\` devolve \`access\` (token de acesso, de curta duração) e \`refresh\`. Envie \`Authorization: Bearer <access>\`. Quando expira (401 \`session_expired\`), \`POST /api/auth/refresh\` com o \`refreshToken\` devolve um par novo; \`POST /api/auth/logout\` termina a sessão. Contas com autenticação em dois passos recebem primeiro um pedido do código (\`ticket\`).
- **Chave de API**, para outras aplicações: criada por um administrador na página Programadores (/developers), mostrada uma única vez, começa por \`ask_\`. Envie-a da mesma forma: \`Authorization: Bearer ask_...\`. Age com o perfil escolhido ao criá-la (administrador, editor ou sócio), pode ter data de expiração e deixa de funcionar quando é revogada.

Exemplo: \`curl -H "Authorization: Bearer ask_..." "https://servidor/api/members?_limit=20"\`

## Listas

As listas (\`GET /api/{recurso}\`) aceitam \`_page\` (a partir de 1), \`_limit\` (até ${LIST_MAX_LIMIT}; \`${LIST_ALL}\` devolve todos), \`_sort\` (\`-\` antes do campo para ordem descendente), \`${LIST_AFTER}\` (o cursor \`meta.next\` da página anterior: a página seguinte, sem repetir nem saltar registos), \`_search\` (cada palavra em algum campo pesquisável), \`_{campo}=valor\` (repetido: qualquer dos valores; vazio: sem valor), \`_{campo}_gte\` e \`_{campo}_lte\` (intervalos de datas e números, inclusive) e os filtros próprios de cada recurso. Cada lista descreve os seus.

## Alterações sem perder as de outros

Cada registo tem \`_version\`. Envie \`If-Match: "<versão>"\` em \`PUT\`, \`PATCH\` e \`DELETE\`: se o registo já tiver outra versão, a resposta é 409 \`stale_version\` com o registo atual, e nada é gravado. \`POST /api/{recurso}/validate\` verifica um registo sem o gravar.

## Limites de pedidos

- Entradas (\`POST /api/auth\`): depois de ${ACCOUNT_BACKOFF.free} tentativas falhadas numa conta, ou ${ADDRESS_BACKOFF.free} de um endereço, cada nova tentativa espera um tempo que duplica a cada falha (até uma hora). Pedidos de ligação por e-mail: ${LINK_REQUESTS_PER_RECIPIENT} por destinatário e ${LINK_REQUESTS_PER_ADDRESS} por endereço, por hora.
- Códigos de autenticação em dois passos: depois de ${MAX_TWO_FACTOR_FAILURES} códigos errados a conta espera alguns minutos.
- A página de informação de pagamento (\`/api/payment_info\`) limita pedidos por ligação e por endereço.
- Ligações em tempo real: um número máximo por conta ou chave e por endereço.
- Acima de um limite a resposta é 429 \`too_many_requests\`, com \`Retry-After\` (segundos) quando se sabe quanto esperar.

## Erros

Todas as respostas de erro têm a mesma forma: \`{ "statusCode": 404, "error": "Not Found", "code": "not_found", "message": "Registo não encontrado." }\`. Decida pelo \`code\` (estável), não pela mensagem. Os erros de validação (422) trazem também \`errors\`, com a mensagem de cada campo: \`{ "statusCode": 422, "code": "invalid_record", "message": "O registo tem erros de validação.", "errors": { "name": "Campo obrigatório." } }\`.

| Estado | \`code\` | Quando |
|---|---|---|
${errorTable}
`;

export const HISTORY_DESCRIPTION =
  'As alterações ao registo, das mais recentes para as mais antigas: quem (conta ou chave de API), quando, de que endereço e cada campo antes e depois. ' +
  'Administradores: todas as entradas do registo de auditoria. O próprio (ficha de sócio ou de utilizador): as alterações aos seus dados pessoais. ' +
  'Paginada como as listas (`_page`, `_limit`).';

export const EXPLAINER_DESCRIPTION =
  'Para cada recurso que quem pede pode ler: os campos (tipo, rótulo, regras de validação, opções), o que pode fazer (listar, ler, criar, alterar, apagar), a ordenação, a pesquisa e os filtros. ' +
  'Os formulários e listas da aplicação são construídos a partir desta resposta; um campo que quem pede não pode ler não aparece. ' +
  '`operations` diz, por operação (list, read, create, update, delete), se quem pede a pode fazer em todos os registos (`all`), só nos seus (`own`) ou em nenhum (`none`); ' +
  '`ownRecord` é o identificador do seu próprio registo, nos recursos em que cada pessoa tem um (a sua ficha de sócio, a sua conta).';

export const TERMINOLOGY_DESCRIPTION =
  'Público. As palavras que a organização usa (por exemplo "Sócios" ou "Cooperadores"), das configurações, com as de omissão do tipo de organização; a aplicação constrói os endereços das páginas com elas.';
