import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyConfirmed, json, startApplications, type Setup } from './support.js';

/** The step of an accept made to fail, by name; null: none. */
const failing = vi.hoisted(() => ({ step: null as string | null }));
const failIf = (step: string) => {
  if (failing.step === step) throw new Error(`injected failure: ${step}`);
};

vi.mock('../../../src/server/modules/dues/ledger.js', async (original) => {
  const actual = await original<typeof import('../../../src/server/modules/dues/ledger.js')>();
  return { ...actual, raiseDebt: (...args: Parameters<typeof actual.raiseDebt>) => (failIf('debts'), actual.raiseDebt(...args)) };
});
vi.mock('../../../src/server/modules/member-files/move.js', async (original) => {
  const actual = await original<typeof import('../../../src/server/modules/member-files/move.js')>();
  return { ...actual, moveApplicationFilesToMember: (...args: Parameters<typeof actual.moveApplicationFilesToMember>) => (failIf('files'), actual.moveApplicationFilesToMember(...args)) };
});
vi.mock('../../../src/server/modules/cards/issue.js', async (original) => {
  const actual = await original<typeof import('../../../src/server/modules/cards/issue.js')>();
  return { ...actual, issueCard: (...args: Parameters<typeof actual.issueCard>) => (failIf('card'), actual.issueCard(...args)) };
});
vi.mock('../../../src/server/modules/payment-links/tokens.js', async (original) => {
  const actual = await original<typeof import('../../../src/server/modules/payment-links/tokens.js')>();
  return { ...actual, issuePaymentLink: (...args: Parameters<typeof actual.issuePaymentLink>) => (failIf('payment link'), actual.issuePaymentLink(...args)) };
});
vi.mock('../../../src/server/messages/outbox.js', async (original) => {
  const actual = await original<typeof import('../../../src/server/messages/outbox.js')>();
  return { ...actual, enqueueMessage: (...args: Parameters<typeof actual.enqueueMessage>) => (failIf('message'), actual.enqueueMessage(...args)) };
});

let setup: Setup;
const db = () => setup.server.database.db;
const TABLES = ['members', 'unsettled_payments', 'membership_cards', 'messages', 'payment_links', 'audit_log'] as const;

async function snapshot() {
  const counts = {} as Record<(typeof TABLES)[number], number>;
  for (const table of TABLES) counts[table] = Number((await db().selectFrom(table).select(db().fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return counts;
}

beforeAll(async () => {
  setup = await startApplications();
});
afterAll(async () => {
  failing.step = null;
  await setup?.server.close();
});

describe('accepting an application is one transaction', () => {
  const nifs = ['210000007', '210000015', '210000023', '210000031', '210000040'];
  it.each(['debts', 'files', 'card', 'payment link', 'message'].map((step, i) => [step, nifs[i]!]))('a failure at the %s step leaves no member, debt, card, link or message, and the application open', async (step, nif) => {
    const email = `atomico.${nif}@exemplo.pt`;
    const created = await applyConfirmed(setup, { email, nif });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id;
    const before = await snapshot();
    const application = await db().selectFrom('member_applications').selectAll().where('_id', '=', id).executeTakeFirstOrThrow();

    failing.step = step;
    try {
      const failed = await json(setup.server, 'POST', `/api/member_applications/${id}/accept`, {}, setup.staff);
      expect(failed.status).toBe(500);
    } finally {
      failing.step = null;
    }
    expect(await snapshot()).toEqual(before);
    expect(await db().selectFrom('member_applications').selectAll().where('_id', '=', id).executeTakeFirstOrThrow()).toEqual(application);

    // Nothing was left half done: the same accept now goes through whole.
    const accepted = await json(setup.server, 'POST', `/api/member_applications/${id}/accept`, {}, setup.staff);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const after = await snapshot();
    expect(after.members).toBe(before.members + 1);
    expect(after.unsettled_payments).toBe(before.unsettled_payments + 2);
    expect(after.membership_cards).toBe(before.membership_cards + 1);
    expect(after.messages).toBe(before.messages + 1);
  });
});
