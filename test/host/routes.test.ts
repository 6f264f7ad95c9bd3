import { describe, expect, it } from 'vitest';
import {
  breadcrumbs,
  buildRoutes,
  documentTitle,
  existsFor,
  FALLBACK_TERMINOLOGY,
  landingPath,
  matchRoute,
  mayOpen,
  mayUse,
  pathOf,
  patternOf,
  routeNamed,
  type RouteName,
} from '../../src/host/routes.js';
import { compilePath, decodePath } from '../../src/host/routing/paths.js';
import { TERMINOLOGY_DEFAULTS, type Terminology } from '../../src/core/index.js';
import { apiSecretPath, homePath, PATHS, userEditPath } from '../../src/widgets/feature-kit/paths.js';

const association = buildRoutes(FALLBACK_TERMINOLOGY);
const cooperative: Terminology = { ...TERMINOLOGY_DEFAULTS.cooperative, name: 'Cooperativa Agrícola do Vale' };
const accented: Terminology = { ...FALLBACK_TERMINOLOGY, memberPlural: 'Sócios', memberURLPlural: 'sócios', memberURLSingular: 'sócio' };

const nameAt = (routes = association, path: string) => matchRoute(routes, decodePath(path))?.route.name ?? null;

describe('the route table (SPEC 2)', () => {
  it('has every path of section 2 with its name, for the association words', () => {
    const expected: Array<[string, RouteName]> = [
      ['/', 'root'],
      ['/autorizacao/entrar', 'login'],
      ['/autorizacao/loginporlink', 'forgot'],
      ['/autorizacao/loginporlink/abc123', 'recover'],
      ['/autorizacao/sair', 'logout'],
      ['/adminHome', 'adminHome'],
      ['/dashboard', 'memberHome'],
      ['/socios', 'membersList'],
      ['/socios/novo', 'membersNew'],
      ['/socios/importar', 'membersImport'],
      ['/socios/42', 'membersEdit'],
      ['/configuracaoSócios', 'memberSettings'],
      ['/candidaturas', 'memberApplicationsList'],
      ['/candidaturas/nova', 'memberApplicationsNew'],
      ['/candidaturas/7', 'memberApplicationsEdit'],
      ['/candidaturas/7/editar', 'memberApplicationsCorrect'],
      ['/configuracaoCandidaturas', 'memberApplicationSettings'],
      ['/inscricao/confirmacao/xyz', 'applicationEmailVerification'],
      ['/cartoessocio', 'membershipCardList'],
      ['/cartoessocio/verificarVarios', 'membershipCardVerifyMultiple'],
      ['/cartoessocio/verificarVarios/3', 'membershipCardVerifyMultiple'],
      ['/cartoessocio/9', 'membershipCardSingle'],
      ['/cartaCartoessocio/9', 'membershipCardLettersSingle'],
      ['/v/abc', 'membershipCardVerify'],
      ['/configuracaoCartoesSócios', 'membershipCardSettings'],
      ['/quotas', 'PaymentsC'],
      ['/quotas/pagamentos', 'paymentsList'],
      ['/quotas/dividas', 'unpaid'],
      ['/quotas/dividas/12', 'unpaidByMember'],
      ['/quotas/notificarSócios', 'paymentsNotifyMultiple'],
      ['/quotas/pagamentos/novo', 'paymentsNew'],
      ['/pagamentos/5', 'paymentsEdit'],
      ['/informacaoDePagamento/5', 'unpaidSingle'],
      ['/utilizadores', 'userSettings'],
      ['/utilizadores/novo', 'usersNew'],
      ['/utilizadores/3', 'usersEdit'],
      ['/utilizadores/recuperar-password/3', 'usersEditPassword'],
      ['/relatorios', 'reportOverview'],
      ['/inicio', 'staffHome'],
      // A production start's first-run checklist, again under the settings (decision 0049).
      ['/configuracao/primeiros-passos', 'setupSettings'],
      // The whole export and the backups (decisions 0046, 0047).
      ['/configuracao/dados', 'dataSettings'],
      ['/mensagens', 'messageList'],
      ['/mensagens/4', 'messagesEdit'],
      ['/configuracaoMensagens', 'messageSettings'],
      ['/tesouraria', 'treasuryDocList'],
      ['/tesouraria/novo', 'treasuryDocsNew'],
      ['/tesouraria/multiplos', 'treasuryDocsMultiple'],
      ['/tesoouraria/8', 'treasuryDocsEdit'],
      ['/configuracaoTesouraria', 'treasurySettings'],
      // Beyond SPEC 2: the general assemblies (issue 33).
      ['/assembleias', 'assembliesList'],
      ['/assembleias/nova', 'assembliesNew'],
      ['/assembleias/3', 'assembliesEdit'],
      ['/assembleias/3/sessao', 'assemblySession'],
      ['/assembleias/3/ata', 'assemblyMinutes'],
      ['/assembleias/3/prova', 'assemblyProof'],
      ['/configuracaoAssembleias', 'assemblySettings'],
      ['/developers', 'developers'],
      ['/apiSecrets/new', 'apiSecretsNew'],
      ['/apiSecrets/2', 'apiSecretsEdit'],
      // Beyond SPEC 2's table: the audit trail.
      ['/auditoria', 'auditLog'],
      // And the background jobs.
      ['/tarefas', 'jobs'],
      // Beyond it too: the dues module's fee categories and schedules, a settings page.
      ['/configuracaoQuotas', 'feeSettings'],
      ['/configuracaoQuotas/categorias/novo', 'feeCategoriesNew'],
      ['/configuracaoQuotas/categorias/3', 'feeCategoriesEdit'],
      ['/configuracaoQuotas/tabelas/novo', 'feeSchedulesNew'],
      ['/configuracaoQuotas/tabelas/5', 'feeSchedulesEdit'],
      // And the collecting pages under the payments base (issue 11).
      ['/quotas/avisos', 'paymentReminders'],
      ['/quotas/avisos/etapas/novo', 'reminderStagesNew'],
      ['/quotas/avisos/etapas/3', 'reminderStagesEdit'],
      ['/quotas/debitoDireto', 'directDebit'],
      ['/quotas/debitoDireto/mandatos', 'sepaMandatesList'],
      ['/quotas/debitoDireto/mandatos/novo', 'sepaMandatesNew'],
      ['/quotas/debitoDireto/mandatos/4', 'sepaMandatesEdit'],
      ['/quotas/debitoDireto/lotes/6', 'directDebitBatch'],
      ['/quotas/pedidos', 'paymentRequests'],
      ['/quotas/extratoBancario', 'reconciliation'],
      // And the households under the members' path (issue 34).
      ['/socios/agregados', 'householdsList'],
      ['/socios/agregados/novo', 'householdsNew'],
      ['/socios/agregados/7', 'householdsEdit'],
      // The register of data-subject requests (issue 34, part 5).
      ['/privacidade/pedidos', 'dataSubjectRequestsList'],
      ['/privacidade/pedidos/novo', 'dataSubjectRequestsNew'],
      ['/privacidade/pedidos/4', 'dataSubjectRequestsEdit'],
      // The consent register: the bulk message under the members' path, the purposes in the settings (issue 34, part 4).
      ['/socios/mensagem', 'memberBroadcast'],
      ['/configuracaoPrivacidade', 'privacySettings'],
      ['/configuracaoPrivacidade/nova', 'consentPurposesNew'],
      ['/configuracaoPrivacidade/3', 'consentPurposesEdit'],
    ];
    for (const [path, name] of expected) expect(nameAt(association, path), path).toBe(name);
    expect(new Set(association.map((route) => route.name)).size).toBe(association.length);
    expect(association).toHaveLength(new Set(expected.map(([, name]) => name)).size);
  });

  it('follows the terminology: cooperative words change member, card and payment paths', () => {
    const routes = buildRoutes(cooperative);
    expect(nameAt(routes, '/cooperadores')).toBe('membersList');
    expect(nameAt(routes, '/cooperadores/novo')).toBe('membersNew');
    expect(nameAt(routes, '/configuracaoCooperadores')).toBe('memberSettings');
    expect(nameAt(routes, '/cartoescooperador/1')).toBe('membershipCardSingle');
    expect(nameAt(routes, '/configuracaoCartoesCooperadores')).toBe('membershipCardSettings');
    expect(nameAt(routes, '/capitalsocial/dividas')).toBe('unpaid');
    expect(nameAt(routes, '/capitalsocial/notificarCooperadores')).toBe('paymentsNotifyMultiple');
    expect(nameAt(routes, '/socios')).toBeNull();
    expect(nameAt(routes, '/quotas')).toBeNull();
  });

  it('matches accented terminology from the percent-encoded location.pathname', () => {
    const routes = buildRoutes(accented);
    expect(nameAt(routes, '/s%C3%B3cios')).toBe('membersList');
    expect(nameAt(routes, '/s%C3%B3cios/12')).toBe('membersEdit');
    expect(matchRoute(routes, decodePath('/s%C3%B3cios/12'))?.params).toEqual({ id: '12' });
    expect(nameAt(routes, '/configuracaoS%C3%B3cios')).toBe('memberSettings');
    expect(nameAt(routes, '/cart%C3%B5essocio')).toBeNull();
    expect(nameAt(routes, '/cartoess%C3%B3cio/4')).toBe('membershipCardSingle');
    // A malformed escape is not a crash, just no route.
    expect(decodePath('/%E0%A4%A')).toBe('/%E0%A4%A');
    expect(nameAt(routes, '/%E0%A4%A')).toBeNull();
  });

  it('is strict about trailing slashes and case; anything else is no route (not-found page)', () => {
    for (const path of ['/socios/', '/autorizacao/entrar/', '/Socios', '/SOCIOS/1', '/utilizadores/', '/dashboard/', '/tesouraria/8', '/socios/1/2', '/nada', '//', '/cartoessocio/verificarVarios/']) {
      expect(nameAt(association, path), path).toBeNull();
    }
  });

  it('gives route parameters, including the optional one', () => {
    expect(matchRoute(association, '/autorizacao/loginporlink/c0d3')?.params).toEqual({ recoverCode: 'c0d3' });
    expect(matchRoute(association, '/cartoessocio/verificarVarios')?.params).toEqual({});
    expect(matchRoute(association, '/cartoessocio/verificarVarios/3')?.params).toEqual({ id: '3' });
    expect(matchRoute(association, '/quotas/dividas/77')?.params).toEqual({ memberId: '77' });
  });

  it('redirects / to login and /adminHome to the member list', () => {
    expect(matchRoute(association, '/')?.route.redirect).toBe('login');
    expect(matchRoute(association, '/adminHome')?.route.redirect).toBe('membersList');
  });

  it('lands staff on the member list and members on /dashboard', () => {
    expect(landingPath(association, 'admin')).toBe('/socios');
    expect(landingPath(association, 'editor')).toBe('/socios');
    expect(landingPath(buildRoutes(cooperative), 'admin')).toBe('/cooperadores');
    expect(landingPath(association, 'member')).toBe('/dashboard');
    expect(landingPath(association, 'tesoureiro')).toBe('/dashboard');
  });

  it('keeps back-office routes to staff and lets members open their own pages (SPEC 6)', () => {
    const at = (path: string) => matchRoute(association, path)!.route;
    for (const path of ['/socios', '/socios/1', '/utilizadores', '/quotas/dividas', '/mensagens', '/developers', '/configuracaoMensagens', '/configuracaoQuotas', '/configuracaoQuotas/tabelas/5']) {
      expect(mayOpen(at(path), 'admin'), path).toBe(true);
      expect(mayOpen(at(path), 'editor'), path).toBe(true);
      expect(mayOpen(at(path), 'member'), path).toBe(false);
    }
    expect(['admin', 'editor', 'member'].map((role) => mayOpen(at('/auditoria'), role))).toEqual([true, false, false]);
    expect(['admin', 'editor', 'member'].map((role) => mayOpen(at('/tarefas'), role))).toEqual([true, false, false]);
    for (const path of ['/dashboard', '/utilizadores/3', '/utilizadores/recuperar-password/3', '/utilizadores/novo']) {
      expect(mayOpen(at(path), 'member'), path).toBe(true);
    }
    for (const path of ['/autorizacao/entrar', '/v/x', '/inscricao/confirmacao/x', '/informacaoDePagamento/x', '/autorizacao/loginporlink/x']) {
      expect(at(path).public, path).toBe(true);
    }
    expect(at('/socios').public).toBeUndefined();
  });

  it('has the reports page for an association only: a cooperative finds no such page (issue 15)', () => {
    const reports = routeNamed(association, 'reportOverview');
    expect(mayOpen(reports, 'admin') && mayOpen(reports, 'editor')).toBe(true);
    expect(mayOpen(reports, 'member')).toBe(false);
    expect(existsFor(reports, 'association')).toBe(true);
    expect(existsFor(reports, 'cooperative')).toBe(false);
    // Before the settings say which it is, the page is not offered either.
    expect(existsFor(reports, null)).toBe(false);
    expect(association.filter((route) => route.orgType !== undefined).map((route) => route.name)).toEqual(['reportOverview']);
    expect(existsFor(routeNamed(association, 'membersList'), 'cooperative')).toBe(true);
  });

  it('hides the top navigation on recover and unpaidSingle only', () => {
    expect(association.filter((route) => route.bare).map((route) => route.name).sort()).toEqual(['recover', 'unpaidSingle']);
  });

  it('titles pages with the route title and the organisation name', () => {
    expect(documentTitle(matchRoute(association, '/socios')!.route.title, 'Associação Recreativa')).toBe('Sócios | Associação Recreativa');
    expect(documentTitle('Entrar', null)).toBe('Entrar');
    for (const route of association) expect(route.title.trim(), route.name).not.toBe('');
  });

  it('builds paths from names and parameters', () => {
    expect(pathOf(association, 'membersEdit', { id: 12 })).toBe('/socios/12');
    expect(pathOf(association, 'membershipCardVerifyMultiple')).toBe('/cartoessocio/verificarVarios');
    expect(pathOf(association, 'membershipCardVerifyMultiple', { id: 3 })).toBe('/cartoessocio/verificarVarios/3');
    expect(() => pathOf(association, 'usersEdit')).toThrow(/needs id/);
  });

  it("gives a route's own pattern for an element to fill in", () => {
    expect(patternOf(association, 'membersEdit')).toBe('/socios/:id');
    expect(patternOf(buildRoutes(cooperative), 'membersEdit')).toBe('/cooperadores/:id');
    expect(patternOf(association, 'usersEdit')).toBe('/utilizadores/:id');
    expect(patternOf(association, 'treasuryDocsEdit')).toBe('/tesoouraria/:id');
  });

  it('is where every address the elements name leads, whatever the terminology', () => {
    for (const routes of [association, buildRoutes(cooperative)]) {
      const expected: Array<[string, RouteName]> = [
        [PATHS.login, 'login'],
        [PATHS.forgot, 'forgot'],
        [PATHS.memberHome, 'memberHome'],
        [PATHS.adminHome, 'adminHome'],
        [PATHS.users, 'userSettings'],
        [PATHS.developers, 'developers'],
        [PATHS.apiSecretNew, 'apiSecretsNew'],
        [userEditPath(3), 'usersEdit'],
        [apiSecretPath(2), 'apiSecretsEdit'],
        [homePath('admin'), 'adminHome'],
        [homePath('member'), 'memberHome'],
      ];
      for (const [path, name] of expected) {
        expect(nameAt(routes, path), path).toBe(name);
        if (!/\d$/.test(path)) expect(pathOf(routes, name), name).toBe(path);
      }
    }
  });
});

