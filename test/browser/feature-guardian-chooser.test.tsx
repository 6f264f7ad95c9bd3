import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/member-home/element.js';
import { all, button, cleanupFeatures, featureFixture, text, waitForText } from './feature-support/elements.js';
import { fakeJwt, now } from './support/fault.js';
import { expectAccessible } from './support/axe.js';

// A minor's guardian on the member home (issue 34): their own account is linked to no member;
// the home lists their minors, a choice asks the server for a session acting for that minor,
// and the home then shows the minor's record, with the others a click away.

const minor = (id: number, number: number, name: string) => ({
  _id: id,
  created_at: '2024-02-01T10:00:00Z',
  number,
  name,
  email: null,
  birth_date: '2014-05-01',
  state: null,
  country: null,
});

const MINORS = [
  { _id: 41, number: 301, name: 'Tiago Silva' },
  { _id: 42, number: 302, name: 'Inês Silva' },
];

/** The pair the server answers a choice with: the access token claims the minor acted for. */
const actingPair = (act: number) => ({
  access: fakeJwt({ ID: 9, Name: 'Marta Silva', Role: 'member', iat: now(), exp: now() + 900, act }),
  refresh: fakeJwt({ ID: 9, typ: 'refresh', iat: now(), exp: now() + 30 * 86_400, act }),
});

describe('<associa-member-home> for a guardian', () => {
  afterEach(cleanupFeatures);

  it('lists the minors, shows the one chosen, and switches to the other', async () => {
    const { f, place, logIn, core } = featureFixture();
    logIn(9, 'Marta Silva', 'member');
    await f.script({
      'GET /users/9': { body: { data: { _id: 9, created_at: '', member: null, username: 'marta.silva@exemplo.pt' } } },
      'GET /own/minors': { body: { data: MINORS } },
      'POST /own/minors/choose': [{ body: actingPair(41) }, { body: actingPair(42) }],
      'GET /members/41': { body: { data: minor(41, 301, 'Tiago Silva') } },
      'GET /members/42': { body: { data: minor(42, 302, 'Inês Silva') } },
    });
    const element = place('associa-member-home');
    await waitForText(element, 'Escolha o educando');
    expect(text(element)).to.contain('Olá, Marta Silva.');
    expect(text(element)).not.to.contain('não está associada');
    expect(all(element, '[data-minor-chooser] button').map((b) => b.textContent)).to.deep.equal(['Tiago Silva (n.º 301)', 'Inês Silva (n.º 302)']);
    await expectAccessible(element);

    const firstRefresh = core.tokens.refresh.value;
    (await button(element, 'Tiago Silva (n.º 301)')).click();
    await waitForText(element, 'Sócio n.º 301');
    await waitForText(element, 'Está a ver a área de sócio de Tiago Silva, como encarregado de educação.');
    const [choice] = await f.requests('POST', '/own/minors/choose');
    // The session the page had is the one the server ends for the new one.
    expect(choice!.body).to.deep.equal({ member: 41, refreshToken: firstRefresh });
    expect(core.session.claims.value?.act).to.equal(41);
    await expectAccessible(element);

    (await button(element, 'Inês Silva (n.º 302)')).click();
    await waitForText(element, 'Sócio n.º 302');
    await waitForText(element, 'Está a ver a área de sócio de Inês Silva');
    const choices = await f.requests('POST', '/own/minors/choose');
    expect(choices.map((c) => (c.body as { member: number }).member)).to.deep.equal([41, 42]);
    // The switch now offers the first minor back.
    await button(element, 'Tiago Silva (n.º 301)');
  });

  it('chooses the only minor at once', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(9, 'Marta Silva', 'member');
    await f.script({
      'GET /users/9': { body: { data: { _id: 9, created_at: '', member: null } } },
      'GET /own/minors': { body: { data: [MINORS[0]] } },
      'POST /own/minors/choose': { body: actingPair(41) },
      'GET /members/41': { body: { data: minor(41, 301, 'Tiago Silva') } },
    });
    const element = place('associa-member-home');
    await waitForText(element, 'Sócio n.º 301');
    await waitForText(element, 'Está a ver a área de sócio de Tiago Silva');
    expect(text(element)).not.to.contain('Escolha o educando');
    expect(await f.requests('POST', '/own/minors/choose')).to.have.length(1);
  });

  it('says the account is linked to no member when it is nobody’s guardian either, and says so when a choice fails', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(9, 'Marta Silva', 'member');
    await f.script({
      'GET /users/9': { body: { data: { _id: 9, created_at: '', member: null } } },
      'GET /own/minors': [{ body: { data: MINORS } }],
      'POST /own/minors/choose': { status: 403, body: { message: 'Não é o encarregado de educação deste sócio.' } },
    });
    const element = place('associa-member-home');
    await waitForText(element, 'Escolha o educando');
    (await button(element, 'Inês Silva (n.º 302)')).click();
    await waitForText(element, 'Não foi possível mudar de sócio. Tente novamente.');

    const other = featureFixture();
    other.logIn(10, 'Sem Educandos', 'member');
    await other.f.script({
      'GET /users/10': { body: { data: { _id: 10, created_at: '', member: null } } },
      'GET /own/minors': { body: { data: [] } },
    });
    const alone = other.place('associa-member-home');
    await waitForText(alone, 'A sua conta não está associada a nenhuma ficha de sócio.');
    await waitUntil(async () => (await other.f.requests('GET', '/own/minors')).length === 1, 'the minors were asked for');
  });
});
