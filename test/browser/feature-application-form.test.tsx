import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/widgets/application-form/element.js';
import { all, button, cleanupFeatures, control, featureFixture, find, text, type, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const described = (name: string, type: string, inputType: string, label: string, validation: Record<string, unknown> = {}) => ({
  name,
  type,
  inputType,
  label,
  validation,
  group: 'Candidato',
  sortable: false,
  filterable: false,
  searchable: false,
  readOnly: false,
});

const EXPLAINER = {
  data: {
    member_applications: {
      label: 'Candidaturas',
      fields: [
        described('name', 'string', 'text', 'Nome', { required: true, minLength: 2, maxLength: 200 }),
        described('email', 'email', 'email', 'E-mail', { maxLength: 254 }),
        described('phone', 'phone', 'tel', 'Telefone', { maxLength: 30 }),
        described('nif', 'string', 'text', 'NIF', { checks: ['nif'] }),
        described('birth_date', 'date', 'date', 'Data de nascimento'),
        described('postal_code', 'string', 'text', 'Código postal', { checks: ['postalCode'] }),
        { ...described('country', 'reference', 'select', 'País'), ref: 'countries' },
      ],
    },
  },
};

const FORM = {
  formToken: 'form-token-1',
  fields: [
    { name: 'name', required: true },
    { name: 'email', required: true },
    { name: 'phone', required: false },
    { name: 'nif', required: true },
    { name: 'birth_date', required: true },
    { name: 'postal_code', required: false },
    { name: 'country', required: false },
  ],
  consentText: 'Autorizo o tratamento dos meus dados pessoais para a gestão da minha inscrição.',
  consentVersion: 'v-abc123',
  minorAge: 18,
  proposerRequired: false,
  feeCategories: [
    { _id: 1, name: 'Efetivo' },
    { _id: 2, name: 'Juvenil' },
  ],
};

async function openForm(form = FORM) {
  const fixture = featureFixture();
  await fixture.f.script({ 'GET /member_applications/form': { body: { data: form } }, 'GET /explainer': { body: EXPLAINER } });
  const element = fixture.place('associa-application-form');
  await waitForText(element, 'Enviar candidatura');
  return { ...fixture, element };
}

async function fill(element: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) type(await control(element, label), value);
}

