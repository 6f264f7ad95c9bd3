// "Entregar forma de pagamento" on a member's statement and record, against the fault server:
// a new link to copy with a ready SMS or WhatsApp text, or an e-mail whose link only the member sees.
import { expect, waitUntil } from '@open-wc/testing';
import { createRoot, type Root } from 'react-dom/client';
import type { Core } from '../../src/core/index.js';
import { HostProvider } from '../../src/host/context.js';
import { HandOverPayment } from '../../src/host/pages/collecting/hand-over.js';
import { createHostState } from '../../src/host/state.js';
import { manualClock } from '../support/manual-clock.js';
import { cleanup, testCore } from './support/core.js';
import { tokenPair, type Fault } from './support/fault.js';
import { expectAccessible } from './support/axe.js';

let container: HTMLElement;
let root: Root;

async function mount(rules: Record<string, unknown>): Promise<{ core: Core; f: Fault }> {
  const { core, f } = testCore({ clock: manualClock(Date.UTC(2031, 5, 1, 12)) });
  await f.script({ 'GET /explainer': { body: { data: {} } }, ...(rules as Record<string, never>) });
  core.tokens.set(tokenPair(1, 'Rui Editor', 'editor'));
  container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  root.render(
    <HostProvider value={createHostState(core)}>
      <HandOverPayment memberId="21" />
    </HostProvider>,
  );
  await waitUntil(() => button('Copiar ligação de pagamento'), 'the hand-over never rendered');
  return { core, f };
}

const text = () => (container.textContent ?? '').replace(/\s+/g, ' ');
const button = (name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);

afterEach(() => {
  root?.unmount();
  container?.remove();
  cleanup();
});

const LINK = 'https://socios.exemplo.pt/informacaoDePagamento/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const SMS = `Olá Marta, pode ver e pagar as suas quotas de Associação Exemplo em ${LINK} (ligação válida até 01/07/2031).`;

describe('hand over a way to pay', () => {
  it('copies a new link and shows its validity and a ready text for an SMS or WhatsApp', async () => {
    const { f } = await mount({ 'POST /payment_links/hand_over': { body: { data: { way: 'copy', url: LINK, expires_at: '2031-07-01T12:00:00.000Z', text: SMS } } } });
    button('Copiar ligação de pagamento')!.click();
    await waitUntil(() => container.querySelector('[data-hand-over-link]'), 'no link shown');
    expect(text()).to.match(/(Nova ligação|Ligação copiada), válida até 01\/07\/2031/);
    expect(container.querySelector<HTMLInputElement>('[data-hand-over-link] input')!.value).to.equal(LINK);
    expect(container.querySelector<HTMLTextAreaElement>('[data-hand-over-text]')!.value).to.equal(SMS);
    expect((await f.requests('POST', '/payment_links/hand_over'))[0]!.body).to.deep.equal({ member: 21, way: 'copy' });
    await expectAccessible(container);
  });

  it('e-mails it to the member without ever showing the link, and says why when it cannot', async () => {
    const { f } = await mount({
      'POST /payment_links/hand_over': [
        { status: 422, body: { message: 'Dados inválidos.', code: 'validation_failed', errors: { way: 'Este sócio não tem e-mail: copie a ligação e envie-a por SMS ou WhatsApp.' } } },
        { body: { data: { way: 'email', recipient: 'marta@exemplo.pt', message: 12 } } },
      ],
    });
    button('Enviar por e-mail')!.click();
    await waitUntil(() => text().includes('Este sócio não tem e-mail'), 'no refusal shown', { timeout: 4000 });
    button('Enviar por e-mail')!.click();
    await waitUntil(() => text().includes('para marta@exemplo.pt'), 'no confirmation', { timeout: 4000 });
    expect(text()).to.contain('Só o sócio vê a ligação.');
    expect(container.querySelector('[data-hand-over-link]')).to.equal(null);
    expect((await f.requests('POST', '/payment_links/hand_over')).map((r) => r.body)).to.deep.equal([
      { member: 21, way: 'email' },
      { member: 21, way: 'email' },
    ]);
  });
});
