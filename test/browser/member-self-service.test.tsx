import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import type { ExplainerField } from '../../src/core/index.js';
import '../../src/widgets/member-home/element.js';
import '../../src/widgets/resource-form/element.js';
import { all, button, cleanupFeatures, control, featureFixture, text, type, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const field = (name: string, label: string, group: string, readOnly: boolean, extra: Partial<ExplainerField> = {}): ExplainerField => ({
  name, label, group, readOnly, type: 'string', inputType: 'text', validation: {}, sortable: false, filterable: false, searchable: false, ...extra,
});

/** A member's explainer, as the server answers it: read-only where `writableBy` leaves them out. */
const MEMBER_FIELDS = [
  field('number', 'Número', 'Identificação', true, { type: 'integer', inputType: 'number' }),
  field('name', 'Nome', 'Identificação', false),
  field('phone', 'Telefone', 'Contactos', false, { type: 'phone', inputType: 'tel' }),
  field('address', 'Morada', 'Morada', false),
  field('locality', 'Localidade', 'Morada', false),
  field('admission_date', 'Data de admissão', 'Inscrição', true, { type: 'date', inputType: 'date' }),
];
const OWN = { list: 'own', read: 'own', create: 'none', update: 'none', delete: 'none' } as const;
const MEMBER_EXPLAINER = {
  members: { label: 'Sócios', fields: MEMBER_FIELDS, operations: { list: 'none', read: 'own', create: 'none', update: 'own', delete: 'none' }, ownRecord: 31 },
  membership_cards: { label: 'Cartões de sócio', fields: [], operations: OWN },
};
const MEMBER = { _id: 31, _version: 3, created_at: '2024-02-01T10:00:00Z', number: 128, name: 'Rita Lopes', phone: '+351912345678', address: 'Rua das Flores, 12', locality: 'Porto', admission_date: '2020-01-15', state: null, country: null };

function memberHome(extra: Record<string, unknown> = {}) {
  const fixture = featureFixture();
  fixture.logIn(7, 'Rita Lopes', 'member');
  const ready = fixture.f.script({
    'GET /explainer': { body: { data: MEMBER_EXPLAINER } },
    'GET /users/7': { body: { data: { _id: 7, created_at: '', member: 31 } } },
    'GET /members/31': { body: { data: MEMBER } },
    'GET /members/31/unsettled_payments': { body: { data: [], meta: { total: 0 } } },
    'GET /members/31/payments': { body: { data: [], meta: { total: 0 } } },
    'GET /members/31/history': { body: { data: [], meta: { total: 0 } } },
    'GET /membership_cards': { body: { data: [{ _id: 5, member: 31, code: 'ABCD-EFGH-JKLMN', state: 'active', issued_at: '2025-01-10', valid_until: '2026-12-31' }], meta: { total: 1 } } },
    'GET /membership_cards/5/state': { body: { data: { status: 'valid', state: 'Válido', valid_until: '2026-12-31', expired: false } } },
    ...extra,
  });
  return { ...fixture, ready };
}

describe('a member on their home corrects their data, sees their card and downloads their data', () => {
  afterEach(cleanupFeatures);

  it("shows their card's standing today as the server judges it: a card past its validity reads Expirado, not Ativo", async () => {
    const { place, ready, core } = memberHome({
      'GET /membership_cards': { body: { data: [{ _id: 5, member: 31, code: 'ABCD-EFGH-JKLMN', state: 'active', issued_at: '2025-01-10', valid_until: '2025-12-31' }], meta: { total: 1 } } },
      'GET /membership_cards/5/state': { body: { data: { status: 'expired', state: 'Expirado', valid_until: '2025-12-31', expired: true } } },
    });
    await ready;
    await core.explainer.load();
    const element = place('associa-member-home');
    await waitUntil(() => all(element, '[data-card-standing="expired"]').length === 1, 'the expired standing was not shown', { timeout: 4000 });
    const badge = all(element, '[data-card-standing]')[0]!;
    expect(badge.dataset.cardStanding).to.equal('expired');
    expect(all(element, '[data-card-state]')[0]!.textContent).to.equal('Expirado');
    expect(text(element)).to.not.contain('Ativo');
    expect(all(element, '[data-card-valid-until]')[0]!.textContent).to.equal('31/12/2025 (já passou)');
    // In colour too, unlike a valid card's.
    const expiredColour = getComputedStyle(badge).backgroundColor;
    await expectAccessible(element);
    cleanupFeatures();

    const valid = memberHome({ 'GET /membership_cards/5/state': { body: { data: { status: 'valid', state: 'Válido', valid_until: '2026-12-31', expired: false } } } });
    await valid.ready;
    await valid.core.explainer.load();
    const other = valid.place('associa-member-home');
    // 'Válido até' is on the card before its standing arrives: wait for the badge itself.
    await waitUntil(() => all(other, '[data-card-standing="valid"]').length === 1, 'the valid standing was not shown', { timeout: 4000 });
    expect(all(other, '[data-card-valid-until]')[0]!.textContent).to.equal('31/12/2026');
    expect(getComputedStyle(all(other, '[data-card-standing]')[0]!).backgroundColor).to.not.equal(expiredColour);
  });

  it('offers exactly the fields the server lets them write, no delete, and saves a new phone', async () => {
    const { f, place, ready, core } = memberHome();
    await ready;
    await core.explainer.load();
    const element = place('associa-member-home');
    await waitForText(element, 'Corrigir os meus dados');
    const phone = await control(element, 'Telefone');
    const form = element.shadowRoot!.querySelector('[data-own="self-service"] form')!;
    const labels = [...form.querySelectorAll('label')].map((l) => l.textContent?.replace(/\s*\*$/, '').trim());
    expect(labels).to.have.members(['Nome', 'Telefone', 'Morada', 'Localidade']);
    expect(labels).to.not.include('Número');
    expect(all(element, 'button').map((b) => b.textContent?.trim())).to.not.include('Apagar');
    await expectAccessible(element);

    await f.script({
      'POST /members/validate': { body: {} },
      'PUT /members/31': { body: { data: { ...MEMBER, _version: 4, phone: '+351913000222' } } },
      'PATCH /members/31': { body: { data: { ...MEMBER, _version: 4, phone: '+351913000222' } } },
    });
    type(phone, '913 000 222');
    (await button(element, 'Guardar')).click();
    await waitUntil(async () => (await f.requests('PUT', '/members/31')).length + (await f.requests('PATCH', '/members/31')).length > 0, 'the change was never sent', { timeout: 4000 });
    const [sent] = [...(await f.requests('PUT', '/members/31')), ...(await f.requests('PATCH', '/members/31'))];
    expect((sent!.body as Record<string, unknown>).phone).to.equal('913 000 222');
    expect(sent!.body).to.not.have.property('number');
    // Nothing the member may not read was asked: no member list, no other user.
    const paths = (await f.log()).map((r) => `${r.method} ${r.path}`);
    expect(paths.filter((p) => p === 'GET /members' || p === 'GET /users')).to.deep.equal([]);
  });

  it('shows their card with a PDF download, and downloads their data as JSON and CSV', async () => {
    const { f, place, ready, core } = memberHome({
      'GET /membership_cards/5': { body: '%PDF-1.7 cartão' },
      'GET /members/31/export': [
        { match: { format: 'json' }, body: { data: { member: MEMBER, sections: [] } } },
        { match: { format: 'csv' }, body: 'Secção;Registo;Campo;Valor' },
      ],
    });
    await ready;
    await core.explainer.load();
    const element = place('associa-member-home');
    await waitForText(element, 'ABCD-EFGH-JKLMN');
    expect(text(element)).to.contain('31/12/2026');
    const clicked: string[] = [];
    const original = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    };
    try {
      (await button(element, 'Descarregar cartão (PDF)')).click();
      await waitUntil(() => clicked.length === 1, 'the card was never saved', { timeout: 4000 });
      const [card] = await f.requests('GET', '/membership_cards/5');
      expect(card!.headers.accept).to.equal('application/pdf');
      (await button(element, 'Descarregar (JSON)')).click();
      await waitUntil(() => clicked.length === 2, 'the JSON was never saved', { timeout: 4000 });
      (await button(element, 'Descarregar (CSV)')).click();
      await waitUntil(() => clicked.length === 3, 'the CSV was never saved', { timeout: 4000 });
    } finally {
      HTMLAnchorElement.prototype.click = original;
    }
    expect(clicked).to.deep.equal(['cartao-ABCD-EFGH-JKLMN.pdf', 'os-meus-dados-128.json', 'os-meus-dados-128.csv']);
    expect((await f.requests('GET', '/members/31/export')).map((r) => r.query.format)).to.deep.equal(['json', 'csv']);
  });
});