describe("the server's operations decide the pages a caller may use (issue 16, item 6)", () => {
  const operations = (create: 'all' | 'none', read: 'all' | 'own') => ({ list: create === 'all' ? 'all' : 'none', read, create, update: read, delete: 'none' }) as const;
  const member = { users: { label: 'Utilizadores', fields: [], operations: operations('none', 'own'), ownRecord: 7 } };
  const editor = { users: { label: 'Utilizadores', fields: [], operations: operations('all', 'all') } };
  const use = (path: string, explained: Parameters<typeof mayUse>[2]) => {
    const found = matchRoute(association, path)!;
    return mayUse(found.route, found.params, explained);
  };

  it("a member opens their own account and its password page, never another's nor a new user's form", () => {
    expect(use('/utilizadores/7', member)).toBe(true);
    expect(use('/utilizadores/recuperar-password/7', member)).toBe(true);
    expect(use('/utilizadores/8', member)).toBe(false);
    expect(use('/utilizadores/recuperar-password/8', member)).toBe(false);
    expect(use('/utilizadores/novo', member)).toBe(false);
    expect(use('/utilizadores', member)).toBe(false);
  });

  it('staff open every user page; a server that does not explain users opens none', () => {
    for (const path of ['/utilizadores', '/utilizadores/novo', '/utilizadores/8', '/utilizadores/recuperar-password/8']) expect(use(path, editor)).toBe(true);
    expect(use('/utilizadores/7', {})).toBe(false);
    // Pages without a stated operation are decided by their access list alone.
    expect(use('/dashboard', {})).toBe(true);
  });
});

