// The route table of SPEC section 2, as data: built from the organisation's terminology,
// so member and payment paths follow its words (accents included).
import { isStaffRole, RESOURCE, ROLE, STAFF_ROLES, TERMINOLOGY_DEFAULTS, type ExplainerResource, type OrgType, type ResourceOperation, type Role, type Terminology, mayIn } from '../core/index.js';
import { PATHS } from '../widgets/feature-kit/paths.js';
import { matchPath } from './routing/paths.js';

export type RouteName =
  | 'root'
  | 'login'
  | 'forgot'
  | 'recover'
  | 'logout'
  | 'adminHome'
  | 'memberHome'
  | 'membersList'
  | 'membersNew'
  | 'membersEdit'
  | 'memberSettings'
  | 'feeSettings'
  | 'feeCategoriesNew'
  | 'feeCategoriesEdit'
  | 'feeSchedulesNew'
  | 'feeSchedulesEdit'
  | 'memberApplicationsList'
  | 'memberApplicationsNew'
  | 'memberApplicationsEdit'
  | 'memberApplicationSettings'
  | 'applicationEmailVerification'
  | 'membershipCardList'
  | 'membershipCardVerifyMultiple'
  | 'membershipCardSingle'
  | 'membershipCardLettersSingle'
  | 'membershipCardVerify'
  | 'membershipCardSettings'
  | 'PaymentsC'
  | 'paymentsList'
  | 'unpaid'
  | 'unpaidByMember'
  | 'paymentsNotifyMultiple'
  | 'paymentsNew'
  | 'paymentsEdit'
  | 'unpaidSingle'
  | 'paymentReminders'
  | 'reminderStagesNew'
  | 'reminderStagesEdit'
  | 'directDebit'
  | 'sepaMandatesList'
  | 'sepaMandatesNew'
  | 'sepaMandatesEdit'
  | 'directDebitBatch'
  | 'paymentRequests'
  | 'reconciliation'
  | 'userSettings'
  | 'usersNew'
  | 'usersEdit'
  | 'usersEditPassword'
  | 'reportOverview'
  | 'messageList'
  | 'messagesEdit'
  | 'messageSettings'
  | 'treasuryDocList'
  | 'treasuryDocsNew'
  | 'treasuryDocsMultiple'
  | 'treasuryDocsEdit'
  | 'treasurySettings'
  | 'developers'
  | 'apiSecretsNew'
  | 'apiSecretsEdit'
  | 'auditLog'
  | 'jobs';

export interface RouteDef {
  name: RouteName;
  /** wouter-style pattern: ':id' a parameter, ':id?' an optional last one. Terminology as written. */
  path: string;
  /** pt-PT; the document title is this, the separator and the organisation name. */
  title: string;
  /** Roles that may open it; absent: anyone logged in (or anyone, for public routes). */
  access?: readonly Role[];
  /** Opens without login. */
  public?: boolean;
  /** No top navigation, breadcrumbs or toolbar (recover, unpaidSingle). */
  bare?: boolean;
  /** Where the route sends the browser instead of showing a page. */
  redirect?: 'login' | 'membersList';
  /**
   * The operation the page performs, as the server's explainer grants it to the caller: without
   * it the page is 'Sem acesso' before anything is requested. `param` names the record's id.
   */
  needs?: { resource: string; operation: ResourceOperation; param?: string };
  /** The only kind of organisation the page exists for (reports: associations); elsewhere it is not found, and off the menu. */
  orgType?: OrgType;
}

/** Until terminology loads (or when it cannot): an association's words. */
export const FALLBACK_TERMINOLOGY: Terminology = TERMINOLOGY_DEFAULTS.association;

const TITLE_SEPARATOR = ' | ';

/**
 * Every route, most specific first where two could match one address ('novo' before ':id').
 * SPEC 2 spells '/tesoouraria/{id}' with a double 'o': kept exactly so.
 */
