import { expect } from '@open-wc/testing';
import { effect } from '@preact/signals-core';
import { createCardVerification, documentStatuses, getCore, readPaymentAdvice, referenceLists, STORAGE_KEYS } from '../../src/core/index.js';
import { cleanup, testCore } from './support/core.js';
import { tokenPair, until } from './support/fault.js';

const setting = (name: string, value: string, i: number) => ({ _id: i, name, value, created_at: '' });
const fullSettings = () => {
  const items = [
    setting('hasMemberApplication', 'true', 1),
    setting('hasTreasury', 'false', 2),
    setting('SendMessages', 'false', 3),
    setting('automatedMemberPayments', 'true', 4),
    setting('orgType', 'association', 5),
  ];
  for (let i = items.length; i < 15; i++) items.push(setting(`extra${i}`, 'x', i + 1));
  return { body: { data: items, meta: { total: items.length } } };
};
const terminology = {
  name: 'Associação Teste', memberSingular: 'Sócio', memberPlural: 'Sócios', memberURLSingular: 'socio',
  memberURLPlural: 'socios', membershipPayments: 'Quotas', membershipPaymentsURL: 'quotas',
};

function login() {
  const pair = tokenPair();
  localStorage.setItem(STORAGE_KEYS.access, pair.access);
  localStorage.setItem(STORAGE_KEYS.refresh, pair.refresh);
}