describe('breadcrumbs', () => {
  it('come from path segments, with route titles, the last one the current page', () => {
    expect(breadcrumbs(association, '/quotas/pagamentos/novo', 'admin')).toEqual([
      { label: 'Quotas', path: '/quotas', href: '/quotas' },
      { label: 'Pagamentos', path: '/quotas/pagamentos', href: '/quotas/pagamentos' },
      { label: 'Novo Pagamento', path: '/quotas/pagamentos/novo', href: null },
    ]);
  });

  it('link a crumb only where the role may open its route', () => {
    expect(breadcrumbs(association, '/utilizadores/3', 'member')).toEqual([
      { label: 'Utilizadores', path: '/utilizadores', href: null },
      { label: 'Editar Utilizador', path: '/utilizadores/3', href: null },
    ]);
    expect(breadcrumbs(association, '/utilizadores/3', 'editor')[0]!.href).toBe('/utilizadores');
  });

  it('leave out prefixes that are no route', () => {
    expect(breadcrumbs(association, '/autorizacao/entrar', null).map((c) => c.label)).toEqual(['Entrar']);
    expect(breadcrumbs(association, '/utilizadores/recuperar-password/3', 'admin').map((c) => c.label)).toEqual([
      'Utilizadores',
      'Editar Utilizador',
      'Alterar Palavra-passe',
    ]);
    // The fee settings' record pages sit under the settings page, their middle segment no route.
    expect(breadcrumbs(association, '/configuracaoQuotas/tabelas/5', 'editor')).toEqual([
      { label: 'Configuração de Quotas', path: '/configuracaoQuotas', href: '/configuracaoQuotas' },
      { label: 'Tabela de Quotas', path: '/configuracaoQuotas/tabelas/5', href: null },
    ]);
  });
});

describe('the strict path parser given to wouter', () => {
  it('compiles parameters, optional last parameters and the root', () => {
    expect(compilePath('/').pattern.test('/')).toBe(true);
    expect(compilePath('/').pattern.test('')).toBe(false);
    const { pattern, keys } = compilePath('/a/:id?');
    expect(keys).toEqual(['id']);
    expect(['/a', '/a/1'].map((p) => pattern.test(p))).toEqual([true, true]);
    expect(['/a/', '/a/1/', '/A'].map((p) => pattern.test(p))).toEqual([false, false, false]);
    expect(compilePath('/x.y').pattern.test('/xzy')).toBe(false);
  });
});
