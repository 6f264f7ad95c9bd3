// The message settings form (/configuracaoMensagens, issue 11 item 8) with the server's own
// declarations: sending at all, automatic payment messages and the sender as members see it.
import { expect } from '@open-wc/testing';
import '../../src/widgets/settings-form/element.js';
import type { SettingsSchemaResponse } from '../../src/core/settings-schema.js';
import { SETTINGS_SCHEMA } from './support/settings-schema.js';
import { all, button, cleanupFeatures, control, featureFixture, text, type, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const at = '2031-01-01T00:00:00Z';
const SCHEMA: { body: SettingsSchemaResponse } = { body: { data: { settings: SETTINGS_SCHEMA } } };
const VALUES = { SendMessages: 'false', automatedMemberPayments: 'false', messageSenderName: '', messageReplyTo: '' };
function settingsBody(values: Record<string, string>) {
  const data = Object.entries(values).map(([name, value], i) => ({ _id: i + 1, name, value, created_at: at }));
  return { body: { data, meta: { total: data.length } } };
}

describe('<associa-settings-form page="messages">', () => {
  afterEach(cleanupFeatures);

  it('shows SendMessages, automatedMemberPayments and the sender, and saves a name and a reply-to address', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Ana', 'admin');
    await f.script({
      'GET /settings/schema': SCHEMA,
      'GET /settings': [settingsBody(VALUES), settingsBody({ ...VALUES, messageSenderName: 'Clube Amigos', messageReplyTo: 'tesouraria@clube.pt' })],
      'PATCH /settings/3': { body: { data: { _id: 3, name: 'messageSenderName', value: 'Clube Amigos', created_at: at } } },
      'PATCH /settings/4': { body: { data: { _id: 4, name: 'messageReplyTo', value: 'tesouraria@clube.pt', created_at: at } } },
    });
    const element = place('associa-settings-form', { page: 'messages' });
    expect((await control(element, 'Envio automático de mensagens')).getAttribute('role')).to.equal('switch');
    expect((await control(element, 'Mensagens automáticas de pagamento')).getAttribute('role')).to.equal('switch');
    await expectAccessible(element);
    const names = all(element, 'input').map((i) => i.getAttribute('name'));
    expect(names).to.include.members(['SendMessages', 'automatedMemberPayments', 'messageSenderName', 'messageReplyTo']);
    type(await control(element, 'Nome do remetente'), 'Clube Amigos');
    type(await control(element, 'Endereço de resposta'), 'tesouraria@clube.pt');
    (await button(element, 'Guardar')).click();
    await waitForText(element, 'Configurações guardadas.');
    expect((await f.requests('PATCH', '/settings/3'))[0]!.body).to.deep.equal({ value: 'Clube Amigos' });
    expect((await f.requests('PATCH', '/settings/4'))[0]!.body).to.deep.equal({ value: 'tesouraria@clube.pt' });
  });

  it('refuses a reply-to address that is no e-mail before sending anything', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(1, 'Ana', 'admin');
    await f.script({ 'GET /settings/schema': SCHEMA, 'GET /settings': settingsBody(VALUES) });
    const element = place('associa-settings-form', { page: 'messages' });
    const replyTo = await control(element, 'Endereço de resposta');
    type(replyTo, 'tesouraria@');
    (await button(element, 'Guardar')).click();
    await waitForText(element, 'Indique um endereço de e-mail válido.');
    expect(replyTo.getAttribute('aria-invalid')).to.equal('true');
    expect(text(element)).to.contain('Nada foi guardado.');
    expect((await f.log()).filter((r) => r.method === 'PATCH')).to.have.length(0);
  });
});