describe('settings, terminology, explainer, readiness, reference lists', () => {
  afterEach(cleanup);

  it('typed settings accessors', async () => {
    const { core, f } = testCore();
    await f.script({ 'GET /settings': fullSettings() });
    await core.settings.load();
    expect(core.settings.hasMemberApplication.value).to.equal(true);
    expect(core.settings.hasTreasury.value).to.equal(false);
    expect(core.settings.SendMessages.value).to.equal(false);
    expect(core.settings.automatedMemberPayments.value).to.equal(true);
    expect(core.settings.orgType.value).to.equal('association');
  });

  it('settings reload only when fewer than 15 entries are held', async () => {
    const { core, f } = testCore();
    await f.script({ 'GET /settings': fullSettings() });
    await core.settings.ensure();
    await core.settings.ensure();
    expect(await f.requests('GET', '/settings')).to.have.length(1);
    const short = testCore();
    await short.f.script({ 'GET /settings': { body: { data: [setting('orgType', 'cooperative', 1)], meta: { total: 1 } } } });
    await short.core.settings.ensure();
    await short.core.settings.ensure();
    expect(await short.f.requests('GET', '/settings')).to.have.length(2);
  });

  it('terminology from data.data, and route base paths from it', async () => {
    const { core, f } = testCore();
    await f.script({ 'GET /terminology': { body: { data: { data: terminology } } } });
    expect(core.basePaths.value).to.equal(null);
    await core.terminology.load();
    expect(core.terminology.terminology.value).to.deep.equal(terminology);
    expect(core.basePaths.value!.members).to.equal('/socios');
    expect(core.basePaths.value!.payments).to.equal('/quotas');
  });

  it('readiness comes after settings and explainer load (with a session)', async () => {
    login();
    const { core, f } = testCore();
    await f.script({
      'GET /terminology': { body: { data: { data: terminology } } },
      'GET /settings': { ...fullSettings(), delayMs: 100 },
      'GET /explainer': { body: { data: { document_statuses: { fields: [] } } }, delayMs: 250 },
      'GET /document_statuses': { body: { data: [], meta: { total: 0 } } },
      'GET /users/1': { body: { data: { email: 'a@b.pt' } } },
    });
    const seen: boolean[] = [];
    const stop = effect(() => void seen.push(core.ready.value));
    try {
      await core.prepare();
      expect(core.ready.value).to.equal(false);
      await until(() => core.ready.value, 3000, 'ready');
      expect(core.settings.loaded.value && core.explainer.loaded.value).to.equal(true);
      // Document statuses are loaded whole when a session exists and the server has them.
      await until(async () => (await f.requests('GET', '/document_statuses')).length === 1, 2000, 'document statuses');
      const [statuses] = await f.requests('GET', '/document_statuses');
      expect(statuses!.query._limit).to.equal('-1');
      await until(() => documentStatuses(core).state.value === 'loaded', 2000, 'document statuses loaded');
    } finally {
      stop();
    }
  });

  it('document statuses are not asked for when the explainer does not list them', async () => {
    login();
    const { core, f } = testCore();
    await f.script({
      'GET /terminology': { body: { data: { data: terminology } } },
      'GET /settings': fullSettings(),
      'GET /explainer': { body: { data: { members: { fields: [] } } } },
      'GET /users/1': { body: { data: { email: 'a@b.pt' } } },
    });
    await core.prepare();
    await until(() => core.ready.value, 3000, 'ready');
    await core.loadSessionData();
    expect(await f.requests('GET', '/explainer')).to.have.length(2);
    expect(await f.requests('GET', '/document_statuses')).to.have.length(0);
  });

  it('without a session nothing session-bound is loaded and the app is not ready on a private page', async () => {
    const { core, f } = testCore({ env: { pathname: () => '/socios' } });
    await f.script({ 'GET /terminology': { body: { data: { data: terminology } } } });
    await core.prepare();
    expect(core.ready.value).to.equal(false);
    expect(await f.requests('GET', '/document_statuses')).to.have.length(0);
  });

  it('is ready at once on the public /v/ and /inscricao/confirmacao/ paths without login', () => {
    expect(testCore({ env: { pathname: () => '/v/abc' } }).core.ready.value).to.equal(true);
    expect(testCore({ env: { pathname: () => '/inscricao/confirmacao/xyz' } }).core.ready.value).to.equal(true);
    expect(testCore({ env: { pathname: () => '/socios' } }).core.ready.value).to.equal(false);
    login();
    expect(testCore({ env: { pathname: () => '/v/abc' } }).core.ready.value).to.equal(false);
  });

  it('countries with Portugal also first; active member states', async () => {
    const { core, f } = testCore();
    await f.script({
      'GET /countries': { body: { data: [{ _id: 1, name: 'Espanha' }, { _id: 2, name: 'Portugal' }], meta: { total: 2 } } },
      'GET /member_states': { body: { data: [{ _id: 1, name: 'Ativo', marksEnd: false }, { _id: 2, name: 'Falecido', marksEnd: true }], meta: { total: 2 } } },
    });
    const lists = referenceLists(core);
    await lists.countries.load();
    await lists.memberStates.load();
    expect(lists.countriesPortugalFirst.value.map((c) => c.name)).to.deep.equal(['Portugal', 'Espanha', 'Portugal']);
    expect(lists.activeMemberStates.value.map((s) => s.name)).to.deep.equal(['Ativo']);
    // One store per resource: asking again gives the same store, already loaded.
    expect(referenceLists(core).countries).to.equal(lists.countries);
    expect(core.referenceList('countries').items.value).to.have.length(2);
    expect((await f.requests('GET', '/countries'))[0]!.query._limit).to.equal('-1');
  });

  it("payment advice refuses without enough data ('Not Enough Data') and reads otherwise", async () => {
    const { core, f } = testCore();
    await f.script({ 'GET /payment_advice': { body: { data: { ok: 1 } } } });
    for (const q of [{ type: 'quota', year: 2024 }, { memberId: 1, year: 2024 }, { memberId: 1, type: 'quota' }]) {
      const e = (await readPaymentAdvice(core, q).catch((x: unknown) => x)) as Error;
      expect(e.message).to.equal('Not Enough Data');
    }
    expect(await f.requests('GET', '/payment_advice')).to.have.length(0);
    await readPaymentAdvice(core, { memberId: 1, type: 'other' });
    await readPaymentAdvice(core, { memberId: 1, type: 'quota', year: 2024 });
    const reqs = await f.requests('GET', '/payment_advice');
    expect(reqs.map((r) => r.query)).to.deep.equal([{ memberID: '1', type: 'other' }, { memberID: '1', type: 'quota', year: '2024' }]);
  });

  it('card verification: loaded, or the not-found flag on 404', async () => {
    const { core, f } = testCore();
    await f.script({ 'GET /membership_cards/verify/good': { body: { data: { name: 'Ana' } } }, 'GET /membership_cards/verify/bad': { status: 404 } });
    const check = createCardVerification(core);
    await check.verify('good');
    expect(check.state.value).to.equal('loaded');
    expect(check.card.value).to.deep.equal({ name: 'Ana' });
    await check.verify('bad');
    expect(check.state.value).to.equal('not-found');
  });

  it('font size changes one step per zoom, within 12..19, stored as fontSize', () => {
    localStorage.setItem('fontSize', '18');
    const { core } = testCore();
    core.preferences.zoomIn();
    expect(core.preferences.fontSize.value).to.equal(19);
    core.preferences.zoomIn();
    expect(core.preferences.fontSize.value).to.equal(19);
    expect(localStorage.getItem('fontSize')).to.equal('19');
    for (let i = 0; i < 10; i++) core.preferences.zoomOut();
    expect(core.preferences.fontSize.value).to.equal(12);
    expect(localStorage.getItem('fontSize')).to.equal('12');
    expect(testCore().core.preferences.fontSize.value).to.equal(12);
  });

  it('getCore gives one core per API base on the page, shared by host and elements', () => {
    const a = getCore('/shared-api-test');
    const b = getCore('/shared-api-test/');
    const other = getCore('https://elsewhere.example/api');
    try {
      expect(a).to.equal(b);
      expect(other).to.not.equal(a);
      expect(other.api).to.equal('https://elsewhere.example/api');
    } finally {
      a.dispose();
      other.dispose();
    }
  });
});
