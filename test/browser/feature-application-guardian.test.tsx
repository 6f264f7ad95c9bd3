import { expect } from '@open-wc/testing';
import '../../src/widgets/application-form/element.js';
import { all, button, cleanupFeatures, control, featureFixture, text, type, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

// A minor's application asks the guardian's e-mail (where the member's messages will go), phone
// and relation (issue 34), checks them as the server does, and sends them.

const described = (name: string, type: string, inputType: string, label: string, extra: Record<string, unknown> = {}) => ({
  name, type, inputType, label, validation: {}, group: 'Candidato', sortable: false, filterable: false, searchable: false, readOnly: false, ...extra,
});

const EXPLAINER = {
  data: {
    member_applications: {
      label: 'Candidaturas',
      fields: [
        described('name', 'string', 'text', 'Nome', { validation: { required: true } }),
        described('email', 'email', 'email', 'E-mail'),
        described('birth_date', 'date', 'date', 'Data de nascimento'),
        described('guardian_relation', 'enum', 'select', 'Relação com o candidato', {
          options: [
            { value: 'mae', label: 'Mãe' },
            { value: 'pai', label: 'Pai' },
            { value: 'tutor', label: 'Tutor legal' },
            { value: 'outro', label: 'Outra' },
          ],
        }),
      ],
    },
  },
};

const FORM = {
  formToken: 'form-token-1',
  fields: [
    { name: 'name', required: true },
    { name: 'email', required: true },
    { name: 'birth_date', required: true },
  ],
  consentText: 'Autorizo o tratamento dos meus dados.',
  consentVersion: 'v-abc123',
  minorAge: 18,
  proposerRequired: false,
  feeCategories: [],
};

function choose(select: HTMLSelectElement, value: string) {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

const tick = (element: HTMLElement, name: string) => all<HTMLInputElement>(element, `input[type="checkbox"][name="${name}"]`)[0]!.click();

describe("<associa-application-form>: a minor's guardian", () => {
  afterEach(cleanupFeatures);

  it('asks the guardian e-mail, checks it and the phone as the server does, and sends the guardian contacts', async () => {
    const { f, place } = featureFixture();
    await f.script({
      'GET /member_applications/form': { body: { data: FORM } },
      'GET /explainer': { body: EXPLAINER },
      'POST /member_applications': { status: 201, body: { data: { id: 51, uploadToken: '51.999.sig' } } },
    });
    const element = place('associa-application-form');
    await waitForText(element, 'Enviar candidatura');
    type(await control(element, 'Nome'), 'Joana Costa');
    type(await control(element, 'E-mail'), 'joana@example.org');
    type(await control(element, 'Data de nascimento'), `${new Date().getFullYear() - 11}-09-09`);
    await waitForText(element, 'E-mail do encarregado de educação');
    expect(text(element)).to.contain('As mensagens do sócio (quotas, pagamentos, recibos) vão para este e-mail');
    type(await control(element, 'Nome do encarregado de educação'), 'Paulo Costa');
    tick(element, 'guardianConsent');
    tick(element, 'consent');
    type(await control(element, 'Telefone do encarregado de educação'), '12');
    (await button(element, 'Enviar candidatura')).click();
    await waitForText(element, 'Candidato menor de idade: indique o e-mail do encarregado de educação (as mensagens do sócio vão para lá).');
    expect(text(element)).to.contain('Número de telefone inválido');
    expect((await control(element, 'E-mail do encarregado de educação')).getAttribute('aria-invalid')).to.equal('true');
    await expectAccessible(element);
    expect(await f.requests('POST', '/member_applications')).to.have.length(0);

    type(await control(element, 'E-mail do encarregado de educação'), 'paulo@');
    (await button(element, 'Enviar candidatura')).click();
    await waitForText(element, 'Endereço de e-mail inválido.');

    type(await control(element, 'E-mail do encarregado de educação'), 'paulo.costa@example.org');
    type(await control(element, 'Telefone do encarregado de educação'), '913 222 111');
    choose(await control<HTMLSelectElement>(element, 'Relação com o candidato'), 'pai');
    (await button(element, 'Enviar candidatura')).click();
    await waitForText(element, 'Candidatura recebida');
    const [post] = await f.requests('POST', '/member_applications');
    expect(post!.body).to.include({
      guardianName: 'Paulo Costa',
      guardianConsent: true,
      guardianEmail: 'paulo.costa@example.org',
      guardianPhone: '913 222 111',
      guardianRelation: 'pai',
    });
  });
});
