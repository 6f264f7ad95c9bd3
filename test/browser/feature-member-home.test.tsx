import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/member-home/element.js';
import { all, cleanupFeatures, featureFixture, find, link, text, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const MEMBER = {
  _id: 31,
  created_at: '2024-02-01T10:00:00Z',
  number: 128,
  name: 'Rita Lopes',
  email: 'rita@exemplo.pt',
  phone: '912345678',
  nif: '123456789',
  birth_date: '1990-03-09',
  address: 'Rua das Flores, 12',
  postal_code: '4000-123',
  locality: 'Porto',
  country: 620,
  state: 1,
  admission_date: '2020-01-15',
};

describe('<associa-member-home>', () => {
  afterEach(cleanupFeatures);

  it("reads the member named by the user's own record and shows it in a card", async () => {
    const { f, place, logIn } = featureFixture();
    logIn(7, 'Rita Lopes', 'member');
    await f.script({
      'GET /users/7': { body: { data: { _id: 7, created_at: '', member: 31, username: 'rita' } } },
      'GET /members/31': { body: { data: MEMBER } },
      'GET /member_states/1': { body: { data: { _id: 1, created_at: '', name: 'Ativo', marksEnd: false } } },
      'GET /countries/620': { body: { data: { _id: 620, created_at: '', name: 'Portugal' } } },
    });
    const element = place('associa-member-home');
    await waitForText(element, 'Sócio n.º 128');
    await expectAccessible(element);
    const rows = Object.fromEntries(all(element, 'dt').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(rows).to.deep.equal({
      'E-mail': 'rita@exemplo.pt',
      Telefone: '912345678',
      NIF: '123456789',
      'Data de nascimento': '09/03/1990',
      Morada: 'Rua das Flores, 12',
      Localidade: '4000-123 Porto',
      País: 'Portugal',
      'Data de admissão': '15/01/2020',
      Estado: 'Ativo',
    });
    expect((await find(element, 'h3')).textContent).to.equal('Rita Lopes');
    expect(text(element)).to.contain('Olá, Rita Lopes.');
    const edit = await link(element, 'Editar Perfil');
    expect(edit.getAttribute('href')).to.equal('/utilizadores/7');
    // Only the member's own records are asked for.
    const paths = (await f.log()).map((r) => `${r.method} ${r.path}`);
    expect(paths).to.include.members(['GET /users/7', 'GET /members/31']);
    expect(paths.filter((p) => p.startsWith('GET /members') && !/\/(history|unsettled_payments|payments|consents)$/.test(p))).to.deep.equal(['GET /members/31']);
  });

  it('uses the organisation terminology for the member word', async () => {
    const { f, place, logIn, core } = featureFixture();
    await f.script({
      'GET /terminology': { body: { data: { data: { name: 'Cooperativa', memberSingular: 'Cooperador', memberPlural: 'Cooperadores', memberURLSingular: 'cooperador', memberURLPlural: 'cooperadores', membershipPayments: 'Capital Social', membershipPaymentsURL: 'capitalsocial' } } } },
      'GET /users/7': { body: { data: { _id: 7, created_at: '', member: 31 } } },
      'GET /members/31': { body: { data: { ...MEMBER, state: null, country: null } } },
    });
    await core.terminology.load();
    logIn(7, 'Rita Lopes', 'member');
    const element = place('associa-member-home');
    await waitForText(element, 'Cooperador n.º 128');
    const country = all(element, 'dt').find((dt) => dt.textContent === 'País')!;
    expect(country.nextElementSibling!.textContent).to.equal('Não indicado');
  });

  it('says so when the account has no member record', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(9, 'Joana', 'member');
    await f.script({ 'GET /users/9': { body: { data: { _id: 9, created_at: '', member: null } } } });
    const element = place('associa-member-home');
    await waitForText(element, 'A sua conta não está associada a nenhuma ficha de sócio.');
    expect(await f.requests('GET', '/members/null')).to.have.length(0);
  });

  it('shows the history of the member\'s own record below the card (RGPD)', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(7, 'Rita Lopes', 'member');
    await f.script({
      'GET /users/7': { body: { data: { _id: 7, created_at: '', member: 31 } } },
      'GET /members/31': { body: { data: { ...MEMBER, state: null, country: null } } },
      'GET /explainer': { body: { data: { members: { label: 'Sócios', fields: [{ name: 'phone', type: 'phone', label: 'Telefone', group: 'Contactos', inputType: 'tel', validation: {}, sortable: false, filterable: false, searchable: false, readOnly: false }] } } } },
      'GET /members/31/history': {
        body: { data: [{ _id: 4, at: '2025-03-04T15:06:07.000Z', action: 'update', actor_kind: 'user', actor_name: 'Helena Admin', changes: { phone: ['912345678', '913000222'] } }], meta: { total: 1 } },
      },
    });
    const element = place('associa-member-home');
    await waitForText(element, 'Histórico de alterações');
    await waitForText(element, 'Telefone: 912345678 → 913000222');
    expect(text(element)).to.contain('Helena Admin');
  });

  it("shows the member's own open debts, without a record button, and their payments, newest first", async () => {
    const { f, place, logIn } = featureFixture();
    logIn(7, 'Rita Lopes', 'member');
    await f.script({
      'GET /users/7': { body: { data: { _id: 7, created_at: '', member: 31 } } },
      'GET /members/31': { body: { data: { ...MEMBER, state: null, country: null } } },
      'GET /members/31/unsettled_payments': {
        body: {
          data: [
            { _id: 5, member: 31, kind: 'quota', year: 2025, period: 1, amount: 2400, paid: 0, open_amount: 2400, due_date: '2025-03-31', description: 'Quota 2025', status: 'open' },
            { _id: 4, member: 31, kind: 'quota', year: 2024, period: 1, amount: 2400, paid: 2400, open_amount: 0, due_date: '2024-03-31', description: 'Quota 2024', status: 'paid' },
          ],
          meta: { total: 2 },
        },
      },
      'GET /members/31/payments': {
        body: {
          data: [
            { _id: 9, member: 31, date: '2024-04-02', amount: 2400, method: 'mbway', reference: 'MB-1', annulled_at: null },
            { _id: 8, member: 31, date: '2024-02-01', amount: 1000, method: 'cheque', reference: null, annulled_at: '2024-02-03T10:00:00Z' },
          ],
          meta: { total: 2 },
        },
      },
    });
    const element = place('associa-member-home');
    await waitForText(element, 'Quota 2025');
    expect(text(element)).to.not.contain('Quota 2024');
    expect(all(element, 'button').map((b) => b.textContent)).to.not.include('Registar pagamento');
    await waitForText(element, 'Os meus pagamentos');
    // The heading shows at once; the rows once the payments are read.
    await waitForText(element, 'MB-1');
    const payments = all(element, '[data-own="payments"] tbody tr').map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(payments).to.deep.equal([
      ['02/04/2024', 'MB WAY', 'MB-1', '24,00\u00a0€'],
      ['01/02/2024', 'Cheque (anulado)', '', '10,00\u00a0€'],
    ]);
    const [request] = await f.requests('GET', '/members/31/payments');
    expect(request!.query).to.deep.include({ _sort: '-date' });
  });

  it('offers a retry when the record cannot be read', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(7, 'Rita Lopes', 'member');
    await f.script({
      'GET /users/7': [{ status: 500, body: { message: 'x' } }, { body: { data: { _id: 7, created_at: '', member: 31 } } }],
      'GET /members/31': { body: { data: MEMBER } },
    });
    const element = place('associa-member-home');
    await waitForText(element, 'Não foi possível carregar os seus dados.');
    all<HTMLButtonElement>(element, 'button').find((b) => b.textContent === 'Tentar novamente')!.click();
    await waitForText(element, 'Sócio n.º 128');
  });

  it('without a session, points to the login page', async () => {
    const { place, f } = featureFixture();
    const element = place('associa-member-home');
    const login = await link(element, 'Iniciar sessão');
    expect(login.getAttribute('href')).to.equal('/autorizacao/entrar');
    await waitUntil(async () => (await f.log()).length === 0, 'requests were made');
  });
});