function choose(select: HTMLSelectElement, value: string) {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

const tickBox = (element: HTMLElement, name: string) => all<HTMLInputElement>(element, `input[type="checkbox"][name="${name}"]`)[0]!.click();

/** A 1600 × 900 picture, red on its left half and blue on its right: where the 3:4 crop sits shows in its edges. */
async function halvesPicture(): Promise<File> {
  const canvas = document.createElement('canvas');
  [canvas.width, canvas.height] = [1600, 900];
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#cc0000';
  context.fillRect(0, 0, 800, 900);
  context.fillStyle = '#0000cc';
  context.fillRect(800, 0, 800, 900);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
  return new File([blob], 'paisagem.png', { type: 'image/png' });
}

/** The colours at the left and right edges of a picture, e.g. 'red blue'. */
function edges(source: CanvasImageSource & { width: number; height: number }): string {
  const canvas = document.createElement('canvas');
  [canvas.width, canvas.height] = [source.width, source.height];
  const context = canvas.getContext('2d')!;
  context.drawImage(source, 0, 0);
  const colour = (x: number) => {
    const [r, , b] = context.getImageData(x, Math.floor(source.height / 2), 1, 1).data;
    return r! > b! ? 'red' : 'blue';
  };
  return `${colour(4)} ${colour(source.width - 5)}`;
}

describe('<associa-application-form>', () => {
  afterEach(cleanupFeatures);

  it('asks the fields the association chose, with the consent text, and hides the honeypot from people, keyboards and screen readers', async () => {
    const { element, f } = await openForm();
    await expectAccessible(element);
    for (const label of ['Nome', 'E-mail', 'Telefone', 'NIF', 'Data de nascimento', 'Código postal', 'Categoria de quota pretendida']) await control(element, label);
    // The country has no choices for an anonymous visitor: the server's default (Portugal) applies.
    expect(all(element, 'label').some((l) => l.textContent?.startsWith('País'))).to.equal(false);
    expect(text(element)).to.contain(FORM.consentText);
    const trap = all(element, '[data-honeypot]')[0]!;
    expect(trap.getAttribute('aria-hidden')).to.equal('true');
    const honeypot = trap.querySelector('input')!;
    expect(honeypot.name).to.equal('website');
    expect(honeypot.tabIndex).to.equal(-1);
    expect(honeypot.getAttribute('autocomplete')).to.equal('off');
    const box = honeypot.getBoundingClientRect();
    expect(box.right <= 0 || box.width <= 1).to.equal(true);
    // Anonymous: no session token goes with the form's reads.
    const [read] = await f.requests('GET', '/member_applications/form');
    expect(read!.headers.authorization).to.equal(undefined);
  });

  it('checks NIF, postal code, phone, e-mail and consent as the server does, in pt-PT, and sends nothing', async () => {
    const { element, f } = await openForm();
    await fill(element, { Nome: 'Marta Silva', 'E-mail': 'marta@', Telefone: '12', NIF: '123456788', 'Data de nascimento': '1990-04-02', 'Código postal': '1000' });
    (await button(element, 'Enviar candidatura')).click();
    await waitForText(element, 'NIF inválido: deve ter 9 dígitos e um dígito de controlo correto.');
    expect(text(element)).to.contain('Código postal inválido: use o formato NNNN-NNN.');
    expect(text(element)).to.contain('Número de telefone inválido');
    expect(text(element)).to.contain('Endereço de e-mail inválido.');
    expect(text(element)).to.contain('Escolha a categoria de quota.');
    expect(text(element)).to.contain('Para se candidatar, tem de aceitar o texto de consentimento.');
    expect(text(element)).to.contain('Corrija os campos assinalados e envie de novo.');
    expect((await control(element, 'NIF')).getAttribute('aria-invalid')).to.equal('true');
    await expectAccessible(element);
    expect(await f.requests('POST', '/member_applications')).to.have.length(0);
  });

  it("asks a minor's guardian for a name and consent", async () => {
    const { element } = await openForm();
    const year = new Date().getFullYear() - 12;
    await fill(element, { 'Data de nascimento': `${year}-01-15` });
    await waitForText(element, 'Encarregado de educação');
    (await button(element, 'Enviar candidatura')).click();
    await waitForText(element, 'Candidato menor de idade: indique o nome do encarregado de educação.');
    expect(text(element)).to.contain('Candidato menor de idade: é preciso o consentimento do encarregado de educação.');
    await fill(element, { 'Data de nascimento': '1980-01-15' });
    await waitUntil(() => !text(element).includes('Encarregado de educação'), 'the guardian fields stay for an adult');
  });

  it('sends the application with the form token, the consent version and an empty honeypot, then says where the confirmation went', async () => {
    const { element, f } = await openForm();
    await f.script({ 'POST /member_applications': { status: 201, body: { data: { id: 41, uploadToken: '41.999.sig' } } } });
    await fill(element, { Nome: 'Marta Silva', 'E-mail': 'marta@example.org', Telefone: '912 345 678', NIF: '123456789', 'Data de nascimento': '1990-04-02', 'Código postal': '1000-001' });
    choose(await control<HTMLSelectElement>(element, 'Categoria de quota pretendida'), '2');
    tickBox(element, 'consent');
    (await button(element, 'Enviar candidatura')).click();
    await waitForText(element, 'Recebemos a sua candidatura. Enviámos uma mensagem para marta@example.org para confirmar o endereço de e-mail.');
    await expectAccessible(element);
    const [post] = await f.requests('POST', '/member_applications');
    expect(post!.headers.authorization).to.equal(undefined);
    expect(post!.body).to.deep.equal({
      name: 'Marta Silva',
      email: 'marta@example.org',
      phone: '912 345 678',
      nif: '123456789',
      birth_date: '1990-04-02',
      postal_code: '1000-001',
      feeCategory: 2,
      consentVersion: 'v-abc123',
      formToken: 'form-token-1',
      website: '',
    });
  });

  it('lets the visitor frame the photo in 3:4, by dragging it or with the arrow keys, and sends that crop', async () => {
    const { element, f } = await openForm();
    await f.script({
      'POST /member_applications': { status: 201, body: { data: { id: 42, uploadToken: '42.999.sig' } } },
      'POST /member_application_photos': { status: 201, body: { data: { _id: 7, url: null, thumbUrl: null } } },
    });
    const input = all<HTMLInputElement>(element, 'input[type="file"][name="photo"]')[0]!;
    const transfer = new DataTransfer();
    transfer.items.add(await halvesPicture());
    input.files = transfer.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    const frame = await find<HTMLCanvasElement>(element, 'canvas[data-photo-preview]', 'the crop frame');
    await waitUntil(() => edges(frame) === 'red blue', 'the crop does not start centred');
    expect(frame.tabIndex).to.equal(0);
    const hint = element.shadowRoot!.getElementById(frame.getAttribute('aria-describedby')!)!;
    expect(hint.textContent).to.equal('Arraste a fotografia, ou use as setas do teclado, para escolher o enquadramento.');
    await expectAccessible(element);

    // The arrows move the picture: to the right, its left half fills the frame.
    frame.focus();
    for (let i = 0; i < 10; i += 1) await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => edges(frame) === 'red red', 'the arrow keys did not move the picture');
    // Dragged left across the frame, its right half comes in again.
    const box = frame.getBoundingClientRect();
    const y = Math.round(box.top + box.height / 2);
    await sendMouse({ type: 'move', position: [Math.round(box.right - 4), y] });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: [Math.round(box.left + 4), y] });
    await sendMouse({ type: 'up' });
    await waitUntil(() => edges(frame) === 'red blue', 'dragging did not move the picture');
    frame.focus();
    for (let i = 0; i < 10; i += 1) await sendKeys({ press: 'ArrowLeft' });
    await waitUntil(() => edges(frame) === 'blue blue', 'the arrow keys did not move the picture back');

    const sent: FormData[] = [];
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
      if (body instanceof FormData) sent.push(body);
      send.call(this, body);
    };
    try {
      await fill(element, { Nome: 'Marta Silva', 'E-mail': 'marta@example.org', NIF: '123456789', 'Data de nascimento': '1990-04-02' });
      choose(await control<HTMLSelectElement>(element, 'Categoria de quota pretendida'), '1');
      tickBox(element, 'consent');
      (await button(element, 'Enviar candidatura')).click();
      await waitForText(element, 'Recebemos a sua candidatura.');
    } finally {
      XMLHttpRequest.prototype.send = send;
    }
    const photo = await createImageBitmap(sent[0]!.get('file') as Blob);
    expect([photo.width, photo.height]).to.deep.equal([675, 900]);
    expect(edges(photo)).to.equal('blue blue');
  });

  it("shows the server's field errors beside their fields and its refusal of the whole form", async () => {
    const { element, f } = await openForm({ ...FORM, feeCategories: [] });
    await f.script({
      'POST /member_applications': [
        { status: 422, body: { message: 'Dados inválidos.', errors: { nif: 'NIF inválido: deve ter 9 dígitos e um dígito de controlo correto.', proposer_number: 'Não existe nenhum sócio com este número.' } } },
        { status: 400, body: { message: 'O formulário foi enviado depressa demais. Confirme os seus dados e envie-o de novo.' } },
      ],
    });
    await fill(element, { Nome: 'Marta Silva', 'E-mail': 'marta@example.org', NIF: '123456789', 'Data de nascimento': '1990-04-02', 'Número de sócio do proponente': '77' });
    tickBox(element, 'consent');
    (await button(element, 'Enviar candidatura')).click();
    await waitForText(element, 'Não existe nenhum sócio com este número.');
    expect(text(element)).to.contain('NIF inválido');
    (await button(element, 'Enviar candidatura')).click();
    await waitForText(element, 'O formulário foi enviado depressa demais.');
    expect(await f.requests('POST', '/member_applications')).to.have.length(2);
  });

  it("says so when the association does not take applications (the server's 404)", async () => {
    const fixture = featureFixture();
    await fixture.f.script({
      'GET /member_applications/form': { status: 404, body: { message: 'Esta associação não está a receber candidaturas através deste formulário.' } },
      'GET /explainer': { body: EXPLAINER },
    });
    const element = fixture.place('associa-application-form');
    await waitForText(element, 'Esta associação não está a receber candidaturas');
    expect(all(element, 'form')).to.have.length(0);
  });
});
