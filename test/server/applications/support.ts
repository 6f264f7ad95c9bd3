import { expect } from 'vitest';
import { deliverableBody } from '../../../src/server/messages/message-secrets.js';
import { lisbonYear } from '../../../src/core/days.js';
import { ensureReferenceData } from '../../../src/server/resources/reference-data.js';
import { startTestServer, type TestServer } from '../support/server.js';

export interface Setup {
  server: TestServer;
  staff: string;
  /** Signs staff in again (after the clock moved past the session's life). */
  relogin(): Promise<void>;
  category: number;
  year: number;
}

export async function json(server: TestServer, method: string, url: string, payload?: unknown, token?: string, ip = '203.0.113.9', headers: Record<string, string> = {}) {
  const response = await server.request({ method, url, token, remoteAddress: ip, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: response.statusCode, headers: response.headers, body: response.body ? response.json() : undefined };
}

/** A server taking applications, an editor, and a fee category with this year's schedule (joining fee and an annual quota). */
export async function startApplications(): Promise<Setup> {
  const server = await startTestServer();
  const db = server.database.db;
  await ensureReferenceData(db, server.ctx.now(), 'association');
  await db.updateTable('settings').set({ value: 'Associação Cultural de Teste' }).where('name', '=', 'name').execute();
  await db.updateTable('settings').set({ value: 'true' }).where('name', '=', 'hasMemberApplication').execute();
  const editor = await server.createUser('editor');
  const staff = (await server.login(editor)).access;
  const year = lisbonYear(server.ctx.now());
  const category = Number((await json(server, 'POST', '/api/fee_categories', { name: 'Efetivo' }, staff)).body.data._id);
  const schedule = await json(server, 'POST', '/api/fee_schedules', { year, category, amount: 2400, periodicity: 'annual', due_day: 31, joining_fee: 1000 }, staff);
  expect(schedule.status, JSON.stringify(schedule.body)).toBe(201);
  const setup: Setup = {
    server, staff, category, year,
    async relogin() {
      setup.staff = (await server.login(editor)).access;
    },
  };
  return setup;
}

let counter = 0;
/** Each applicant their own address, so the per-address limit of one test never answers another. */
export const nextAddress = () => `198.51.100.${(counter += 1) % 250}`;

export const validApplicant = (category: number, extra: Record<string, unknown> = {}) => ({
  name: 'Maria Joana Ferreira',
  email: 'maria.ferreira@exemplo.pt',
  phone: '912345678',
  nif: '123456789',
  birth_date: '1990-05-17',
  address: 'Rua das Flores, 12',
  postal_code: '1000-001',
  locality: 'Lisboa',
  feeCategory: category,
  website: '',
  ...extra,
});

/**
 * Fills the public form as a person does: asks for it, takes a few seconds (the server's clock),
 * and sends it with the form's token and consent version. Answers the create's response.
 */
export async function apply(setup: Setup, extra: Record<string, unknown> = {}, ip = nextAddress()) {
  const form = await json(setup.server, 'GET', '/api/member_applications/form', undefined, undefined, ip);
  expect(form.status, JSON.stringify(form.body)).toBe(200);
  setup.server.advance(5_000);
  return json(setup.server, 'POST', '/api/member_applications', { ...validApplicant(setup.category), formToken: form.body.data.formToken, consentVersion: form.body.data.consentVersion, ...extra }, undefined, ip);
}

/** The confirmation link's code from the last message queued for `email`, as the sender delivers it (staff see it hidden). */
export async function confirmationCode(server: TestServer, email: string): Promise<string> {
  const db = server.database.db;
  const message = await db.selectFrom('messages').select(['_id', 'body']).where('recipient', '=', email).orderBy('_id', 'desc').executeTakeFirstOrThrow();
  expect(message.body).not.toMatch(/confirmacao\/[A-Za-z0-9_-]{43}/);
  const body = (await deliverableBody(db, Number(message._id))) ?? '';
  const match = /\/inscricao\/confirmacao\/([A-Za-z0-9_-]{43})/.exec(body);
  expect(match, body).not.toBeNull();
  return match![1]!;
}

/** Applies and confirms the e-mail through the link received: ready for review, as the settings want by default before an accept. */
export async function applyConfirmed(setup: Setup, extra: Record<string, unknown> = {}) {
  const created = await apply(setup, extra);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const code = await confirmationCode(setup.server, String(extra.email ?? validApplicant(setup.category).email));
  const confirmed = await json(setup.server, 'POST', '/api/member_applications/verifyEmail', { verificationCode: code }, undefined, nextAddress());
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return created;
}
