import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/record-history/element.js';
import type { AuditHistoryEntry } from '../../src/core/audit.js';
import { all, button, cleanupFeatures, featureFixture, text, waitForText } from './feature-support/elements.js';
import { explainerReply, field, MEMBER_FIELDS, statesReply, tagsReply } from './resource-fixtures.js';
import { expectAccessible } from './support/axe.js';

const USER_FIELDS = [
  field({ name: 'name', type: 'string', label: 'Nome' }),
  field({ name: 'email', type: 'email', label: 'E-mail' }),
  field({ name: 'password', type: 'password', label: 'Palavra-passe', group: 'Segurança' }),
];

const entry = (id: number, at: string, extra: Partial<AuditHistoryEntry>): AuditHistoryEntry => ({
  _id: id,
  at,
  action: 'update',
  actor_kind: 'user',
  actor_name: 'Helena Admin',
  changes: null,
  ...extra,
});

const page = (entries: AuditHistoryEntry[], total = entries.length) => ({ body: { data: entries, meta: { total } } });

/** The table as text: one array of [when, who, action, changes] per row. */
function rows(element: HTMLElement): string[][] {
  return all(element, 'tbody tr').map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''));
}

const changeTexts = (element: HTMLElement, row: number) => all(element, 'tbody tr')[row]!.querySelectorAll('li').length;

describe('<associa-record-history>', () => {
  afterEach(cleanupFeatures);

  it('shows who changed which field from what to what, newest first, values as lists show them', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Helena Admin', 'admin');
    await f.script({
      'GET /explainer': explainerReply(MEMBER_FIELDS),
      'GET /member_states': statesReply,
      'GET /tags': tagsReply,
      'GET /members/31/history': page([
        entry(12, '2025-03-04T15:06:07.000Z', {
          actor_id: 1,
          address: '192.0.2.10',
          changes: { state: [1, 2], phone: ['912345678', '913000222'], tags: [[], [7]], active: [true, false], kind: ['efetivo', 'honorario'], legacy_code: ['A1', null] },
        }),
        entry(11, '2025-03-01T09:00:00.000Z', {
          action: 'create',
          actor_kind: 'apiKey',
          actor_name: 'Integração do site',
          changes: { name: [null, 'Rita Lopes'], fee: [null, 1234.5], number: [null, 128] },
        }),
      ]),
    });
    const element = place('associa-record-history', { resource: 'members', 'record-id': '31' });
    await waitForText(element, 'Suspenso');
    await waitForText(element, 'Direção');
    await expectAccessible(element);
    expect(element.shadowRoot!.querySelector('h2')!.textContent).to.equal('Histórico de alterações');
    expect(all(element, 'thead th').map((th) => th.textContent)).to.deep.equal(['Quando', 'Quem', 'Ação', 'Alterações']);
    const [latest, first] = rows(element);
    expect(latest![1]).to.equal('Helena Admina partir de 192.0.2.10');
    expect(latest![2]).to.equal('Alteração');
    const lines = [...all(element, 'tbody tr')[0]!.querySelectorAll('li')].map((li) => li.textContent);
    // Explainer order (number, name, …, state, active, kind, tags), unknown fields last by name.
    expect(lines).to.deep.equal([
      'Telefone: 912345678 → 913000222',
      'Estado: Ativo → Suspenso',
      'Ativo: Sim → Não',
      'Tipo: Efetivo → Honorário',
      'Etiquetas: — → Direção',
      'legacy_code: A1 → —',
    ]);
    expect(first![1]).to.equal('Integração do site (chave de API)');
    expect(first![2]).to.equal('Criação');
    expect([...all(element, 'tbody tr')[1]!.querySelectorAll('li')].map((li) => li.textContent)).to.deep.equal(['Número: 128', 'Nome: Rita Lopes', 'Quota: 1\u00a0234,5']);
    const times = all(element, 'tbody time');
    expect(times.map((t) => t.getAttribute('datetime'))).to.deep.equal(['2025-03-04T15:06:07.000Z', '2025-03-01T09:00:00.000Z']);
    expect(times[0]!.textContent).to.match(/^04\/03\/2025/);
    const [request] = await f.requests('GET', '/members/31/history');
    expect(request!.query).to.deep.equal({ _page: '1', _limit: '20' });
  });

  it('says a password changed without any value, and what a delete removed', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(7, 'Rita Lopes', 'member');
    await f.script({
      'GET /explainer': { body: { data: { users: { label: 'Utilizadores', fields: USER_FIELDS } } } },
      'GET /users/7/history': page([
        entry(3, '2025-03-05T10:00:00.000Z', { action: 'password', actor_name: 'Rita Lopes', changes: { password: [null, null] } }),
        entry(2, '2025-03-04T10:00:00.000Z', { action: 'delete', actor_name: 'Helena Admin', changes: { email: ['rita@exemplo.pt', null] } }),
        entry(1, '2025-03-03T10:00:00.000Z', { action: 'login', actor_kind: 'anonymous', actor_name: null }),
      ]),
    });
    const element = place('associa-record-history', { resource: 'users', 'record-id': '7' });
    await waitForText(element, 'Alteração da palavra-passe');
    const table = rows(element);
    expect(table.map((r) => r.slice(1))).to.deep.equal([
      ['Rita Lopes', 'Alteração da palavra-passe', 'Palavra-passe: alterada (o valor não é guardado)'],
      ['Helena Admin', 'Eliminação', 'E-mail: rita@exemplo.pt'],
      ['Sem sessão iniciada', 'Entrada', ''],
    ]);
    expect(changeTexts(element, 2)).to.equal(0);
    expect(text(element)).not.to.contain('a partir de');
  });

  it('pages through older entries', async () => {
    const { f, place, logIn } = featureFixture();
    logIn();
    const entries = Array.from({ length: 20 }, (_, i) => entry(100 - i, `2025-03-${String(28 - i).padStart(2, '0')}T10:00:00.000Z`, { changes: { name: [`N${i + 1}`, `N${i}`] } }));
    await f.script({
      'GET /explainer': explainerReply(MEMBER_FIELDS),
      'GET /members/5/history': [page(entries, 25), page([entry(3, '2025-02-01T10:00:00.000Z', { changes: { name: ['Antes', 'Depois'] } })], 25)],
    });
    const element = place('associa-record-history', { resource: 'members', 'record-id': '5' });
    await waitForText(element, 'Página 1 de 2');
    expect(rows(element)).to.have.length(20);
    expect((await button(element, 'Mais recentes')).disabled).to.equal(true);
    (await button(element, 'Anteriores')).click();
    await waitForText(element, 'Página 2 de 2');
    await waitForText(element, 'Nome: Antes → Depois');
    const requests = await f.requests('GET', '/members/5/history');
    expect(requests.map((r) => r.query._page)).to.deep.equal(['1', '2']);
    expect((await button(element, 'Anteriores')).disabled).to.equal(true);
  });

  it('says when there is nothing yet, and when the history is not the reader’s to see', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(9, 'Editor', 'editor');
    await f.script({
      'GET /explainer': explainerReply(MEMBER_FIELDS),
      'GET /members/1/history': page([]),
      'GET /members/2/history': { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'Só um administrador pode consultar o histórico de alterações.' } },
    });
    const empty = place('associa-record-history', { resource: 'members', 'record-id': '1' });
    await waitForText(empty, 'Ainda não há alterações registadas.');
    const refused = place('associa-record-history', { resource: 'members', 'record-id': '2' });
    await waitForText(refused, 'Não tem acesso ao histórico deste registo.');
    await waitUntil(() => all(refused, 'table').length === 0);
  });
});