describe('controls the server would refuse are not shown', () => {
  afterEach(cleanupFeatures);

  const explain = (operations: Record<string, string>) => ({ body: { data: { members: { label: 'Sócios', fields: MEMBER_FIELDS, operations, ownRecord: 31 } } } });

  it("no 'Apagar' on a record the caller may not delete; 'Apagar' where they may", async () => {
    const refused = featureFixture();
    refused.logIn(7, 'Rita Lopes', 'member');
    await refused.f.script({ 'GET /explainer': explain({ list: 'none', read: 'own', create: 'none', update: 'own', delete: 'none' }), 'GET /members/31': { body: { data: MEMBER } } });
    const own = refused.place('associa-resource-form', { resource: 'members', 'record-id': '31' });
    await button(own, 'Guardar');
    expect(all(own, 'button').map((b) => b.textContent?.trim())).to.not.include('Apagar');
    cleanupFeatures();

    const allowed = featureFixture();
    allowed.logIn(1, 'Ana', 'admin');
    await allowed.f.script({ 'GET /explainer': explain({ list: 'all', read: 'all', create: 'all', update: 'all', delete: 'all' }), 'GET /members/31': { body: { data: MEMBER } } });
    const admin = allowed.place('associa-resource-form', { resource: 'members', 'record-id': '31' });
    await button(admin, 'Apagar');
  });

  it('no form to create without the create operation, and no save without update', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(7, 'Rita Lopes', 'member');
    await f.script({ 'GET /explainer': explain({ list: 'none', read: 'all', create: 'none', update: 'none', delete: 'none' }), 'GET /members/31': { body: { data: MEMBER } } });
    const creating = place('associa-resource-form', { resource: 'members' });
    await waitForText(creating, 'Não tem permissão para criar registos deste tipo.');
    expect(all(creating, 'form')).to.have.length(0);
    const reading = place('associa-resource-form', { resource: 'members', 'record-id': '31' });
    await control(reading, 'Telefone');
    expect(all(reading, 'button').map((b) => b.textContent?.trim())).to.not.include.members(['Guardar', 'Apagar']);
  });
});