export function buildRoutes(t: Terminology): RouteDef[] {
  const members = '/' + t.memberURLPlural;
  const cards = '/cartoes' + t.memberURLSingular;
  const payments = '/' + t.membershipPaymentsURL;
  const staff = { access: STAFF_ROLES };
  const r = (name: RouteName, path: string, title: string, extra: Partial<RouteDef> = {}): RouteDef => ({ name, path, title, ...extra });

  return [
    // Authentication and home
    r('root', '/', 'Entrar', { public: true, redirect: 'login' }),
    r('login', PATHS.login, 'Entrar', { public: true }),
    r('forgot', PATHS.forgot, 'Entrar por ligação', { public: true }),
    r('recover', `${PATHS.forgot}/:recoverCode`, 'Recuperar acesso', { public: true, bare: true }),
    r('logout', '/autorizacao/sair', 'Sair', { public: true }),
    r('adminHome', PATHS.adminHome, t.memberPlural, { ...staff, redirect: 'membersList' }),
    r('memberHome', PATHS.memberHome, 'Início'),

    // Members
    r('membersList', members, t.memberPlural, staff),
    r('membersNew', `${members}/novo`, `Novo ${t.memberSingular}`, staff),
    r('membersEdit', `${members}/:id`, `Editar ${t.memberSingular}`, staff),
    r('memberSettings', '/configuracao' + t.memberPlural, `Configuração de ${t.memberPlural}`, staff),

    // Fee categories and schedules (the dues module): payments settings, beside the members'.
    r('feeSettings', '/configuracaoQuotas', 'Configuração de Quotas', staff),
    r('feeCategoriesNew', '/configuracaoQuotas/categorias/novo', 'Nova Categoria de Quota', staff),
    r('feeCategoriesEdit', '/configuracaoQuotas/categorias/:id', 'Categoria de Quota', staff),
    r('feeSchedulesNew', '/configuracaoQuotas/tabelas/novo', 'Nova Tabela de Quotas', staff),
    r('feeSchedulesEdit', '/configuracaoQuotas/tabelas/:id', 'Tabela de Quotas', staff),

    // Applications
    r('memberApplicationsList', '/candidaturas', 'Candidaturas', staff),
    r('memberApplicationsNew', '/candidaturas/nova', 'Nova Candidatura', staff),
    r('memberApplicationsEdit', '/candidaturas/:id', 'Candidatura', staff),
    r('memberApplicationSettings', '/configuracaoCandidaturas', 'Configuração de Candidaturas', staff),
    r('applicationEmailVerification', '/inscricao/confirmacao/:verificationCode', 'Confirmação de e-mail', { public: true }),

    // Cards
    r('membershipCardList', cards, `Cartões de ${t.memberSingular}`, staff),
    r('membershipCardVerifyMultiple', `${cards}/verificarVarios/:id?`, 'Verificar Cartões', staff),
    r('membershipCardSingle', `${cards}/:id`, `Cartão de ${t.memberSingular}`, staff),
    r('membershipCardLettersSingle', `/cartaCartoes${t.memberURLSingular}/:id`, 'Carta do Cartão', staff),
    r('membershipCardVerify', '/v/:id', 'Verificação de Cartão', { public: true }),
    r('membershipCardSettings', '/configuracaoCartoes' + t.memberPlural, 'Configuração de Cartões', staff),

    // Payments
    r('PaymentsC', payments, t.membershipPayments, staff),
    r('paymentsList', `${payments}/pagamentos`, 'Pagamentos', staff),
    r('paymentsNew', `${payments}/pagamentos/novo`, 'Novo Pagamento', staff),
    r('unpaid', `${payments}/dividas`, 'Dívidas', staff),
    r('unpaidByMember', `${payments}/dividas/:memberId`, `Dívidas do ${t.memberSingular}`, staff),
    r('paymentsNotifyMultiple', `${payments}/notificar${t.memberPlural}`, `Notificar ${t.memberPlural}`, staff),
    // Not in SPEC 2's table: the collecting pages (issue 11) under the payments base, before
    // '/pagamentos/:id' in case the base is spelled 'pagamentos'. Staged reminders (stages and
    // the decisions log), SEPA direct debit (batches, mandates, a batch) and payment requests.
    r('paymentReminders', `${payments}/avisos`, 'Avisos de Dívida', staff),
    r('reminderStagesNew', `${payments}/avisos/etapas/novo`, 'Nova Etapa de Aviso', staff),
    r('reminderStagesEdit', `${payments}/avisos/etapas/:id`, 'Etapa de Aviso', staff),
    r('directDebit', `${payments}/debitoDireto`, 'Débito Direto', staff),
    r('sepaMandatesList', `${payments}/debitoDireto/mandatos`, 'Mandatos de Débito Direto', staff),
    r('sepaMandatesNew', `${payments}/debitoDireto/mandatos/novo`, 'Novo Mandato', staff),
    r('sepaMandatesEdit', `${payments}/debitoDireto/mandatos/:id`, 'Mandato de Débito Direto', staff),
    r('directDebitBatch', `${payments}/debitoDireto/lotes/:id`, 'Lote de Débito Direto', staff),
    r('paymentRequests', `${payments}/pedidos`, 'Pedidos de Pagamento', staff),
    // Bank-statement reconciliation: upload, review each line's match, confirm (issue 28).
    r('reconciliation', `${payments}/extratoBancario`, 'Extrato Bancário', staff),
    r('paymentsEdit', '/pagamentos/:id', 'Pagamento', staff),
    r('unpaidSingle', '/informacaoDePagamento/:id', 'Informação de Pagamento', { public: true, bare: true }),

    // Users
    // Members reach their own account only (SPEC 6): the explainer says which it is.
    r('userSettings', PATHS.users, 'Utilizadores', { ...staff, needs: { resource: RESOURCE.users, operation: 'list' } }),
    r('usersNew', `${PATHS.users}/novo`, 'Novo Utilizador', { needs: { resource: RESOURCE.users, operation: 'create' } }),
    r('usersEditPassword', `${PATHS.users}/recuperar-password/:id`, 'Alterar Palavra-passe', { needs: { resource: RESOURCE.users, operation: 'update', param: 'id' } }),
    r('usersEdit', `${PATHS.users}/:id`, 'Editar Utilizador', { needs: { resource: RESOURCE.users, operation: 'read', param: 'id' } }),

    // Others
    r('reportOverview', '/relatorios', 'Relatórios', { ...staff, orgType: 'association' }),
    r('messageList', '/mensagens', 'Mensagens', staff),
    r('messagesEdit', '/mensagens/:id', 'Mensagem', staff),
    r('messageSettings', '/configuracaoMensagens', 'Configuração de Mensagens', staff),
    r('treasuryDocList', '/tesouraria', 'Tesouraria', staff),
    r('treasuryDocsNew', '/tesouraria/novo', 'Novo Documento de Tesouraria', staff),
    r('treasuryDocsMultiple', '/tesouraria/multiplos', 'Vários Documentos de Tesouraria', staff),
    r('treasuryDocsEdit', '/tesoouraria/:id', 'Documento de Tesouraria', staff),
    r('treasurySettings', '/configuracaoTesouraria', 'Configuração de Tesouraria', staff),
    r('developers', PATHS.developers, 'Programadores', staff),
    r('apiSecretsNew', PATHS.apiSecretNew, 'Nova Chave de API', staff),
    r('apiSecretsEdit', `${PATHS.apiSecrets}/:id`, 'Chave de API', staff),
    // Not in SPEC 2's table: the audit trail (issue 8) is for administrators only.
    r('auditLog', '/auditoria', 'Auditoria', { access: [ROLE.admin] }),
    // Not in SPEC 2's table either: the background jobs (issue 10), for administrators only.
    r('jobs', '/tarefas', 'Tarefas', { access: [ROLE.admin] }),
  ];
}

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

