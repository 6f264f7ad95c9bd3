import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/resource-form/element.js';
import { formatValue } from '../../src/widgets/shared/format.js';
import { centsToInput, formatMoney, parseEuros } from '../../src/widgets/shared/money.js';
import { place, removePlaced, shadowOf } from './kit/fixtures.js';
import { disposeCores, explainerReply, field, freshFault, member, MEMBER_FIELDS, text, typeInto, waitForButton } from './resource-fixtures.js';

const NBSP = '\u00a0';

describe('money in the browser', () => {
  it('reads euros as typed in pt-PT into exact cents', () => {
    expect(parseEuros('24,5')).to.equal(2450);
    expect(parseEuros('24,50')).to.equal(2450);
    expect(parseEuros('0,10')).to.equal(10);
    expect(parseEuros('24')).to.equal(2400);
    expect(parseEuros('999 999,99')).to.equal(99_999_999);
    expect(parseEuros(`999${NBSP}999,99`)).to.equal(99_999_999);
    expect(parseEuros('1.234,50')).to.equal(123_450);
    expect(parseEuros(' 24,00 € ')).to.equal(2400);
    // 0,1 + 0,2 in floats is 0,30000000000000004: the digits are read as text instead.
    expect(parseEuros('0,29')).to.equal(29);
    expect(parseEuros('1 234 567,89')).to.equal(123_456_789);
    // A decimal point as well, as a keypad or another program writes it; three digits after a dot still group thousands.
    expect(parseEuros('12.50')).to.equal(1250);
    expect(parseEuros('24.5')).to.equal(2450);
    expect(parseEuros('1 234.50')).to.equal(123_450);
    expect(parseEuros('1.234')).to.equal(123_400);
    expect(parseEuros('12.50 €')).to.equal(1250);
  });

  it('flags text that is no amount of euros', () => {
    for (const bad of ['', 'abc', '24,505', '-5', '24.505.5', '1.23,00', '12.5.0', '12,50.5', '1 234.567,00', ',50', '24,', '1e3', '12 34']) {
      expect(parseEuros(bad), bad).to.equal(undefined);
    }
  });

  it('shows cents as pt-PT euros, with a no-break space before the sign', () => {
    expect(formatMoney(2400)).to.equal(`24,00${NBSP}€`);
    expect(formatMoney(10)).to.equal(`0,10${NBSP}€`);
    expect(formatMoney(0)).to.equal(`0,00${NBSP}€`);
    expect(formatMoney(99_999_999)).to.equal(new Intl.NumberFormat('pt-PT', { style: 'currency', currency: 'EUR' }).format(999_999.99));
    expect(formatValue(field({ name: 'fee', type: 'money', label: 'Quota' }), 2450)).to.equal(`24,50${NBSP}€`);
    expect(centsToInput(2450)).to.equal('24,50');
    expect(centsToInput(5)).to.equal('0,05');
    for (const cents of [0, 1, 10, 99, 100, 2450, 123_456, 99_999_999]) expect(parseEuros(centsToInput(cents))).to.equal(cents);
  });
});

describe('<associa-resource-form> money control', () => {
  afterEach(() => {
    removePlaced();
    disposeCores();
  });

  const FIELDS = [...MEMBER_FIELDS, field({ name: 'due', type: 'money', label: 'Quota anual', group: 'Inscrição' })];
  const control = (element: Element) => shadowOf(element).querySelector<HTMLInputElement>('[name="due"]')!;

  it('edits euros with a comma and sends integer cents; text that is no amount is flagged at once', async () => {
    const f = freshFault();
    const original = member(42, { due: 2400 });
    await f.script({
      'GET /explainer': explainerReply(FIELDS),
      'GET /member_states': { body: { data: [], meta: { total: 0 } } },
      'GET /tags': { body: { data: [], meta: { total: 0 } } },
      'GET /members/42': { body: { data: original } },
      'PUT /members/42': { body: { data: { ...original, due: 2450 } } },
    });
    const element = place('associa-resource-form', { resource: 'members', api: f.api, 'record-id': '42' });
    await waitUntil(() => control(element)?.value === '24,00', 'the money control never showed the amount');
    expect(control(element).inputMode).to.equal('decimal');
    typeInto(control(element), '24,5x');
    await waitUntil(() => text(element).includes('Valor inválido: indique euros com vírgula, por exemplo 24,50.'), 'no hint for a bad amount');
    expect(control(element).getAttribute('aria-invalid')).to.equal('true');
    typeInto(control(element), '24,5');
    await waitUntil(() => !text(element).includes('Valor inválido'), 'the hint stayed');
    (await waitForButton(element, 'Guardar')).click();
    await waitUntil(async () => (await f.requests('PUT', '/members/42')).length === 1, 'no PUT');
    const [put] = await f.requests('PUT', '/members/42');
    expect((put!.body as Record<string, unknown>).due).to.equal(2450);
  });
});

