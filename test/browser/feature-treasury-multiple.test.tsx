import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/treasury-multiple/element.js';
import { button, cleanupFeatures, control, featureFixture, text, type, waitForText } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const COUNT = 'POST /treasury_docs/missing_receipts';
const ISSUE = 'POST /treasury_docs/issue_missing';
const jobEvent = (id: number, state: string, done: number, total: number | null) => ({ topic: 'jobs', payload: { id, name: 'treasury.receipts.missing', state, progress: done, total } });

describe('<associa-treasury-multiple>', () => {
  afterEach(cleanupFeatures);

  it('counts the payments without a receipt, issues theirs in a job with its progress, then counts again', async () => {
    const { f, core, place, logIn } = featureFixture();
    logIn(2, 'Rui Editor', 'editor');
    await f.script({
      [COUNT]: [{ body: { data: { count: 3, amount: 7200 } } }, { body: { data: { count: 0, amount: 0 } } }],
      [ISSUE]: { body: { data: { job: { _id: 41, state: 'queued', name: 'treasury.receipts.missing' }, count: 3 } } },
    });
    core.realtime.start();
    await waitUntil(() => core.realtime.connected.value, 'the realtime socket never connected');
    const element = place('associa-treasury-multiple', { from: '2026-01-01' });
    await waitForText(element, '3 pagamentos sem recibo, no valor total de 72,00\u00a0€.');
    await expectAccessible(element);
    expect((await control(element, 'Pagamentos desde')).value).to.equal('2026-01-01');

    (await button(element, 'Emitir 3 recibos')).click();
    await waitForText(element, 'A emissão vai começar dentro de momentos…');
    expect((await f.requests('POST', '/treasury_docs/issue_missing'))[0]!.body).to.deep.equal({ from: '2026-01-01' });
    await f.wsSend(jobEvent(41, 'running', 2, 3));
    await waitForText(element, '2 de 3 pagamentos tratados.');
    const bar = element.shadowRoot!.querySelector('progress')!;
    expect([bar.value, bar.max]).to.deep.equal([2, 3]);
    await expectAccessible(element);
    await f.wsSend(jobEvent(41, 'done', 3, 3));
    await waitForText(element, 'Recibos emitidos.');
    await waitForText(element, 'Não há pagamentos sem recibo nestas datas.');
    expect(text(element)).not.to.contain('Emitir');
    expect((await f.requests('POST', '/treasury_docs/missing_receipts')).length).to.equal(2);
  });

  it('counts again for the dates chosen, and shows the server’s refusal in its words', async () => {
    const { f, place, logIn } = featureFixture();
    logIn(2, 'Rui Editor', 'editor');
    await f.script({
      [COUNT]: [
        { body: { data: { count: 1, amount: 2400 } } },
        { status: 422, body: { code: 'invalid_record', message: 'A data final não pode ser anterior à inicial.', errors: { to: 'A data final não pode ser anterior à inicial.' } } },
      ],
    });
    const element = place('associa-treasury-multiple', { from: '2026-03-01' });
    await waitForText(element, '1 pagamento sem recibo, no valor de 24,00\u00a0€.');
    type(await control(element, 'Pagamentos até'), '2026-02-01');
    await waitForText(element, 'A data final não pode ser anterior à inicial.');
    expect(text(element)).not.to.contain('Emitir');
    const asked = await f.requests('POST', '/treasury_docs/missing_receipts');
    expect(asked.map((r) => r.body)).to.deep.equal([{ from: '2026-03-01' }, { from: '2026-03-01', to: '2026-02-01' }]);
  });
});