/** The first route matching a decoded pathname, strictly (trailing slash and case matter). */
export function matchRoute(routes: readonly RouteDef[], pathname: string): RouteMatch | null {
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}

/** Whether a user with `role` may open the route (SPEC 6; breadcrumbs use it too). */
export function mayOpen(route: RouteDef, role: string | null): boolean {
  if (!route.access) return true;
  return route.access.some((allowed) => allowed === role);
}

/** Whether the route exists for this kind of organisation (unknown until the settings load: not yet). */
export function existsFor(route: RouteDef, orgType: OrgType | null): boolean {
  return route.orgType === undefined || route.orgType === orgType;
}

/** Whether the server lets the caller do what the page does (its `needs`), on the record the address names. */
export function mayUse(route: RouteDef, params: Record<string, string>, explained: Record<string, ExplainerResource>): boolean {
  const needs = route.needs;
  if (!needs) return true;
  return mayIn(explained[needs.resource], needs.operation, needs.param === undefined ? undefined : params[needs.param]);
}

/** Where a user lands after login (and on '/' when logged in): staff on the member list, members on memberHome. */
export function landingPath(routes: readonly RouteDef[], role: string | null): string {
  return pathOf(routes, isStaffRole(role) ? 'membersList' : 'memberHome');
}

/** The route of a name: every name has one. */
export function routeNamed(routes: readonly RouteDef[], name: RouteName): RouteDef {
  const route = routes.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`No route named ${name}`);
  return route;
}

/** A route's own pattern, its ':id' left for an element to fill in (a list's `edit-path`). */
export const patternOf = (routes: readonly RouteDef[], name: RouteName): string => routeNamed(routes, name).path;

/** The literal path of a parameterless route, or with parameters filled in. */
export function pathOf(routes: readonly RouteDef[], name: RouteName, params: Record<string, string | number> = {}): string {
  return patternOf(routes, name)
    .replace(/\/:([A-Za-z_][A-Za-z0-9_]*)\?/g, (_, key: string) => (params[key] === undefined ? '' : `/${encodeURIComponent(String(params[key]))}`))
    .replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, key: string) => {
      if (params[key] === undefined) throw new Error(`Route ${name} needs ${key}`);
      return encodeURIComponent(String(params[key]));
    });
}

export const NOT_FOUND_TITLE = 'Página não encontrada';

/** SPEC 2: the route title followed by the organisation name. */
export function documentTitle(title: string, organisation: string | null | undefined): string {
  return organisation ? `${title}${TITLE_SEPARATOR}${organisation}` : title;
}

export interface Crumb {
  label: string;
  /** Decoded path the crumb stands for. */
  path: string;
  /** Null when the crumb is plain text: the current page, or a route the user may not open. */
  href: string | null;
}

/**
 * Breadcrumbs from the path's segments: each prefix that is a route becomes a crumb with
 * that route's title, a link only where the user's role may open it (SPEC 2 and 6);
 * prefixes that are no route are left out. The last crumb is the current page.
 */
export function breadcrumbs(routes: readonly RouteDef[], pathname: string, role: string | null): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [];
  for (let i = 1; i <= segments.length; i += 1) {
    const path = '/' + segments.slice(0, i).join('/');
    const found = matchRoute(routes, path);
    if (!found || found.route.redirect) continue;
    const current = i === segments.length;
    crumbs.push({ label: found.route.title, path, href: !current && mayOpen(found.route, role) ? path : null });
  }
  return crumbs;
}