describe('<associa-resource-form> file and image controls', () => {
  afterEach(() => {
    removePlaced();
    disposeCores();
  });

  const FIELDS = [
    ...MEMBER_FIELDS,
    field({ name: 'receipt', type: 'file', label: 'Recibo', group: 'Inscrição' }),
    field({ name: 'photo', type: 'image', label: 'Fotografia', group: 'Inscrição' }),
  ];
  const input = (element: Element, name: string) => shadowOf(element).querySelector<HTMLInputElement>(`input[type="file"][name="${name}"]`)!;
  function choose(control: HTMLInputElement, file: File) {
    const transfer = new DataTransfer();
    transfer.items.add(file);
    control.files = transfer.files;
    control.dispatchEvent(new Event('change', { bubbles: true }));
  }

  it('shows the file and the thumbnail held, uploads a new file at once and saves its id', async () => {
    const f = freshFault();
    const original = member(42, { receipt: 5, photo: 6 });
    await f.script({
      'GET /explainer': explainerReply(FIELDS),
      'GET /member_states': { body: { data: [], meta: { total: 0 } } },
      'GET /tags': { body: { data: [], meta: { total: 0 } } },
      'GET /members/42': { body: { data: original } },
      'GET /files/5/url': { body: { url: '/signed/5', expiresAt: '2030-01-01T00:00:00Z' } },
      'GET /files/6/url': { body: { url: '/signed/6', expiresAt: '2030-01-01T00:00:00Z' } },
      'POST /files': [
        { status: 415, body: { statusCode: 415, error: 'Unsupported Media Type', code: 'unsupported_media_type', message: 'Este tipo de ficheiro não é aceite.' } },
        { status: 201, body: { data: { _id: 9, originalName: 'recibo.pdf', contentType: 'application/pdf', size: 10 } } },
      ],
      'PUT /members/42': { body: { data: { ...original, receipt: 9 } } },
    });
    const element = place('associa-resource-form', { resource: 'members', api: f.api, 'record-id': '42' });
    const link = () => [...shadowOf(element).querySelectorAll<HTMLAnchorElement>('[data-field="receipt"] a')];
    await waitUntil(() => link()[0]?.getAttribute('href') === '/signed/5', 'the held file was never linked');
    expect(link()[0]!.textContent).to.equal('Ficheiro n.º 5');
    await waitUntil(() => shadowOf(element).querySelector('[data-field="photo"] img')?.getAttribute('src') === '/signed/6', 'no thumbnail');
    expect(input(element, 'photo').accept).to.equal('image/jpeg,image/png,image/webp');

    choose(input(element, 'receipt'), new File(['x'], 'recibo.exe', { type: 'application/octet-stream' }));
    await waitUntil(() => text(element).includes('Este tipo de ficheiro não é aceite.'), 'the refusal was not shown');
    choose(input(element, 'receipt'), new File(['%PDF-1.4'], 'recibo.pdf', { type: 'application/pdf' }));
    await waitUntil(() => text(element).includes('recibo.pdf'), 'the uploaded file was not named');
    expect(text(element)).to.not.include('Este tipo de ficheiro não é aceite.');
    const uploads = await f.requests('POST', '/files');
    expect(uploads.length).to.equal(2);
    (await waitForButton(element, 'Guardar')).click();
    await waitUntil(async () => (await f.requests('PUT', '/members/42')).length === 1, 'no PUT');
    const [put] = await f.requests('PUT', '/members/42');
    expect(put!.body).to.include({ receipt: 9, photo: 6 });
  });
});

describe('phones and countries in the browser', () => {
  afterEach(() => {
    removePlaced();
    disposeCores();
  });

  it('shows a stored E.164 phone as people in Portugal write it; other numbers as stored', () => {
    const phone = field({ name: 'phone', type: 'phone', label: 'Telefone' });
    expect(formatValue(phone, '+351912345678')).to.equal('912 345 678');
    expect(formatValue(phone, '+351213456789')).to.equal('21 345 6789');
    expect(formatValue(phone, '+351253123456')).to.equal('253 123 456');
    expect(formatValue(phone, '+442071234567')).to.equal('+442071234567');
    // Typed before phones were normalised and not a number: left alone.
    expect(formatValue(phone, 'ligar à noite')).to.equal('ligar à noite');
  });

  it('offers Portugal first in a country select, and again in its alphabetical place', async () => {
    const f = freshFault();
    const fields = [...MEMBER_FIELDS, field({ name: 'country', type: 'reference', ref: 'countries', label: 'País', group: 'Morada' })];
    await f.script({
      'GET /explainer': explainerReply(fields),
      'GET /member_states': { body: { data: [], meta: { total: 0 } } },
      'GET /tags': { body: { data: [], meta: { total: 0 } } },
      'GET /countries': { body: { data: [{ _id: 3, name: 'Espanha' }, { _id: 5, name: 'Portugal' }, { _id: 1, name: 'África do Sul' }, { _id: 2, name: 'Alemanha' }], meta: { total: 4 } } },
      'GET /members/42': { body: { data: member(42, { country: 5 }) } },
    });
    const element = place('associa-resource-form', { resource: 'members', api: f.api, 'record-id': '42' });
    const select = () => shadowOf(element).querySelector<HTMLSelectElement>('[name="country"]');
    await waitUntil(() => (select()?.options.length ?? 0) > 4, 'the countries never loaded');
    expect([...select()!.options].map((o) => o.textContent)).to.deep.equal(['—', 'Portugal', 'África do Sul', 'Alemanha', 'Espanha', 'Portugal']);
    expect(select()!.value).to.equal('5');
  });
});
