// The member's page section of the automatic payment messages (payment_messages, SPEC 3): the
// member's reminders, notices and payment requests, newest first, kinds and states in words, the
// subject a link to the message as sent.
import { expect } from '@open-wc/testing';
import '../../src/widgets/members/payment-messages/element.js';
import { all, cleanupFeatures, featureFixture, link, text, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const reach = (ops: string) => Object.fromEntries(['list', 'read', 'create', 'update', 'delete'].map((op) => [op, ops.includes(op) ? 'all' : 'none']));
const EXPLAINED = {
  payment_messages: {
    label: 'Mensagens de pagamento',
    fields: [
      { name: 'kind', type: 'enum', label: 'Tipo', options: [{ value: 'reminder', label: 'Lembrete' }, { value: 'notice', label: 'Aviso de quotas' }, { value: 'payment_request', label: 'Pedido de pagamento' }] },
      { name: 'status', type: 'enum', label: 'Estado do envio', options: [{ value: 'pending', label: 'Por enviar' }, { value: 'sent', label: 'Enviada' }, { value: 'failed', label: 'Falhou' }] },
    ],
    operations: reach('list read'),
  },
};
const row = (id: number, kind: string, subject: string, status: string, created: string, sent: string | null) =>
  ({ _id: id, _version: 1, created_at: created, updated_at: created, member: 31, kind, subject, recipient: 'rita@exemplo.pt', status, sent_at: sent, message: id });
const MESSAGES = [
  row(610, 'payment_request', 'Pagamento de quotas: Associação', 'failed', '2031-05-20T09:00:00.000Z', null),
  row(602, 'reminder', 'Quotas em atraso', 'sent', '2031-05-02T10:00:00.000Z', '2031-05-02T10:00:05.000Z'),
];
const cells = (element: HTMLElement) => all(element, '[data-member-payment-messages] tbody tr').map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''));

describe('<associa-member-payment-messages>', () => {
  afterEach(cleanupFeatures);

  it("lists the member's payment messages, newest first, with kind and delivery state in words and a link to each message", async () => {
    const { f, core, place, logIn, navigations } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    await f.script({ 'GET /explainer': { body: { data: EXPLAINED } }, 'GET /payment_messages': { body: { data: MESSAGES, meta: { total: 2 } } } });
    await core.explainer.load();
    const element = place('associa-member-payment-messages', { 'member-id': '31', 'message-path': '/mensagens/:id' });
    await waitForText(element, 'Pagamento de quotas: Associação');
    expect((await f.requests('GET', '/payment_messages'))[0]!.query).to.include({ _member: '31', _sort: '-created_at' });
    expect(cells(element).map((r) => [r[0], r[1], r[3]])).to.deep.equal([
      ['Pedido de pagamento', 'Pagamento de quotas: Associação', 'Falhou'],
      ['Lembrete', 'Quotas em atraso', 'Enviada'],
    ]);
    await expectAccessible(element);
    (await link(element, 'Quotas em atraso')).click();
    expect(navigations).to.deep.equal(['/mensagens/602']);
  });

  it('says when there are none, and shows nothing to a caller the server does not serve them to', async () => {
    const { f, core, place, logIn } = featureFixture();
    logIn(1, 'Rui Editor', 'editor');
    await f.script({ 'GET /explainer': { body: { data: EXPLAINED } }, 'GET /payment_messages': { body: { data: [], meta: { total: 0 } } } });
    await core.explainer.load();
    const element = place('associa-member-payment-messages', { 'member-id': '31' });
    await waitForText(element, 'Ainda não lhe foram enviadas mensagens automáticas de pagamento.');

    const other = featureFixture();
    other.logIn(3, 'Ana Sócia', 'member');
    await other.f.script({ 'GET /explainer': { body: { data: {} } } });
    await other.core.explainer.load();
    const hidden = other.place('associa-member-payment-messages', { 'member-id': '31' });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(text(hidden)).to.equal('');
    expect(await other.f.requests('GET', '/payment_messages')).to.have.length(0);
  });
});
